import { describe, expect, it } from 'vitest';
import { unIndividual, unListXml } from '../../test/sanctions-un-fixture.ts';
import { parseUnXml } from './screening-un-xml.ts';

const fieldError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const e = error as { status?: number; errors?: Record<string, string[]> };
    return { status: e.status, errors: e.errors };
  }
  return undefined;
};

describe('the UN consolidated list reader', () => {
  it('maps individuals and entities into the CSV readers’ entries', () => {
    const list = parseUnXml(unListXml());
    expect(list).toMatchObject({ aliasCount: 3, addressCount: 2 });
    expect(list.entries).toEqual([
      {
        entNum: 7001,
        name: 'QUILLON VARDAMERE',
        type: 'individual',
        programs: 'FICTIONIA',
        remarks: 'UN reference FCi.01. Invented for tests & nothing else.',
        aliases: ['Ostrander Pelleworth', 'Quill'],
        countries: ['Freedonia', 'Ruritania'],
        birthDates: ['1958-04-09', '1960', '1961', '1962'],
      },
      {
        entNum: 7002,
        name: 'MARISOL TREVANION',
        type: 'individual',
        programs: 'FICTIONIA',
        remarks: 'UN reference FCi.02',
        aliases: [],
        countries: [],
        birthDates: ['circa 1975'],
      },
      {
        entNum: 7101,
        name: 'GRANITE LANTERN SHIPPING',
        type: 'entity',
        programs: 'FICTIONIA',
        remarks: 'UN reference FCe.001',
        aliases: ['Lantern of Granite Freight'],
        countries: ['Ruritania'],
        birthDates: [],
      },
    ]);
  });

  it.each([
    ['a DOCTYPE', `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${unListXml().split('?>')[1]}`, /DOCTYPE/],
    ['another XML', '<?xml version="1.0"?><rss><channel/></rss>', /root element is <rss>/],
    ['malformed XML', unListXml().replace('</ENTITIES>', ''), /not well-formed XML \(line \d+\)/],
    ['an undefined entity', unListXml().replace('VARDAMERE', 'VARD&xxe;'), /not well-formed/],
    ['no records', '<CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>', /no INDIVIDUAL or ENTITY/],
    ['a record without DATAID', unListXml([unIndividual(0, 'A', 'B').replace('<DATAID>0</DATAID>', '')]), /DATAID/],
    ['a DATAID past an integer', unListXml([unIndividual(12345678901, 'A', 'B')]), /DATAID/],
    ['a repeated DATAID', unListXml([unIndividual(7001, 'A', 'B')]), /repeats DATAID 7001/],
    ['a record without a name', unListXml([unIndividual(7003, '', '')]), /no name/],
  ])('refuses %s with a 400 on the file', (_what, xml, why) => {
    const refused = fieldError(() => parseUnXml(xml));
    expect(refused?.status).toBe(400);
    expect(refused?.errors?.entries?.[0]).toMatch(why);
  });
});

import { describe, expect, it } from 'vitest';
import { makeSigningCertificate } from '../../lib/signing-certificate.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { verifySignedPdf } from './application-pdf-verify.ts';
import { buildApplicationPdf, signPdf, type PdfInput } from './application-pdf.ts';
import type { SignedContent } from './signing-content.ts';

const NOW = new Date('2026-11-28T12:00:00Z');

/** An application whose names are in many scripts, some beyond any one font. */
function input(names: { dba: string; owners: [string, string][] }): PdfInput {
  const answers = {
    business: { dbaName: names.dba, legalName: `${names.dba} GmbH`, city: 'İstanbul' },
    onFile: {},
    owners: names.owners.map(([firstName, lastName]) => ({
      firstName,
      lastName,
      title: 'Owner',
      ownershipPercent: 50,
      email: 'owner@example.com',
      phone: null,
      ssnOnFile: '•••••6789',
      dateOfBirthOnFile: null,
    })),
  } as unknown as SignedContent['answers'];
  return {
    portalName: 'Boardwalk',
    merchantName: names.dba,
    requestId: '0196a000-0000-7000-8000-0000000000a1',
    content: { answers, sealed: [] },
    contentHash: 'a'.repeat(64),
    consent: { at: NOW, ip: '203.0.113.9', userAgent: 'test', text: 'I agree to electronic records.' },
    signers: names.owners.map(([first, last]) => ({
      name: `${first} ${last}`,
      email: 'owner@example.com',
      typedName: `${first} ${last}`,
      drawing: null,
      signedAt: NOW,
      ip: '203.0.113.9',
      userAgent: 'test',
    })),
    now: NOW,
  };
}

describe('the signed application PDF', { timeout: 60_000 }, () => {
  it('prints names in Latin, Greek and Cyrillic as typed, and what the font lacks as U+FFFD', async () => {
    const pdf = await buildApplicationPdf(
      input({
        dba: 'Łódź Café 東京 🍩',
        owners: [
          ['Zoë', 'Ågren'],
          ['José', 'Müller'],
          ['Ελένη', 'Παπαδοπούλου'],
          ['Дмитрий', 'Иванов'],
        ],
      }),
    );
    const text = await pdfText(pdf);
    for (const name of ['Łódź Café', 'İstanbul', 'Zoë Ågren', 'José Müller', 'Ελένη Παπαδοπούλου', 'Дмитрий Иванов']) {
      expect(text).toContain(name);
    }
    expect(text).toContain('Owner 3: Ελένη Παπαδοπούλου');
    // CJK and the emoji are not in the font: one replacement character each, never `?` or nothing.
    expect(text).toContain('Łódź Café \uFFFD\uFFFD \uFFFD');
    expect(text).not.toMatch(/Ł\?|\?ód/);

    const signed = await signPdf(pdf, makeSigningCertificate('Boardwalk test'), NOW);
    expect(verifySignedPdf(signed)).toMatchObject({ ok: true, problems: [] });
  });

  it('stays small: the fonts are subsets of the glyphs used', async () => {
    const pdf = await buildApplicationPdf(input({ dba: 'Harbor Coffee', owners: [['Ada', 'King']] }));
    expect(pdf.length).toBeLessThan(70_000);
  });
});

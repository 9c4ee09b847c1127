import { strToU8, zipSync } from 'fflate';

/** Base64 of a file's bytes or text, as the import page sends it. */
export const base64 = (data: string | Uint8Array) => Buffer.from(data).toString('base64');

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const columnName = (i: number) =>
  (i < 26 ? '' : String.fromCharCode(64 + Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));

/**
 * A minimal XLSX workbook as Excel lays it out: shared strings for text, a formula cell where a
 * cell starts with `=` (with a cached value the import must not take).
 */
export function xlsxOf(rows: string[][], parts: Record<string, Uint8Array> = {}): Uint8Array {
  const strings: string[] = [];
  const sheetRows = rows
    .map((cells, r) => {
      const xml = cells
        .map((cell, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (cell.startsWith('=')) return `<c r="${ref}"><f>${escapeXml(cell.slice(1))}</f><v>42</v></c>`;
          if (/^\d+(\.\d+)?$/.test(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
          strings.push(cell);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipSync(
    {
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'xl/workbook.xml': strToU8(
        `<?xml version="1.0"?><workbook ${ns} ${rel}><sheets><sheet name="Merchants" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/sharedStrings.xml': strToU8(
        `<?xml version="1.0"?><sst ${ns}>${strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('')}</sst>`,
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`,
      ),
      ...parts,
    },
    { level: 1 },
  );
}

/** The archive with every entry's uncompressed size declared as 1,000 bytes (a lying zip bomb). */
export function understateSizes(zip: Uint8Array): Uint8Array {
  const out = Uint8Array.from(zip);
  const view = new DataView(out.buffer);
  for (let at = 0; at + 4 <= out.length; at += 1) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, 1000, true);
    else if (signature === 0x02014b50) view.setUint32(at + 24, 1000, true);
  }
  return out;
}

/** A CSV file's text from rows (cells quoted where they must be). */
export function csvOf(rows: string[][]): string {
  return rows
    .map((cells) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(','))
    .join('\r\n');
}

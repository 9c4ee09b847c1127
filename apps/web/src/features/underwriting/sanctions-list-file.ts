import type { SanctionsSource } from '@boardwalk/shared/schemas/sanctions';

/** The files of an import: the Treasury's lists take three CSV files, the UN list one XML file. */
export type SanctionsFileField = 'entries' | 'addresses' | 'alternateNames';

export const FILE_FIELDS: Record<SanctionsSource, { field: SanctionsFileField; label: string }[]> = {
  ofac_sdn: [
    { field: 'entries', label: 'Entries file (SDN.CSV)' },
    { field: 'addresses', label: 'Addresses file (ADD.CSV)' },
    { field: 'alternateNames', label: 'Alternate names file (ALT.CSV)' },
  ],
  ofac_consolidated: [
    { field: 'entries', label: 'Entries file (CONS_PRIM.CSV)' },
    { field: 'addresses', label: 'Addresses file (CONS_ADD.CSV)' },
    { field: 'alternateNames', label: 'Alternate names file (CONS_ALT.CSV)' },
  ],
  un_consolidated: [{ field: 'entries', label: 'List file (consolidated.xml)' }],
};

/** An entries file that is XML is the UN list's: the Treasury publishes CSV only. */
export function looksLikeUnXml(fileName: string, text: string): boolean {
  return /\.xml$/i.test(fileName) || /^\uFEFF?\s*</.test(text);
}

import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  createMerchantSchema,
  MERCHANT_IMPORT_DATE_FIELDS,
  MERCHANT_IMPORT_FIELDS,
  MERCHANT_IMPORT_NUMBER_FIELDS,
  RISK_LEVELS,
  type CreateMerchantInput,
  type MerchantImportField,
  type MerchantImportMapping,
} from '@boardwalk/shared';

/** A header as compared with the guesses and the remembered mapping. */
export const headerKey = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();

/**
 * The mapping offered after an upload: a header the user mapped before keeps that field, then a
 * header that is one of a field's usual names gets it; each field from one column only.
 */
export function guessMapping(header: string[], remembered: Record<string, string>): MerchantImportMapping {
  const mapping: MerchantImportMapping = {};
  const used = new Set<string>();
  const fields = Object.entries(MERCHANT_IMPORT_FIELDS) as [MerchantImportField, { guesses: readonly string[] }][];
  const pick = (find: (key: string) => MerchantImportField | undefined) => {
    header.forEach((name, column) => {
      if (mapping[String(column)] !== undefined) return;
      const field = find(headerKey(name));
      if (field && !used.has(field)) {
        mapping[String(column)] = field;
        used.add(field);
      }
    });
  };
  pick((key) =>
    remembered[key] !== undefined && remembered[key] in MERCHANT_IMPORT_FIELDS
      ? (remembered[key] as MerchantImportField)
      : undefined,
  );
  pick((key) => fields.find(([, f]) => f.guesses.some((g) => headerKey(g) === key))?.[0]);
  return mapping;
}

/** What the confirmed mapping teaches for next time: header key → field. */
export function mappingToRemember(header: string[], mapping: MerchantImportMapping): Record<string, string> {
  const remembered: Record<string, string> = {};
  for (const [column, field] of Object.entries(mapping)) {
    const name = header[Number(column)];
    if (name !== undefined && headerKey(name) !== '') remembered[headerKey(name)] = field;
  }
  return remembered;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A cell as written by a formula-safe export (ours among them): `'+1 415…` is `+1 415…` behind the
 * quote that kept a spreadsheet from running it. The value stays text either way.
 */
const unquoted = (raw: string) => raw.replace(/^'(?=[=+\-@])/, '');

/** A spreadsheet's text as the field's type: numbers without currency signs, Excel date serials. */
function coerce(field: MerchantImportField, cell: string): unknown {
  const raw = unquoted(cell);
  const value = raw.trim();
  if (MERCHANT_IMPORT_NUMBER_FIELDS.includes(field)) {
    const cleaned = value.replace(/[$,\s%]/g, '');
    return cleaned !== '' && Number.isFinite(Number(cleaned)) ? Number(cleaned) : value;
  }
  if (MERCHANT_IMPORT_DATE_FIELDS.includes(field) && /^\d{1,5}(\.\d+)?$/.test(value)) {
    return new Date(EXCEL_EPOCH + Math.floor(Number(value)) * 86_400_000).toISOString().slice(0, 10);
  }
  if (field === 'businessType') {
    const key = value.toLowerCase();
    return (
      BUSINESS_TYPES.find((t) => t === key.replace(/[\s-]+/g, '_') || BUSINESS_TYPE_LABELS[t].toLowerCase() === key) ??
      value
    );
  }
  if (field === 'riskLevel') return RISK_LEVELS.find((r) => r === value.toLowerCase()) ?? value;
  return raw;
}

/** `dbaName`: the row's DBA name as the file has it, so a refused row can be found there too. */
export type ImportRow =
  | { line: number; externalId: string; dbaName: string; input: CreateMerchantInput; errors?: undefined }
  | { line: number; externalId: string; dbaName: string; input?: undefined; errors: Record<string, string[]> };

/**
 * One row as a create input, checked with createMerchantSchema (the same as POST /api/merchants).
 * An empty cell sends nothing for its field: on an update it leaves the stored value as it is.
 */
export function toImportRow(cells: string[], index: number, mapping: MerchantImportMapping): ImportRow {
  const line = index + 2;
  const values: Record<string, unknown> = {};
  let externalId = '';
  for (const [column, field] of Object.entries(mapping)) {
    const raw = cells[Number(column)] ?? '';
    if (field === 'externalId') externalId = unquoted(raw).trim();
    else if (raw.trim() !== '' || field === 'dbaName') values[field] = coerce(field, raw);
  }
  const dbaColumn = Object.entries(mapping).find(([, field]) => field === 'dbaName')?.[0];
  const dbaName = unquoted(cells[Number(dbaColumn)] ?? '')
    .trim()
    .slice(0, 200);
  if (externalId.length > 200)
    return { line, externalId: '', dbaName, errors: { externalId: ['Use at most 200 characters'] } };
  const parsed = createMerchantSchema.safeParse(values);
  if (parsed.success) return { line, externalId, dbaName, input: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'row');
    (errors[key] ??= []).push(issue.message);
  }
  return { line, externalId, dbaName, errors };
}

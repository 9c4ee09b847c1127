import { z } from 'zod';
import { text } from './fields.ts';
import { duplicateSchema } from './merchant.ts';

/**
 * Importing merchants from a spreadsheet (docs/decisions/105): upload a CSV or XLSX file, map its
 * columns to merchant fields, a dry run, then the import as a job. Each row is validated with
 * createMerchantSchema, the same schema as POST /api/merchants.
 */

/** The largest file accepted (before base64). */
export const MERCHANT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const MERCHANT_IMPORT_MAX_ROWS = 200_000;
export const MERCHANT_IMPORT_MAX_COLUMNS = 200;
/** Longer than any merchant field allows: a longer cell is a hostile or broken file. */
export const MERCHANT_IMPORT_MAX_CELL = 10_000;

/** The merchant fields a column can be mapped to, with the header words that guess them. */
export const MERCHANT_IMPORT_FIELDS = {
  externalId: { label: 'External id', guesses: ['external id', 'id', 'external', 'crm id', 'merchant id', 'ref'] },
  dbaName: {
    label: 'DBA name',
    guesses: ['dba', 'dba name', 'doing business as', 'name', 'merchant', 'merchant name'],
  },
  legalName: { label: 'Legal name', guesses: ['legal name', 'legal', 'company', 'company name'] },
  businessType: { label: 'Business type', guesses: ['business type', 'entity type', 'type'] },
  taxId: { label: 'Tax id', guesses: ['tax id', 'ein', 'tin', 'federal tax id'] },
  website: { label: 'Website', guesses: ['website', 'url', 'web', 'site'] },
  foundedOn: { label: 'Founded on', guesses: ['founded on', 'founded', 'date founded', 'established'] },
  contactFirstName: { label: 'Contact first name', guesses: ['first name', 'contact first name', 'first'] },
  contactLastName: { label: 'Contact last name', guesses: ['last name', 'contact last name', 'surname', 'last'] },
  contactEmail: { label: 'Contact email', guesses: ['email', 'contact email', 'e-mail'] },
  contactPhone: { label: 'Contact phone', guesses: ['phone', 'contact phone', 'telephone', 'phone number'] },
  addressLine1: { label: 'Address line 1', guesses: ['address', 'address line 1', 'address 1', 'street'] },
  addressLine2: { label: 'Address line 2', guesses: ['address line 2', 'address 2', 'suite'] },
  city: { label: 'City', guesses: ['city', 'town'] },
  region: { label: 'Region', guesses: ['region', 'state', 'province'] },
  postalCode: { label: 'Postal code', guesses: ['postal code', 'zip', 'zip code', 'postcode'] },
  country: { label: 'Country', guesses: ['country', 'country code'] },
  monthlyVolume: { label: 'Monthly volume', guesses: ['monthly volume', 'volume'] },
  averageTicket: { label: 'Average ticket', guesses: ['average ticket', 'avg ticket'] },
  highTicket: { label: 'High ticket', guesses: ['high ticket', 'max ticket'] },
  cardPresentPercent: { label: 'Card present %', guesses: ['card present', 'card present percent', 'card present %'] },
  bankName: { label: 'Bank name', guesses: ['bank', 'bank name'] },
  routingNumber: { label: 'Routing number', guesses: ['routing', 'routing number', 'aba'] },
  accountNumber: { label: 'Account number', guesses: ['account', 'account number', 'bank account'] },
  riskLevel: { label: 'Risk level', guesses: ['risk', 'risk level'] },
  mid: { label: 'MID', guesses: ['mid', 'merchant id number'] },
  goLiveOn: { label: 'Go-live date', guesses: ['go live', 'go live on', 'go-live date', 'live date'] },
} as const;
export type MerchantImportField = keyof typeof MERCHANT_IMPORT_FIELDS;
export const MERCHANT_IMPORT_FIELD_KEYS = Object.keys(MERCHANT_IMPORT_FIELDS) as [
  MerchantImportField,
  ...MerchantImportField[],
];
/** Fields written as numbers and as dates (a spreadsheet's cells arrive as text). */
export const MERCHANT_IMPORT_NUMBER_FIELDS: readonly MerchantImportField[] = [
  'monthlyVolume',
  'averageTicket',
  'highTicket',
  'cardPresentPercent',
];
export const MERCHANT_IMPORT_DATE_FIELDS: readonly MerchantImportField[] = ['foundedOn', 'goLiveOn'];

/** Column position (as text, "0", "1", …) → field; an unmapped column is left out. */
export const merchantImportMappingSchema = z
  .record(text().regex(/^\d{1,3}$/, 'Use a column number'), z.enum(MERCHANT_IMPORT_FIELD_KEYS))
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, 'Map each field from one column only')
  .refine((m) => Object.values(m).includes('dbaName'), 'Map a column to the DBA name');
export type MerchantImportMapping = z.infer<typeof merchantImportMappingSchema>;

/** POST /api/merchant-imports: the file as the browser read it, base64. */
export const merchantImportUploadSchema = z.object({
  fileName: text('Give the file name').trim().min(1, 'Give the file name').max(255, 'Use at most 255 characters'),
  content: text('Give the file')
    .min(1, 'The file is empty')
    .max(Math.ceil(MERCHANT_IMPORT_MAX_BYTES / 3) * 4, 'The file is larger than 32 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Send the file base64-encoded'),
});
export type MerchantImportUpload = z.infer<typeof merchantImportUploadSchema>;

export const MERCHANT_IMPORT_STATES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;

export const merchantImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  header: z.array(z.string()),
  /** The first rows, to show beside the mapping. */
  sample: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  /** The remembered mapping where the headers match it, guessed from the header names otherwise. */
  mapping: z.record(z.string(), z.enum(MERCHANT_IMPORT_FIELD_KEYS)),
  state: z.enum(MERCHANT_IMPORT_STATES),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skippedCount: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type MerchantImport = z.infer<typeof merchantImportSchema>;

export const merchantImportDryRunInputSchema = z.object({ mapping: merchantImportMappingSchema });

export const MERCHANT_IMPORT_ROW_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
/** Rows a dry run answers in detail: the bad ones and those with possible duplicates first. */
export const MERCHANT_IMPORT_DRY_RUN_ROWS = 500;

export const merchantImportRowSchema = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  action: z.enum(MERCHANT_IMPORT_ROW_ACTIONS),
  dbaName: z.string(),
  externalId: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  duplicates: z.array(duplicateSchema),
});
export type MerchantImportRow = z.infer<typeof merchantImportRowSchema>;

export const merchantImportDryRunSchema = z.object({
  total: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  withDuplicates: z.number().int(),
  rows: z.array(merchantImportRowSchema),
});
export type MerchantImportDryRun = z.infer<typeof merchantImportDryRunSchema>;

export const merchantImportConfirmInputSchema = z.object({
  mapping: merchantImportMappingSchema,
  skipBadRows: z.boolean().default(false),
  /** Record the merchants' domain events as already handled: no automation runs for them. */
  quietAutomations: z.boolean().default(true),
});
export type MerchantImportConfirmInput = z.infer<typeof merchantImportConfirmInputSchema>;

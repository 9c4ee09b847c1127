import { z } from 'zod';
import { text } from './fields.ts';

/**
 * Sanctions lists an admin imports from the publishers' files (docs/decisions/099): the U.S.
 * Treasury's SDN list and its Consolidated (non-SDN) list, each three CSV files without a header,
 * and the UN Security Council's consolidated list, one XML file (docs/decisions/119).
 */
export const SANCTIONS_SOURCES = ['ofac_sdn', 'ofac_consolidated', 'un_consolidated'] as const;
export type SanctionsSource = (typeof SANCTIONS_SOURCES)[number];
export const SANCTIONS_SOURCE_LABELS: Record<SanctionsSource, string> = {
  ofac_sdn: 'OFAC SDN list',
  ofac_consolidated: 'OFAC Consolidated (non-SDN) list',
  un_consolidated: 'UN Security Council Consolidated List',
};

/** The largest list import, all three files together (the SDN list is a few MB). */
export const SANCTIONS_IMPORT_MAX_BYTES = 40 * 1024 * 1024;
const csvText = (label: string) =>
  text(`Give the ${label} file's text`).max(
    SANCTIONS_IMPORT_MAX_BYTES,
    `The ${label} file may be at most ${SANCTIONS_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  );

/**
 * POST /api/sanctions-lists: the files' text as read by the browser (SDN.CSV, ADD.CSV, ALT.CSV),
 * or for the UN list the text of consolidated.xml as `entries` and nothing else.
 */
export const sanctionsImportInputSchema = z.object({
  source: z.enum(SANCTIONS_SOURCES, { error: 'Choose the list' }),
  entries: csvText('entries').min(1, 'Give the entries file (SDN.CSV, CONS_PRIM.CSV or consolidated.xml)'),
  addresses: csvText('addresses').optional(),
  alternateNames: csvText('alternate names').optional(),
});
export type SanctionsImportInput = z.infer<typeof sanctionsImportInputSchema>;

export const sanctionsListVersionSchema = z.object({
  id: z.uuid(),
  source: z.enum(SANCTIONS_SOURCES),
  fileHash: z.string(),
  rowCount: z.number().int(),
  aliasCount: z.number().int(),
  addressCount: z.number().int(),
  active: z.boolean(),
  importedAt: z.string(),
  importedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The portfolio rescreen that followed the import. */
  run: z
    .object({
      state: z.enum(['queued', 'running', 'done', 'failed']),
      total: z.number(),
      done: z.number(),
      hits: z.number(),
    })
    .nullable(),
});
export type SanctionsListVersion = z.infer<typeof sanctionsListVersionSchema>;
export const sanctionsListVersionsSchema = z.object({ versions: z.array(sanctionsListVersionSchema) });

export const sanctionsEntrySchema = z.object({
  entNum: z.number().int(),
  name: z.string(),
  type: z.string(),
  programs: z.string(),
  remarks: z.string(),
  aliases: z.array(z.string()),
  countries: z.array(z.string()),
  birthDates: z.array(z.string()),
});
export type SanctionsEntry = z.infer<typeof sanctionsEntrySchema>;
/** A page of a version's entries, by ent_num. */
export const SANCTIONS_ENTRY_PAGE = 200;
export const sanctionsEntryPageQuerySchema = z.object({
  offset: z.coerce.number({ error: 'Give a number' }).int().min(0).max(10_000_000).default(0),
});
export const sanctionsEntryPageSchema = z.object({
  version: sanctionsListVersionSchema,
  entries: z.array(sanctionsEntrySchema),
  total: z.number().int(),
});

/** What a sanctions hit shows besides the score: the entry and the list version it came from. */
export const sanctionsHitEntrySchema = z.object({
  listId: z.uuid(),
  source: z.enum(SANCTIONS_SOURCES),
  importedAt: z.string(),
  entNum: z.number().int(),
  entryName: z.string(),
  matchedName: z.string(),
  programs: z.string(),
  /** Which of the merchant's names matched: the business, or an owner. */
  subject: z.string(),
});
export type SanctionsHitEntry = z.infer<typeof sanctionsHitEntrySchema>;

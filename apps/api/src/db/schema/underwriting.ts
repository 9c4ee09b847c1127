import { DECISION_OUTCOMES, REASON_CODE_KINDS } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { merchantOwners, merchants } from './merchants.ts';
import { pipelineEnum, stages } from './stages.ts';
import { users } from './users.ts';

export const reasonCodeKindEnum = pgEnum('reason_code_kind', REASON_CODE_KINDS);
export const decisionOutcomeEnum = pgEnum('decision_outcome', DECISION_OUTCOMES);

/** Admin-edited reasons a decision is taken for, grouped by kind (docs/decisions/098). */
export const reasonCodes = pgTable(
  'reason_codes',
  {
    id: id(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    kind: reasonCodeKindEnum('kind').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reason_codes_code_unique')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Per pipeline: the stage a decision moves a merchant to. A stage named here carries that decision. */
export const decisionStages = pgTable(
  'decision_stages',
  {
    id: id(),
    pipeline: pipelineEnum('pipeline').notNull(),
    decision: decisionOutcomeEnum('decision').notNull(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    ...timestamps(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('decision_stages_pipeline_decision_unique').on(t.pipeline, t.decision),
    index('decision_stages_stage_idx').on(t.stageId),
  ],
);

/** Every decision recorded on a merchant, with its reason: the merchant's columns hold the latest. */
export const merchantDecisions = pgTable(
  'merchant_decisions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    decision: decisionOutcomeEnum('decision').notNull(),
    reasonCodeId: uuid('reason_code_id')
      .notNull()
      .references(() => reasonCodes.id),
    note: text('note').notNull().default(''),
    fromStageId: uuid('from_stage_id').references(() => stages.id),
    toStageId: uuid('to_stage_id').references(() => stages.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    actorLabel: text('actor_label').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('merchant_decisions_merchant_idx').on(t.merchantId, t.decidedAt.desc()),
    // The scorecard's backtest walks the newest decisions first (docs/decisions/103).
    index('merchant_decisions_decided_idx').on(t.decidedAt.desc()),
  ],
);

/**
 * The terminated-merchant list: one row per identifier of a merchant terminated with a reason.
 * `value` is a keyed fingerprint for tax id, SSN and bank account (never the clear value), and a
 * normalised text for phone, address, domain and name.
 */
export const terminatedIdentifiers = pgTable(
  'terminated_identifiers',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    decisionId: uuid('decision_id').references(() => merchantDecisions.id),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terminated_identifiers_unique').on(t.merchantId, t.kind, t.value),
    index('terminated_identifiers_value_idx').on(t.kind, t.value),
    // Similar names (pg_trgm, loaded in PGlite and PostgreSQL alike).
    index('terminated_identifiers_name_trgm_idx')
      .using('gin', sql`${t.value} gin_trgm_ops`)
      .where(sql`${t.kind} = 'name'`),
  ],
);

/**
 * Hits against a list, whatever the list (`source`): our terminated list, an outside check a
 * person entered, later the sanctions lists. One resolve flow: open → cleared or confirmed.
 */
export const screeningHits = pgTable(
  'screening_hits',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    ownerId: uuid('owner_id').references(() => merchantOwners.id),
    source: text('source').notNull(),
    /** decline: an exact identifier; review: a likeness a person weighs. */
    strength: text('strength').notNull(),
    matchedKind: text('matched_kind').notNull(),
    matchedMerchantId: uuid('matched_merchant_id').references(() => merchants.id),
    score: real('score'),
    state: text('state').notNull().default('open'),
    reasonCodeId: uuid('reason_code_id').references(() => reasonCodes.id),
    note: text('note').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolution: text('resolution').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('screening_hits_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    // A terminated-list match is raised once per (merchant, terminated merchant, identifier kind):
    // a cleared one is not raised again by the next change of the merchant.
    uniqueIndex('screening_hits_list_match_unique')
      .on(t.merchantId, t.source, t.matchedMerchantId, t.matchedKind)
      .where(sql`${t.source} = 'terminated_list'`),
    // A sanctions hit is raised once per (merchant, name screened, list, entry): a cleared one is
    // not raised again by the next rescreen or the next version of the list (decision 099).
    uniqueIndex('screening_hits_sanctions_unique')
      .on(t.merchantId, sql`(${t.detail} ->> 'key')`)
      .where(sql`${t.source} = 'sanctions'`),
  ],
);

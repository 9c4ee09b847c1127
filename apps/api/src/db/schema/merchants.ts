import { BUSINESS_TYPES, UNDERWRITING_DECISIONS } from '@boardwalk/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { agentAccounts } from './agent-accounts.ts';
import { id, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { industries, riskLevelEnum } from './industries.ts';
import { leadSources } from './lead-sources.ts';
import { pipelineEnum, stages } from './stages.ts';
import { users } from './users.ts';

export const businessTypeEnum = pgEnum('business_type', BUSINESS_TYPES);
export const underwritingDecisionEnum = pgEnum('underwriting_decision', UNDERWRITING_DECISIONS);

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

type MerchantColumns = {
  pipeline: PgColumn;
  id: PgColumn;
  deletedAt: PgColumn;
  legalName: PgColumn;
  stageSort: PgColumn;
  agentSort: PgColumn;
  industrySort: PgColumn;
  assigneeSort: PgColumn;
  monthlyVolume: PgColumn;
  underwritingDecision: PgColumn;
  riskLevel: PgColumn;
};

/**
 * The list's other sorts (decision 091), like the four above: (pipeline, key, id) for a view and
 * (key, id) for all merchants, live ones only. A key that can be empty also gets the ids of its
 * empty rows, (pipeline, id) and (id): its empties come last in both orders, so a descending page
 * reads the filled keys backwards and then the empties, each in index order.
 */
function sortIndexes(t: MerchantColumns) {
  const live = sql`${t.deletedAt} is null`;
  const keys: [string, SQL | PgColumn, boolean][] = [
    ['legal', sql`lower(${t.legalName})`, false],
    ['stage_sort', t.stageSort, false],
    ['agent_sort', t.agentSort, true],
    ['industry_sort', t.industrySort, true],
    ['assignee_sort', t.assigneeSort, true],
    ['volume', t.monthlyVolume, true],
    ['decision', t.underwritingDecision, false],
    ['risk', t.riskLevel, true],
  ];
  return keys.flatMap(([name, key, nullable]) => [
    index(`merchants_pipeline_${name}_idx`).on(t.pipeline, key, t.id).where(live),
    index(`merchants_${name}_idx`).on(key, t.id).where(live),
    ...(nullable
      ? [
          index(`merchants_pipeline_${name}_empty_idx`)
            .on(t.pipeline, t.id)
            .where(sql`${live} and ${key} is null`),
          index(`merchants_${name}_empty_idx`)
            .on(t.id)
            .where(sql`${live} and ${key} is null`),
        ]
      : []),
  ]);
}

/**
 * The merchant record. Sensitive values (tax id, bank routing and account numbers)
 * are stored only as AES-256-GCM ciphertext (`*_enc`, lib/crypto.ts) beside their last 4 digits
 * (what every answer shows) and, where duplicates are looked for, a keyed HMAC fingerprint
 * (`*_fingerprint`) that lets equal values be found without decrypting anything.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    dbaName: text('dba_name').notNull(),
    legalName: text('legal_name').notNull().default(''),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    /** The stage's pipeline, kept with the stage change: lists filter and sort on it by index. */
    pipeline: pipelineEnum('pipeline').notNull(),
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    agentId: uuid('agent_id').references(() => agentAccounts.id),
    companyId: uuid('company_id').references(() => companies.id),
    industryId: uuid('industry_id').references(() => industries.id),
    leadSourceId: uuid('lead_source_id').references(() => leadSources.id),
    assignedUserId: uuid('assigned_user_id').references(() => users.id),
    /** The assignee was chosen by a person (docs/decisions/104): assignment rules leave it alone. */
    assignedManually: boolean('assigned_manually').notNull().default(false),

    contactFirstName: text('contact_first_name').notNull().default(''),
    contactLastName: text('contact_last_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),

    businessType: businessTypeEnum('business_type'),
    taxIdEnc: text('tax_id_enc'),
    taxIdLast4: text('tax_id_last4').notNull().default(''),
    taxIdFingerprint: text('tax_id_fingerprint'),
    website: text('website').notNull().default(''),
    foundedOn: date('founded_on', { mode: 'string' }),

    monthlyVolume: money('monthly_volume'),
    averageTicket: money('average_ticket'),
    highTicket: money('high_ticket'),
    /** Card-present share of volume in percent; e-commerce / card-not-present is the rest. */
    cardPresentPercent: integer('card_present_percent'),

    bankName: text('bank_name').notNull().default(''),
    routingNumberEnc: text('routing_number_enc'),
    routingNumberLast4: text('routing_number_last4').notNull().default(''),
    accountNumberEnc: text('account_number_enc'),
    accountNumberLast4: text('account_number_last4').notNull().default(''),
    /** Fingerprint of routing + account number together: one bank account. */
    bankAccountFingerprint: text('bank_account_fingerprint'),

    riskLevel: riskLevelEnum('risk_level'),
    underwritingDecision: underwritingDecisionEnum('underwriting_decision').notNull().default('pending'),
    underwritingReason: text('underwriting_reason').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),

    mid: text('mid').notNull().default(''),
    goLiveOn: date('go_live_on', { mode: 'string' }),

    // The list's sorts over the names of what a merchant points at (decision 091): lower(name) of
    // its stage, agent, industry and assignee (as lists show a user), kept by triggers whoever
    // writes (a merchant written, or a stage, agent, industry or user renamed), so each sort
    // reads its page from an index instead of sorting every merchant of the view.
    stageSort: text('stage_sort'),
    agentSort: text('agent_sort'),
    industrySort: text('industry_sort'),
    assigneeSort: text('assignee_sort'),

    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // List orders (decision 022): (pipeline, sort key, id) for each indexed sort, all ascending,
    // so one index serves both orders (scanned backwards for desc) with id as the tie-breaker.
    index('merchants_pipeline_created_idx')
      .on(t.pipeline, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_pipeline_updated_idx')
      .on(t.pipeline, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_pipeline_dba_idx')
      .on(t.pipeline, sql`lower(${t.dbaName})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_pipeline_stage_entered_idx')
      .on(t.pipeline, t.stageEnteredAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // All merchants by stage entry: its pipeline index above serves a view only (decision 091).
    index('merchants_stage_entered_idx')
      .on(t.stageEnteredAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_dba_idx')
      .on(sql`lower(${t.dbaName})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    ...sortIndexes(t),
    index('merchants_stage_idx').on(t.stageId, t.stageEnteredAt),
    index('merchants_assignee_idx').on(t.assignedUserId),
    index('merchants_agent_idx').on(t.agentId),
    index('merchants_company_idx').on(t.companyId),
    index('merchants_industry_idx').on(t.industryId),
    index('merchants_lead_source_idx').on(t.leadSourceId),
    index('merchants_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // The few deleted merchants' ids, read alone by every stay report's anti-join (decision 046).
    index('merchants_deleted_id_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    index('merchants_tax_id_fingerprint_idx').on(t.taxIdFingerprint),
    index('merchants_bank_account_fingerprint_idx').on(t.bankAccountFingerprint),
    index('merchants_dba_phone_idx').on(sql`lower(${t.dbaName})`, t.contactPhone),
    index('merchants_dba_trgm_idx').using('gin', sql`lower(${t.dbaName}) gin_trgm_ops`),
    index('merchants_legal_trgm_idx').using('gin', sql`lower(${t.legalName}) gin_trgm_ops`),
    index('merchants_contact_trgm_idx').using(
      'gin',
      sql`lower(${t.contactFirstName} || ' ' || ${t.contactLastName}) gin_trgm_ops`,
    ),
    index('merchants_email_trgm_idx').using('gin', sql`lower(${t.contactEmail}) gin_trgm_ops`),
    index('merchants_phone_trgm_idx').using('gin', sql`${t.contactPhone} gin_trgm_ops`),
    index('merchants_mid_idx').on(t.mid),
    // Search (decision 045): exact and starts-with matches, read a few at a time in byte order
    // ("C": a LIKE prefix becomes an index range in any database collation). Live merchants only.
    index('merchants_search_dba_idx')
      .on(sql`(lower(${t.dbaName}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_search_legal_idx')
      .on(sql`(lower(${t.legalName}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_search_contact_idx')
      .on(sql`(lower(${t.contactFirstName} || ' ' || ${t.contactLastName}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_search_email_idx')
      .on(sql`(lower(${t.contactEmail}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // lower() on the phone too: an index holding the bare column would let the planner walk it
    // whole, in order, for a "contains" query on the phone (370 ms for a fragment at 1,000,000).
    index('merchants_search_phone_idx')
      .on(sql`(lower(${t.contactPhone}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // A phone's digits last first (decision 083): "ends with 0142" is a range of this index, so
    // the last 4 or more digits, and a whole number typed in any format, find it at 1,000,000.
    index('merchants_search_phone_digits_idx')
      .on(sql`(reverse(regexp_replace(${t.contactPhone}, '[^0-9]', '', 'g')) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_mid_trgm_idx').using('gin', sql`lower(${t.mid}) gin_trgm_ops`),
    // Search by whole words (decision 095): the words of the searched names, as
    // merchant_search_words(…) of migration 0036 splits them. Without the pending list (fastupdate)
    // that every search would otherwise read through while stage changes grow it.
    index('merchants_search_words_idx')
      .using(
        'gin',
        sql`merchant_search_words(${t.dbaName}, ${t.legalName}, ${t.contactFirstName}, ${t.contactLastName}, ${t.contactEmail})`,
      )
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
    // Reports and /home (decision 030): each answers from one index alone (an index-only scan)
    // at 1,000,000 merchants: the columns a report counts, groups or filters by ride along.
    index('merchants_live_stage_entered_idx')
      .on(t.stageId, t.stageEnteredAt)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_report_created_idx')
      .on(t.createdAt, t.agentId, t.leadSourceId, t.industryId, t.companyId)
      .where(sql`${t.deletedAt} is null`),
    index('merchants_report_decided_idx')
      .on(t.decidedAt, t.underwritingDecision, t.underwritingReason)
      .where(sql`${t.deletedAt} is null and ${t.decidedAt} is not null`),
    index('merchants_report_approved_idx')
      .on(t.decidedAt, t.agentId, t.leadSourceId, t.industryId, t.companyId, t.monthlyVolume, t.createdAt)
      .where(sql`${t.deletedAt} is null and ${t.underwritingDecision} = 'approved'`),
    index('merchants_report_go_live_idx')
      .on(t.goLiveOn, t.agentId, t.leadSourceId, t.industryId, t.companyId)
      .where(sql`${t.deletedAt} is null and ${t.goLiveOn} is not null`),
  ],
);

/** Principals: the people who own the business (the merchant_owners table). */
export const merchantOwners = pgTable(
  'merchant_owners',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull().default(''),
    ownershipPercent: numeric('ownership_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    dateOfBirthEnc: text('date_of_birth_enc'),
    dateOfBirthLast4: text('date_of_birth_last4').notNull().default(''),
    ssnEnc: text('ssn_enc'),
    ssnLast4: text('ssn_last4').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('merchant_owners_merchant_idx').on(t.merchantId, t.position)],
);

export const merchantNotes = pgTable(
  'merchant_notes',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    body: text('body').notNull(),
    /** Users the note mentions (`@name`), by id: told once each (docs/decisions/109). */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('merchant_notes_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);

export const merchantDocuments = pgTable(
  'merchant_documents',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull().default('other'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the bytes are in the document store (decision record on document storage). */
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('merchant_documents_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);

/**
 * The timeline (the merchant_events table): created, updated (changed fields with before/after,
 * sensitive values masked), stage changed, assigned, note, document, deleted, restored, and later
 * email and automation. `data` holds the type's details (packages/shared merchant-event.ts).
 */
export const merchantEvents = pgTable(
  'merchant_events',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('merchant_events_merchant_at_idx').on(t.merchantId, t.at.desc(), t.id)],
);

/** How long a merchant sat in each stage: one open interval (leftAt null) per live merchant. */
export const merchantStageIntervals = pgTable(
  'merchant_stage_intervals',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    pipeline: pipelineEnum('pipeline').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull(),
    enteredBy: uuid('entered_by').references(() => users.id),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
    leftBy: uuid('left_by').references(() => users.id),
    // The merchant's report filters while it is live, null once it is deleted (decision 061): a
    // report with two filters or more reads the matching stays without the merchants. Kept exact
    // by triggers (migration 0026): a stay written takes its merchant's; a merchant whose filters
    // change, or that is deleted or restored, rewrites its stays'. No foreign keys: copies.
    liveAgentId: uuid('live_agent_id'),
    liveLeadSourceId: uuid('live_lead_source_id'),
    liveIndustryId: uuid('live_industry_id'),
    liveCompanyId: uuid('live_company_id'),
  },
  (t) => [
    // A merchant's stays in order; with the stage, the funnel reads each stay's successor from
    // the index alone (decision 041).
    index('merchant_stage_intervals_merchant_idx').on(t.merchantId, t.enteredAt, t.stageId),
    index('merchant_stage_intervals_stage_entered_idx').on(t.stageId, t.enteredAt),
    // Reports (decision 030): stays begun, and stays ended, in a range, read from the index alone.
    index('merchant_stage_intervals_report_entered_idx').on(t.enteredAt, t.stageId, t.merchantId, t.leftAt),
    index('merchant_stage_intervals_report_left_idx')
      .on(t.leftAt, t.stageId, t.enteredAt, t.merchantId)
      .where(sql`${t.leftAt} is not null`),
    // Two filters or more (decision 061): every pair of filters holds an agent, an industry or a
    // company, so one of these reads the stays of that filter's live merchants, index only, and
    // checks the others on the index entry (lead sources are few and large: no index of their own).
    // By merchant, then entry: the funnel's next stay per merchant needs no sort.
    index('merchant_stage_intervals_live_agent_idx')
      .on(
        t.liveAgentId,
        t.merchantId,
        t.enteredAt,
        t.leftAt,
        t.stageId,
        t.liveLeadSourceId,
        t.liveIndustryId,
        t.liveCompanyId,
      )
      .where(sql`${t.liveAgentId} is not null`),
    index('merchant_stage_intervals_live_industry_idx')
      .on(
        t.liveIndustryId,
        t.merchantId,
        t.enteredAt,
        t.leftAt,
        t.stageId,
        t.liveAgentId,
        t.liveLeadSourceId,
        t.liveCompanyId,
      )
      .where(sql`${t.liveIndustryId} is not null`),
    index('merchant_stage_intervals_live_company_idx')
      .on(
        t.liveCompanyId,
        t.merchantId,
        t.enteredAt,
        t.leftAt,
        t.stageId,
        t.liveAgentId,
        t.liveLeadSourceId,
        t.liveIndustryId,
      )
      .where(sql`${t.liveCompanyId} is not null`),
  ],
);

/** A draft's sensitive values by ref: each encrypted (AES-256-GCM) like a merchant's columns. */
export type SealedDraftValues = Record<string, { enc: string; last4: string }>;

/**
 * A half-filled application of /merchant/add, kept on the server so a reload or a closed tab
 * loses nothing. The form values are stored encrypted whole; the sensitive ones (tax id, bank
 * numbers, owners' SSN and date of birth) are not among them but in `sealed_values`, each
 * encrypted on its own, and the values hold `sealed:<ref>:<last 4>` in their place (decision
 * 074). `sealed_values` null: a draft of an older version, its values still in the whole; the
 * server seals those at start and on first read.
 */
export const merchantDrafts = pgTable(
  'merchant_drafts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    step: integer('step').notNull().default(0),
    /** Display name of the draft (the DBA name typed so far), in clear for the drafts list. */
    title: text('title').notNull().default(''),
    dataEnc: text('data_enc').notNull(),
    sealedValues: jsonb('sealed_values').$type<SealedDraftValues>(),
    ...timestamps(),
  },
  (t) => [
    index('merchant_drafts_user_idx').on(t.userId, t.updatedAt.desc()),
    // The retention job deletes by last change, oldest first.
    index('merchant_drafts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Domain events (an outbox): written in the transaction of the change that caused them, for the
 * workflow engine to consume. `processedAt` is set once consumed.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    type: text('type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('domain_events_unprocessed_idx')
      .on(t.occurredAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

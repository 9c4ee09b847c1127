import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicationRequests } from './application-requests.ts';
import { id, timestamps } from './columns.ts';
import { merchantDocuments } from './merchants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who signs a submitted application (docs/decisions/107): the owners on the draft, or the
 * contact when there are none. Each has a link of its own, derived like the request's (only its
 * SHA-256 kept), with its own one-time code and lock, and at most one signature, which counts
 * only while `content_hash` equals the hash of the application as it is now.
 */
export const applicationSigners = pgTable(
  'application_signers',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    /** The owner's key on the draft, or `contact`. */
    signerKey: text('signer_key').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    linkSentAt: at('link_sent_at'),
    codeHash: text('code_hash'),
    codeExpiresAt: at('code_expires_at'),
    codeSentAt: at('code_sent_at'),
    failedCodes: integer('failed_codes').notNull().default(0),
    codeLockedUntil: at('code_locked_until'),
    typedName: text('typed_name'),
    /** The drawn signature, a checked PNG as a data URL, or null when only typed. */
    drawing: text('drawing'),
    signedAt: at('signed_at'),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** SHA-256 (hex) of the canonical JSON of what was signed. */
    contentHash: text('content_hash'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_signers_token_hash_idx').on(t.tokenHash),
    uniqueIndex('application_signers_request_key_idx').on(t.requestId, t.signerKey),
  ],
);

/** The electronic-records consent and the signed PDF, one row per request that was submitted. */
export const applicationSubmissions = pgTable(
  'application_submissions',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    consentAt: at('consent_at').notNull(),
    consentIp: text('consent_ip'),
    consentUserAgent: text('consent_user_agent'),
    /** The words the merchant agreed to, as shown. */
    consentText: text('consent_text').notNull(),
    submittedAt: at('submitted_at').notNull(),
    signedAt: at('signed_at'),
    signedDocumentId: uuid('signed_document_id').references(() => merchantDocuments.id),
    /** The content hash the PDF was made from, with the signers' hashes at that moment. */
    signedContent: jsonb('signed_content').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_submissions_request_idx').on(t.requestId),
    index('application_submissions_doc_idx').on(t.signedDocumentId),
  ],
);

/**
 * The merchant application's document checklist (docs/decisions/102), without zod, so the
 * merchant's own small page can use it: what each item asks for, its words, and the rules'
 * defaults. The rules themselves are the `documentChecklist` setting (settings.ts).
 */
export const CHECKLIST_KINDS = ['photo_id', 'bank_statements', 'voided_check'] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];

export const CHECKLIST_ITEM_STATES = ['missing', 'uploaded'] as const;
export type ChecklistItemState = (typeof CHECKLIST_ITEM_STATES)[number];

/** The merchant document type an item's files are stored as. */
export const CHECKLIST_DOCUMENT_TYPES = {
  photo_id: 'identification',
  bank_statements: 'bank_statement',
  voided_check: 'voided_check',
} as const satisfies Record<ChecklistKind, string>;

/** Item keys are path segments: lower-case letters, digits and dashes. */
export const CHECKLIST_KEY_PATTERN = /^[a-z0-9-]{1,80}$/;

export type DocumentChecklistRules = {
  /** Every owner of at least this share needs a photo ID. */
  ownerPhotoId: { enabled: boolean; minOwnershipPercent: number };
  /** Three months of bank statements for a high-risk industry, or a monthly volume over this amount. */
  bankStatements: { enabled: boolean; highRiskIndustries: boolean; volumeOver: number };
  voidedCheck: { enabled: boolean };
};

export const DOCUMENT_CHECKLIST_DEFAULTS: DocumentChecklistRules = {
  ownerPhotoId: { enabled: true, minOwnershipPercent: 25 },
  bankStatements: { enabled: true, highRiskIndustries: true, volumeOver: 100_000 },
  voidedCheck: { enabled: true },
};

/** One file stored for an item (the merchant's own upload through the link). */
export type ChecklistFile = { id: string; fileName: string; sizeBytes: number; createdAt: string };

export type ChecklistItem = {
  key: string;
  kind: ChecklistKind;
  label: string;
  /** Why it is asked, in the merchant's words. */
  hint: string;
  /** The owner it is for (photo IDs), else null. */
  ownerKey: string | null;
  state: ChecklistItemState;
  files: ChecklistFile[];
};

/** The upload types the page offers (the server checks the content whatever the browser sends). */
export const CHECKLIST_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.heic,.heif,application/pdf,image/png,image/jpeg,image/heic,image/heif';

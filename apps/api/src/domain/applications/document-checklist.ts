import type { ChecklistFile, ChecklistItem, ChecklistKind, DocumentChecklistRules, RiskLevel } from '@boardwalk/shared';

/**
 * The documents an application asks for (docs/decisions/102), derived from the admin's rules
 * (the `documentChecklist` setting) and what is known of the merchant: the record, with the
 * owners and the volume as the merchant typed them through the link where they did. Pure: the
 * caller reads the facts and the uploads; nothing here touches the database.
 */

export type ChecklistFacts = {
  /** The risk level of the merchant's industry (on the record), null when it has none. */
  industryRisk: RiskLevel | null;
  monthlyVolume: number | null;
  owners: { key: string; firstName: string; lastName: string; ownershipPercent: number | null }[];
};

/** A file stored for an item: a merchant document tied to the item's key. */
export type ChecklistUpload = ChecklistFile & { itemKey: string };

type Asked = Omit<ChecklistItem, 'state' | 'files'>;

const ownerName = (owner: ChecklistFacts['owners'][number], index: number) =>
  `${owner.firstName} ${owner.lastName}`.trim() || `owner ${index + 1}`;

const item = (
  kind: ChecklistKind,
  key: string,
  label: string,
  hint: string,
  ownerKey: string | null = null,
): Asked => ({
  key,
  kind,
  label,
  hint,
  ownerKey,
});

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;

function askedItems(rules: DocumentChecklistRules, facts: ChecklistFacts): Asked[] {
  const asked: Asked[] = [];
  const { ownerPhotoId, bankStatements, voidedCheck } = rules;
  if (ownerPhotoId.enabled) {
    facts.owners.forEach((owner, index) => {
      // An owner whose share is not given yet is not asked for: the item appears once it is typed.
      if (owner.ownershipPercent === null || owner.ownershipPercent < ownerPhotoId.minOwnershipPercent) return;
      const name = ownerName(owner, index);
      asked.push(
        item(
          'photo_id',
          `photo-id-${owner.key}`,
          `Photo ID of ${name}`,
          `A passport or driving licence: every owner of ${ownerPhotoId.minOwnershipPercent} % or more.`,
          owner.key,
        ),
      );
    });
  }
  if (bankStatements.enabled) {
    const risky = bankStatements.highRiskIndustries && facts.industryRisk === 'high';
    const large = facts.monthlyVolume !== null && facts.monthlyVolume > bankStatements.volumeOver;
    if (risky || large) {
      const why = risky
        ? 'Asked for businesses in a high-risk industry.'
        : `Asked when monthly card volume is over ${money(bankStatements.volumeOver)}.`;
      asked.push(item('bank_statements', 'bank-statements', 'Bank statements, last three months', why));
    }
  }
  if (voidedCheck.enabled) {
    asked.push(item('voided_check', 'voided-check', 'Voided check', 'A check of the account your payouts go to.'));
  }
  return asked;
}

/** The checklist: each asked item, `uploaded` once a file is stored for its key, with those files. */
export function deriveChecklist(
  rules: DocumentChecklistRules,
  facts: ChecklistFacts,
  uploads: readonly ChecklistUpload[],
): ChecklistItem[] {
  return askedItems(rules, facts).map((asked) => {
    const files = uploads
      .filter((u) => u.itemKey === asked.key)
      .map(({ id, fileName, sizeBytes, createdAt }) => ({ id, fileName, sizeBytes, createdAt }));
    return { ...asked, state: files.length > 0 ? 'uploaded' : 'missing', files };
  });
}

/**
 * Unsent form values kept in sessionStorage ("nothing typed is lost"): a reload, a
 * crash or a session that ended mid-form loses nothing. Per tab (sessionStorage), per user,
 * page, form and record; password fields and the merchant's sensitive values (tax id, bank
 * numbers, SSN, date of birth: stored encrypted on the server) are never written.
 */
const PREFIX = 'boardwalk.draft';

export type DraftKeyParts = {
  userId: string;
  /** The page's path (a form on /users/add and on /users/edit/1 are two drafts). */
  route: string;
  formId: string;
  recordId?: string | undefined;
};

export function draftKey({ userId, route, formId, recordId }: DraftKeyParts): string {
  return [PREFIX, userId, route, formId, recordId ?? 'new'].join('|');
}

/**
 * Any field whose name says password (password, currentPassword, smtp.password...), or names a
 * sensitive merchant or owner value (taxId, routingNumber, accountNumber, ssn, dateOfBirth), or is a
 * webhook's signing secret (`secret`).
 */
const SECRET_NAME = /password|taxid|routingnumber|accountnumber|^ssn$|dateofbirth|^secret$/i;

/** The values without secret fields, at any depth. */
export function withoutSecrets(values: unknown): unknown {
  if (Array.isArray(values)) return values.map(withoutSecrets);
  if (!values || typeof values !== 'object') return values;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!SECRET_NAME.test(name)) kept[name] = withoutSecrets(value);
  }
  return kept;
}

export function readDraft(key: string): Record<string, unknown> | undefined {
  try {
    const stored = window.sessionStorage.getItem(key);
    if (!stored) return undefined;
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the values, or forgets the draft when they are the form's starting values. */
export function writeDraft(key: string, values: unknown, startingValues: unknown) {
  const kept = JSON.stringify(withoutSecrets(values));
  try {
    if (kept === JSON.stringify(withoutSecrets(startingValues))) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, kept);
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

export function clearDraft(key: string) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Disabled storage holds nothing to clear.
  }
}

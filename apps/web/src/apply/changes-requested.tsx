import type { ApplicationStep, ChangesRequested } from '@boardwalk/shared/schemas/application';
import { useEffect, useState } from 'react';
import { applyCall } from './apply-api.ts';

export type ChangeItem = ChangesRequested['items'][number];
/** The page's steps: the record's, then the documents and the review. */
export type PageStep = ApplicationStep | 'documents' | 'review';

/** The step where an item is fixed: a document on the documents step, a field on the step that holds it. */
export function stepOfItem(item: ChangeItem, fieldsOf: Partial<Record<ApplicationStep, readonly string[]>>): PageStep {
  if (item.kind === 'document') return 'documents';
  if (item.key === 'owners' || item.key.startsWith('owners.')) return 'owners';
  const found = (Object.entries(fieldsOf) as [ApplicationStep, readonly string[]][]).find(([, names]) =>
    names.includes(item.key),
  );
  return found?.[0] ?? 'business';
}

/** What staff sent the application back for (docs/decisions/108); none while nothing was asked. */
export function useChangesRequested(token: string): ChangeItem[] {
  const [items, setItems] = useState<ChangeItem[]>([]);
  useEffect(() => {
    let live = true;
    applyCall<ChangesRequested>(token, 'GET', '/changes-requested')
      .then((answer) => live && setItems(answer.items))
      // Nothing to show is the safe reading: the steps themselves still work.
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [token]);
  return items;
}

/** The list at the top of the steps: each item, its reason, and a button to the step that fixes it. */
export function ChangesRequestedNotice({ items, onOpen }: { items: ChangeItem[]; onOpen: (item: ChangeItem) => void }) {
  if (items.length === 0) return null;
  return (
    <section className="apply-changes" aria-labelledby="apply-changes-title">
      <h2 id="apply-changes-title">Please change these answers</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.kind}:${item.key}`}>
            <button type="button" className="apply-link-button" onClick={() => onOpen(item)}>
              {item.label}
            </button>
            : {item.reason}
          </li>
        ))}
      </ul>
      <p>When they are fixed, review the application and sign it again.</p>
    </section>
  );
}

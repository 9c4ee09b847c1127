import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useKeyedEffect } from '../../hooks/use-keyed-effect.ts';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSession } from '../../lib/session/use-session.ts';
import { clearDraft, draftKey, readDraft, writeDraft } from './form-draft.ts';

export type FormDraftOptions = {
  /** Names the form on its page ("template", "user-details"). */
  id: string;
  /** The record being edited; none for a new one. */
  recordId?: string | undefined;
  /**
   * Keeps the values somewhere else than this tab's sessionStorage (the merchant application's
   * server-side draft, which a reload or another tab continues): called with the values at each
   * change instead of writing them here; the caller restores them as the form's starting values.
   */
  keep?: ((values: unknown) => void) | undefined;
};

export type FormDraft = {
  /** Values from an earlier visit were put back into the form. */
  restored: boolean;
  /** Puts the form back to its starting values and forgets the draft. */
  discard: () => void;
  /** Forgets the draft (after a successful save). */
  clear: () => void;
  /**
   * Read at the moment of asking (a navigation right after a save must not wait for a render):
   * the form holds values other than its starting ones.
   */
  hasChanges: () => boolean;
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** The starting values with the draft's on top; fields the draft lacks (passwords) keep theirs. */
export function mergeDraft(starting: unknown, draft: unknown): unknown {
  if (!isPlainObject(starting) || !isPlainObject(draft)) return draft === undefined ? starting : draft;
  const merged: Record<string, unknown> = { ...starting };
  for (const [name, value] of Object.entries(draft)) {
    if (name in starting) merged[name] = mergeDraft(starting[name], value);
  }
  return merged;
}

/**
 * The one draft mechanism for every form: the values typed and not yet saved are kept
 * in sessionStorage as they change, put back when the form mounts again, and forgotten after a
 * save or a discard. Without a signed-in user there is no draft.
 */
export function useFormDraft<TIn extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<TIn, unknown, TOut>,
  options: FormDraftOptions,
): FormDraft {
  const userId = useSession().data?.user.id;
  const { id, recordId } = options;
  const remote = options.keep !== undefined;
  const key = useMemo(
    () => (userId && !remote ? draftKey({ userId, route: window.location.pathname, formId: id, recordId }) : undefined),
    [userId, id, recordId, remote],
  );
  // The latest callback, so a new one each render neither resubscribes nor goes stale.
  const keep = useRef(options.keep);
  useEffect(() => {
    keep.current = options.keep;
  });
  const [restored, setRestored] = useState(false);
  const changed = useRef(false);
  const { reset, watch, getValues } = form;

  // Restored once per form and record (the form object is stable): a new key starts again.
  useKeyedEffect(key, () => {
    const subscription = watch((values) => {
      // The control's own copy: formState's is a render behind right after a reset.
      const starting = form.control._defaultValues;
      changed.current = JSON.stringify(values) !== JSON.stringify(starting);
      if (key) writeDraft(key, values, starting);
      keep.current?.(values);
    });
    if (key) {
      const draft = readDraft(key);
      if (draft) {
        reset(mergeDraft(getValues(), draft) as TIn, { keepDefaultValues: true });
        changed.current = true;
        setRestored(true);
      }
    }
    return () => subscription.unsubscribe();
  });

  const clear = useCallback(() => {
    if (key) clearDraft(key);
    changed.current = false;
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    reset();
    clear();
  }, [reset, clear]);

  const hasChanges = useCallback(() => changed.current, []);
  return { restored, discard, clear, hasChanges };
}

import { updateMerchantSchema, type MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { useState, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { FormCard } from '../../../components/form/form-card.tsx';
import { formValuesFrom } from '../../../components/form/form-values.ts';
import { notifyError } from '../../../components/form/notify.ts';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import { useMountEffect } from '../../../hooks/use-keyed-effect.ts';
import { errorMessage, readProblem } from '../../../lib/problem.ts';
import { MERCHANT_FORM_DEFAULTS, type MerchantFormValues } from '../add/merchant-form-values.ts';
import { useGetMerchantQuery, useUpdateMerchantMutation } from '../../../entities/merchants/api.ts';
import { ConflictBanner, conflictRows, SENSITIVE, type Edits } from './conflict-banner.tsx';

/** The fields a view section edits (the stage and owners have their own routes). */
export type SectionField = Exclude<keyof typeof updateMerchantSchema.shape, 'id' | 'updatedAt'>;

const SECTION_DEFAULTS = {
  ...MERCHANT_FORM_DEFAULTS,
  riskLevel: null,
  underwritingDecision: 'pending',
  underwritingReason: '',
  mid: '',
  goLiveOn: '',
} as const;

const STALE_FALLBACK = 'This merchant was changed by someone else since you opened it.';

type Props = {
  merchant: MerchantDetail;
  title: string;
  formId: string;
  fields: readonly SectionField[];
  children: (control: Control<MerchantFormValues>) => ReactNode;
};

/** A save refused as stale: the record the form was read from, and what the user had changed. */
type Conflict = { base: MerchantDetail; edits: Edits };

type BodyProps = Props & {
  /** Set while a stale save waits for the user's choice; `merchant` is then the record read before. */
  conflict: (Conflict & { theirs: MerchantDetail }) | undefined;
  onStale: (edits: Edits) => void;
  onReload: () => void;
  onDiscard: () => void;
  /** The user's edits to put back on top of a fresh record, once, at mount (after Reload). */
  restore: Edits | undefined;
  onRestored: () => void;
};

/**
 * One section of the merchant view as a form: PATCH /api/merchants/{id} with the updatedAt it was
 * read with. A stale one is refused with 409 `stale_update`: the section keeps showing what it was
 * read from, fetches the stored record and shows what changed (conflict-banner.tsx); Reload takes
 * the stored record with the user's edits on top, unsaved; Discard takes the stored record.
 */
export function SectionForm(props: Props) {
  // The page's own read of the merchant (no second request): its latest answer is theirs.
  const { data, refetch } = useGetMerchantQuery(props.merchant.id);
  const latest = data ?? props.merchant;
  const [conflict, setConflict] = useState<Conflict>();
  const [restore, setRestore] = useState<Edits>();
  const shown = conflict?.base ?? latest;
  const onStale = (edits: Edits) => {
    setConflict({ base: shown, edits });
    void refetch();
  };
  // Reload reads the record once more, so the save that follows carries the newest updatedAt.
  const onReload = () => {
    if (!conflict) return;
    refetch()
      .unwrap()
      .then(() => {
        setRestore(conflict.edits);
        setConflict(undefined);
      })
      .catch((error: unknown) => notifyError(errorMessage(error)));
  };
  // A new read of the merchant (after a save here or a change elsewhere) starts the form afresh:
  // its masked fields empty again, its updatedAt the new one; typing in between is in the draft.
  return (
    <SectionFormBody
      key={shown.updatedAt}
      {...props}
      merchant={shown}
      conflict={conflict && { ...conflict, theirs: latest }}
      onStale={onStale}
      onReload={onReload}
      onDiscard={() => setConflict(undefined)}
      restore={restore}
      onRestored={() => setRestore(undefined)}
    />
  );
}

function SectionFormBody({ merchant, title, formId, fields, children, conflict, restore, ...on }: BodyProps) {
  const [update] = useUpdateMerchantMutation();
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<SectionField, true>>;
  const schema = updateMerchantSchema.pick(mask);
  const defaults = Object.fromEntries(fields.map((f) => [f, SECTION_DEFAULTS[f as keyof typeof SECTION_DEFAULTS]]));
  const starting: Record<string, unknown> = formValuesFrom(defaults, merchant);
  for (const f of fields) if (SENSITIVE.includes(f)) starting[f] = '';
  const { form, formProps, draft } = useEntityForm({
    schema,
    defaultValues: starting,
    draft: { id: formId, recordId: merchant.id },
    save: async (values: Record<string, unknown>, entityForm) => {
      const patch = Object.fromEntries(
        Object.entries(values).filter(([name, value]) => !(SENSITIVE.includes(name) && value === '')),
      );
      try {
        return await update({ ...patch, id: merchant.id, updatedAt: merchant.updatedAt }).unwrap();
      } catch (error) {
        if (readProblem(error)?.code === 'stale_update') {
          // Kept in memory, not in the draft: the draft never holds the sensitive values.
          const typed: Record<string, unknown> = entityForm.getValues();
          const changed = fields.filter((f) => JSON.stringify(typed[f]) !== JSON.stringify(starting[f]));
          on.onStale(Object.fromEntries(changed.map((f) => [f, typed[f]])));
        }
        throw error;
      }
    },
    successMessage: 'Merchant saved',
  });
  // Once, on the fresh record this body was mounted for.
  useMountEffect(() => {
    if (!restore) return;
    // After the draft's own restore (it was forgotten before Reload, so it restores nothing).
    for (const [name, value] of Object.entries(restore)) form.setValue(name, value, { shouldDirty: true });
    on.onRestored();
  });
  // Either way the draft goes: it holds every field as read before, theirs would be overwritten.
  const choose = (then: () => void) => () => {
    draft.clear();
    then();
  };
  return (
    <FormCard title={title} {...formProps} rootError={conflict ? undefined : formProps.rootError}>
      {children(form.control as unknown as Control<MerchantFormValues>)}
      {conflict && (
        <ConflictBanner
          message={formProps.rootError ?? STALE_FALLBACK}
          loading={conflict.theirs.updatedAt === merchant.updatedAt}
          rows={conflictRows(fields, merchant, conflict.theirs, conflict.edits)}
          onReload={choose(on.onReload)}
          onDiscard={choose(on.onDiscard)}
        />
      )}
    </FormCard>
  );
}

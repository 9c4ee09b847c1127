import { MERCHANT_FORM_STEPS, type MerchantDraft } from '@boardwalk/shared/schemas/merchant';
import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { MERCHANT_REVEAL_SUBJECT } from '@boardwalk/shared/ability';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import { useAppAbility } from '../../../lib/ability.tsx';
import { useKeyedEffect } from '../../../hooks/use-keyed-effect.ts';
import { useCreateMerchantMutation } from '../../../entities/merchants/api.ts';
import { AddStepper } from './add-stepper.tsx';
import { AssignmentStep, useOptionNames } from './assignment-fields.tsx';
import { BankingFields, BusinessFields, ContactFields, ProcessingFields } from './business-fields.tsx';
import { DraftLeaveGuard } from './draft-leave-guard.tsx';
import { DraftStatusText } from './draft-status-text.tsx';
import { firstStepWithError, merchantFormSchema, stepFields, valuesFromDraft } from './merchant-form-values.ts';
import { OwnersStep } from './owners-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { useDuplicateCheck } from './use-duplicate-check.ts';
import { useMerchantServerDraft } from './use-merchant-server-draft.ts';

const REVIEW = MERCHANT_FORM_STEPS.length;
const STEP_LABELS = [...MERCHANT_FORM_STEPS.map((s) => s.label), 'Review'];

type Props = {
  /** The server draft this form continues; none for a new application. */
  initial: MerchantDraft | undefined;
  onDraftCreated: (id: string) => void;
  /** Another tab changed the draft: load its version (this tab's last changes are dropped). */
  onReloadDraft: (id: string) => void;
};

/**
 * /merchant/add's stepped form: each step is checked with the shared create
 * schema before Next, Back keeps what was typed, the last step reviews it all and looks for
 * possible duplicates before the save. The half-filled application lives on the server.
 */
export function MerchantAddForm({ initial, onDraftCreated, onReloadDraft }: Props) {
  const navigate = useNavigate();
  const initialStep = Math.min(Math.max(initial?.step ?? 0, 0), REVIEW);
  const [step, setStep] = useState(initialStep);
  // The draft id going into the URL is this page's own navigation: the leave guard lets it by.
  const ownNavigation = useRef(false);
  const serverDraft = useMerchantServerDraft({
    initial,
    initialStep,
    onCreated: (id) => {
      ownNavigation.current = true;
      onDraftCreated(id);
      setTimeout(() => (ownNavigation.current = false));
    },
  });
  const [create] = useCreateMerchantMutation();
  const names = useOptionNames();
  const { form, formProps } = useEntityForm({
    schema: merchantFormSchema,
    defaultValues: valuesFromDraft(initial?.data),
    draft: { id: 'merchant-application', keep: serverDraft.keep },
    // Checked on leaving a field and by Next, not on every change of the owners' list: with
    // react-hook-form's default here (onTouched), adding an owner checked the whole list and showed
    // the new owner's empty names as errors before anything was typed.
    mode: 'onBlur',
    save: async (values) => {
      // The save deletes the draft: no draft write may race it (it would answer 404).
      await serverDraft.writer.hold();
      const draftId = serverDraft.writer.draftId();
      try {
        const merchant = await create({ ...values, ...(draftId ? { draftId } : {}) }).unwrap();
        // The server deleted the draft with the save: nothing more to write.
        serverDraft.writer.close();
        return merchant;
      } catch (error) {
        serverDraft.writer.resume();
        throw error;
      }
    },
    successMessage: 'Merchant added',
    onSaved: (merchant) => void navigate(`/merchant/view/${merchant.id}`),
  });
  const { control, setValue, trigger, getValues, formState } = form;

  const goTo = (next: number) => {
    setStep(next);
    serverDraft.writer.setStep(next);
  };

  const next = async () => {
    const valid = await trigger(stepFields(step), { shouldFocus: true });
    if (valid) goTo(step + 1);
  };

  // A save refused for a field of an earlier step (client or server): show that step. Only on a
  // new submit, not at every error typed away.
  useKeyedEffect(formState.submitCount, () => {
    const failed = firstStepWithError(formState.errors);
    if (failed !== undefined && formState.submitCount > 0) setStep(failed);
  });

  // Reaching the review: look for merchants sharing what was typed (complete values, each once).
  // The check is a lookup across every merchant: an agent adding a lead may not make it (decision 117).
  const checksDuplicates = useAppAbility().can('read', MERCHANT_REVEAL_SUBJECT);
  const duplicateCheck = useDuplicateCheck(step === REVIEW && checksDuplicates, getValues);
  const duplicates = duplicateCheck.duplicates;

  const hasUnsentChanges = useCallback(
    () => serverDraft.writer.pending() && !ownNavigation.current,
    [serverDraft.writer],
  );
  const saveLabel = duplicates && duplicates.length > 0 ? 'Save anyway' : 'Save merchant';
  // Every step submits the form (Enter in a field, or Next): before the review it only checks the
  // step and goes on; at the review it saves.
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    if (step === REVIEW) return formProps.onSubmit(event);
    event.preventDefault();
    void next();
  };
  return (
    <Card component="form" noValidate onSubmit={onSubmit} aria-label="New merchant">
      <CardContent>
        <AddStepper labels={STEP_LABELS} step={step} onGoTo={goTo} />
        {serverDraft.status === 'stale' && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" onClick={() => onReloadDraft(serverDraft.writer.draftId() ?? '')}>
                Load latest
              </Button>
            }
          >
            This application was changed in another tab or window. Your latest changes here were not kept, so that they
            do not overwrite that work: load the latest version to go on.
          </Alert>
        )}
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {step === REVIEW ? 'Review' : MERCHANT_FORM_STEPS[step]?.label}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1 }}>
          {step === 0 && <BusinessFields control={control} />}
          {step === 1 && <ContactFields control={control} />}
          {step === 2 && <OwnersStep control={control} trigger={trigger} />}
          {step === 3 && <ProcessingFields control={control} />}
          {step === 4 && <BankingFields control={control} />}
          {step === 5 && <AssignmentStep control={control} setValue={setValue} stageId={form.watch('stageId')} />}
          {step === REVIEW && (
            <ReviewStep
              values={getValues()}
              names={names}
              duplicates={duplicates}
              unchecked={duplicateCheck.unchecked}
              checking={duplicateCheck.checking}
            />
          )}
        </Box>
        {formProps.rootError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {formProps.rootError}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <DraftStatusText status={serverDraft.status} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={() => goTo(step - 1)} disabled={step === 0 || formProps.submitting}>
            Back
          </Button>
          {step < REVIEW ? (
            <Button type="submit" variant="contained">
              Next
            </Button>
          ) : (
            <Button type="submit" variant="contained" loading={formProps.submitting} disabled={duplicateCheck.checking}>
              {saveLabel}
            </Button>
          )}
        </Box>
      </CardActions>
      <DraftLeaveGuard status={serverDraft.status} writer={serverDraft.writer} hasUnsent={hasUnsentChanges} />
    </Card>
  );
}

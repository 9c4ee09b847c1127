import { DialogContentText } from '@mui/material';
import { z } from 'zod';
import type { SettingValues } from '@boardwalk/shared/settings';
import type { UpdateSettingsInput } from '@boardwalk/shared/schemas/setting';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { localRefusal, problemFieldErrors } from '../../lib/problem.ts';
import { useUpdateSettingsMutation } from '../../entities/settings/api.ts';

/** A settings save waiting for the password: the settings form awaits the promise these settle. */
export type PendingStepUp = {
  patch: UpdateSettingsInput;
  resolve: (saved: SettingValues) => void;
  reject: (error: unknown) => void;
};

const stepUpSchema = z.object({ currentPassword: z.string().min(1, 'Enter your password') });

/** Settles the settings form's save: the saved settings, or a refusal that is the settings form's to show. */
type Outcome = { saved: SettingValues } | { refused: unknown };

export const STEP_UP_CANCELLED = 'Not saved: security and email settings need your password.';

/**
 * Step-up: security and SMTP settings change only after the user re-enters their password, so a
 * left-open session cannot weaken them. The dialog's save is the settings form's save with the
 * password added. A wrong password is this dialog's (beside the field, the dialog stays open);
 * any other refusal settles the settings form's save, which shows it at the settings' fields.
 * The settings typed stay in their form whatever happens here. Mounted per request, so a typed
 * password never lingers (and a draft never keeps one).
 */
export function StepUpDialog({ pending, onDone }: { pending: PendingStepUp; onDone: () => void }) {
  const [update] = useUpdateSettingsMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'settings-step-up' },
    schema: stepUpSchema,
    defaultValues: { currentPassword: '' },
    save: async ({ currentPassword }): Promise<Outcome> => {
      try {
        return { saved: await update({ ...pending.patch, currentPassword }).unwrap() };
      } catch (failure) {
        if (problemFieldErrors(failure).currentPassword) throw failure;
        return { refused: failure };
      }
    },
    // The settings form says "Settings saved" once its own save settles.
    successMessage: undefined,
    onSaved: (outcome) => {
      if ('saved' in outcome) pending.resolve(outcome.saved);
      else pending.reject(outcome.refused);
      onDone();
    },
  });
  const cancel = () => {
    // A refusal without fields: the settings form shows it above its button, as it shows any.
    pending.reject(localRefusal(STEP_UP_CANCELLED));
    onDone();
  };
  return (
    <FormDialog
      title="Confirm with your password"
      maxWidth="xs"
      submitLabel="Confirm and save"
      {...formProps}
      // A password prompt closes without "Discard changes?": nothing typed here is worth keeping.
      dirty={false}
      draft={undefined}
      onClose={cancel}
    >
      <DialogContentText>
        Security and email settings change only after you enter your password again.
      </DialogContentText>
      <FormTextField
        control={form.control}
        name="currentPassword"
        type="password"
        label="Your password"
        autoComplete="current-password"
        autoFocus
        required
      />
    </FormDialog>
  );
}

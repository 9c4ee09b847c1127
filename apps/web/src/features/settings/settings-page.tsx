import { useState } from 'react';
import { Alert, Button, Divider, Grid, Skeleton, Typography } from '@mui/material';
import { z } from 'zod';
import { settingSchemas, SMTP_SERVER_SUBJECT, type SettingValues } from '@boardwalk/shared/settings';
import type { UpdateSettingsInput } from '@boardwalk/shared/schemas/setting';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { FormCard } from '../../components/form/form-card.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useAppAbility } from '../../lib/ability.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useGetSettingsQuery, useUpdateSettingsMutation } from '../../entities/settings/api.ts';
import { ChecklistRulesFields } from './checklist-rules-fields.tsx';
import { CorsOriginsField } from './cors-origins-field.tsx';
import { DocumentLimitField } from './document-limit-field.tsx';
import { MfaRolesField } from './mfa-roles-field.tsx';
import { needsStepUp, settingsPatch } from './settings-patch.ts';
import { StepUpDialog, type PendingStepUp } from './step-up-dialog.tsx';

const settingsFormSchema = z.object(settingSchemas);

/**
 * A save that changes a security or SMTP setting waits for the password dialog: the promise the
 * form awaits settles when the dialog's save does (or the user cancels), so the form's usual
 * success and field-error handling stay as they are.
 */
function useStepUpSave() {
  const [update] = useUpdateSettingsMutation();
  const [pending, setPending] = useState<PendingStepUp>();
  const save = (patch: UpdateSettingsInput): Promise<SettingValues> =>
    needsStepUp(patch)
      ? new Promise((resolve, reject) => setPending({ patch, resolve, reject }))
      : update(patch).unwrap();
  const dialog = pending && <StepUpDialog pending={pending} onDone={() => setPending(undefined)} />;
  return { save, dialog };
}

function SettingsForm({ settings }: { settings: SettingValues }) {
  const stepUp = useStepUpSave();
  // Where the portal connects to send mail is an administrator's to change (decision 073).
  const maySetSmtpServer = useAppAbility().can('update', SMTP_SERVER_SUBJECT);
  const { form, formProps } = useEntityForm({
    draft: { id: 'settings' },
    schema: settingsFormSchema,
    defaultValues: settings,
    save: (values) => stepUp.save(settingsPatch(values, settings)),
    successMessage: 'Settings saved',
    onSaved: (saved, { reset }) => reset(saved),
  });
  const { control } = form;
  const half = { xs: 12, sm: 6 };
  return (
    <>
      <FormCard title="Settings" {...formProps} submitLabel="Save settings">
        <Typography variant="subtitle1" component="h3">
          General
        </Typography>
        <Grid container spacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="portalName"
              label="Portal name"
              required
              helperText="The page title is “<portal name> Portal”"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="supportEmail" label="Support email" type="email" />
          </Grid>
          <Grid size={12}>
            <FormSwitch
              control={control}
              name="customizerEnabled"
              label="Theme customizer for everyone (a cog at the side of every page)"
            />
          </Grid>
        </Grid>
        <Divider />
        <Typography variant="subtitle1" component="h3">
          Security
        </Typography>
        <Grid container spacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="sessionIdleMinutes"
              label="Session idle minutes"
              type="number"
              required
              helperText="Sign out after this long without activity: 1 to 15 minutes (PCI DSS)"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="minPasswordLength"
              label="Minimum password length"
              type="number"
              required
              helperText="12 or more"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="logRetentionDays"
              label="Log retention days"
              type="number"
              required
              helperText="365 or more (PCI DSS)"
            />
          </Grid>
          <Grid size={12}>
            <MfaRolesField control={control} name="mfaRequiredRoles" />
          </Grid>
          <Grid size={12}>
            <FormSwitch
              control={control}
              name="agentsSeeOwnMerchants"
              label="Agents see their own merchants (read-only, masked; they may add leads and notes)"
            />
          </Grid>
        </Grid>
        <Divider />
        <Typography variant="subtitle1" component="h3">
          Merchants
        </Typography>
        <Grid container spacing={2}>
          <Grid size={half}>
            <DocumentLimitField control={control} name="documentMaxBytes" />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="merchantDraftRetentionDays"
              label="Draft retention days"
              type="number"
              required
              helperText="An application draft nobody changed for this many days is deleted"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="notificationRetentionDays"
              label="Notification retention days"
              type="number"
              required
              helperText="A read notification is deleted this many days after it was sent; unread ones stay"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="applicationLinkDays"
              label="Application link lifetime (days)"
              type="number"
              required
              helperText="How long a link sent to a merchant for their application works"
            />
          </Grid>
        </Grid>
        <Divider />
        <ChecklistRulesFields control={control} />
        <Divider />
        <Typography variant="subtitle1" component="h3">
          API
        </Typography>
        <Grid container spacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="apiRateLimitPerMinute"
              label="Requests per token per minute"
              type="number"
              required
              helperText="More answer 429 with Retry-After"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="apiUsageRetentionDays"
              label="API usage retention days"
              type="number"
              required
              helperText="The usage log keeps this many days (7 or more)"
            />
          </Grid>
          <Grid size={12}>
            <CorsOriginsField control={control} name="corsAllowedOrigins" />
          </Grid>
        </Grid>
        <Divider />
        <Typography variant="subtitle1" component="h3">
          Email (SMTP)
        </Typography>
        {!maySetSmtpServer && (
          <Alert severity="info" id="smtp-server-admin-only">
            Only an administrator can change the SMTP host and port: they decide where the portal connects to send mail.
            You can change the rest.
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="smtp.host"
              label="SMTP host"
              disabled={!maySetSmtpServer}
              helperText="Empty: emails are stored, not sent. A public address, unless the server allows private networks"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="smtp.port"
              label="SMTP port"
              type="number"
              disabled={!maySetSmtpServer}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="smtp.user" label="SMTP user" autoComplete="off" />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="smtp.password"
              label="SMTP password"
              type="password"
              autoComplete="new-password"
              helperText="Stored encrypted and shown masked; type a new one to replace it"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="smtp.from"
              label="From address"
              placeholder="Boardwalk <no-reply@example.com>"
            />
          </Grid>
          <Grid size={half}>
            <FormSwitch control={control} name="smtp.secure" label="Use TLS from the start (port 465)" />
          </Grid>
        </Grid>
      </FormCard>
      {stepUp.dialog}
    </>
  );
}

/** /setting/list: the portal's global settings, typed per key. */
export function SettingsPage() {
  const { data, error, isLoading, refetch } = useGetSettingsQuery();
  return (
    <>
      <PageHeader title="Portal Global Settings" subtitle="Changes apply to everyone and are audited." />
      {isLoading ? (
        <Skeleton variant="rectangular" height={480} />
      ) : data ? (
        <SettingsForm settings={data} />
      ) : (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
          The settings could not be loaded. {errorMessage(error)}
        </Alert>
      )}
    </>
  );
}

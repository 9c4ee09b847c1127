import type { ApplicationRequest, ChangeRequestItem } from '@boardwalk/shared/schemas/application';
import {
  applicationBankingSchema,
  applicationBusinessSchema,
  applicationContactSchema,
  applicationProcessingSchema,
} from '@boardwalk/shared/schemas/application';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { errorMessage, problemFieldErrors } from '../../../lib/problem.ts';
import { showToast } from '../../../lib/toast-queue.ts';
import {
  useGetApplicationChecklistQuery,
  useRequestApplicationChangesMutation,
} from '../../../entities/applications/api.ts';
import { fieldWords } from './application-conflicts.tsx';

/** The fields of each step, as the API accepts them to send back (docs/decisions/108). */
const STEP_FIELDS: Record<string, string[]> = {
  business: Object.keys(applicationBusinessSchema.shape),
  contact: Object.keys(applicationContactSchema.shape),
  owners: ['owners'],
  processing: Object.keys(applicationProcessingSchema.shape),
  banking: Object.keys(applicationBankingSchema.shape),
};

type Choice = { kind: ChangeRequestItem['kind']; key: string; label: string };
const idOf = (c: Pick<Choice, 'kind' | 'key'>) => `${c.kind}:${c.key}`;
type Props = { merchantId: string; request: ApplicationRequest; open: boolean; onClose: () => void };

/**
 * Sending a submitted or signed application back: the fields and documents to change, a reason
 * for each (required), then a confirmation, as it emails the merchant.
 */
export function RequestChangesDialog({ merchantId, request, open, onClose }: Props) {
  const checklist = useGetApplicationChecklistQuery(merchantId, { skip: !open });
  const [requestChanges, sending] = useRequestApplicationChangesMutation();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [confirming, setConfirming] = useState(false);

  const fields: Choice[] = request.asks.flatMap((step) =>
    (STEP_FIELDS[step] ?? []).map((key) => ({ kind: 'field' as const, key, label: fieldWords(key) })),
  );
  const documents: Choice[] = (checklist.data?.items ?? []).map((i) => ({
    kind: 'document',
    key: i.key,
    label: i.label,
  }));
  const picked = [...fields, ...documents].filter((c) => idOf(c) in reasons);

  const close = () => {
    setReasons({});
    setErrors({});
    setGeneral('');
    setConfirming(false);
    onClose();
  };
  const toggle = (choice: Choice, on: boolean) => {
    const next = { ...reasons };
    if (on) next[idOf(choice)] = '';
    else delete next[idOf(choice)];
    setReasons(next);
  };
  const check = () => {
    const found: Record<string, string> = {};
    for (const c of picked) if (!reasons[idOf(c)]!.trim()) found[idOf(c)] = 'Say what should change';
    setErrors(found);
    setGeneral(picked.length === 0 ? 'Pick at least one field or document' : '');
    if (picked.length > 0 && Object.keys(found).length === 0) setConfirming(true);
  };
  const send = async () => {
    const items = picked.map((c) => ({ kind: c.kind, key: c.key, reason: reasons[idOf(c)]!.trim() }));
    try {
      await requestChanges({ merchantId, requestId: request.id, items }).unwrap();
      showToast({ message: 'Changes requested: the merchant was emailed', variant: 'success' });
      close();
    } catch (e) {
      setConfirming(false);
      // The API answers `items.<n>.reason` (or `.key`): shown beside the item it is about.
      const found: Record<string, string> = {};
      const rest: string[] = [];
      for (const [path, messages] of Object.entries(problemFieldErrors(e))) {
        const index = /^(?:data\.)?items\.(\d+)\./.exec(path)?.[1];
        const item = index === undefined ? undefined : picked[Number(index)];
        if (item) found[idOf(item)] = messages[0] ?? '';
        else rest.push(...messages);
      }
      setErrors(found);
      setGeneral(rest.length || Object.keys(found).length ? rest.join(' ') : errorMessage(e));
    }
  };

  const group = (title: string, choices: Choice[]) => (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{title}</FormLabel>
      {choices.map((c) => {
        const id = idOf(c);
        return (
          <Stack key={id}>
            <FormControlLabel
              control={<Checkbox checked={id in reasons} onChange={(e) => toggle(c, e.target.checked)} />}
              label={c.label}
            />
            {id in reasons && (
              <TextField
                label={`Reason for ${c.label}`}
                value={reasons[id]}
                onChange={(e) => setReasons({ ...reasons, [id]: e.target.value })}
                error={Boolean(errors[id])}
                helperText={errors[id]}
                required
                size="small"
                multiline
                slotProps={{ htmlInput: { maxLength: 500 } }}
                sx={{ ml: 4, mb: 1 }}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );

  return (
    <>
      <Dialog open={open && !confirming} onClose={close} maxWidth="sm" fullWidth>
        <DialogTitle>Request changes</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {general && <Alert severity="error">{general}</Alert>}
            {fields.length > 0 && group('Fields', fields)}
            {checklist.isLoading ? null : checklist.error ? (
              <Alert severity="warning">The documents could not be loaded. {errorMessage(checklist.error)}</Alert>
            ) : (
              documents.length > 0 && group('Documents', documents)
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={check}>
            Send
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={open && confirming}
        title="Send the application back?"
        message={`We email ${request.sentTo} the ${picked.length} item(s) to change, with your reasons.`}
        confirmLabel="Send"
        busy={sending.isLoading}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

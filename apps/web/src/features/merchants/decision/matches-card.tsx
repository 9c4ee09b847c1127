import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { SANCTIONS_SOURCE_LABELS } from '@boardwalk/shared/schemas/sanctions';
import { HIT_SOURCE_LABELS, MATCHED_KIND_LABELS, type ScreeningHit } from '@boardwalk/shared/schemas/screening';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { notifySuccess } from '../../../components/form/notify.ts';
import {
  useListMerchantMatchesQuery,
  useRecordOutsideCheckMutation,
  useResolveMatchMutation,
} from '../../../entities/underwriting/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { errorMessage, problemFieldErrors } from '../../../lib/problem.ts';
import { ReasonSelect } from './decision-reason.tsx';

type Props = { merchant: MerchantDetail; editable: boolean };
type Resolving = { hit: ScreeningHit; state: 'cleared' | 'confirmed' };

function describe(hit: ScreeningHit): string {
  if (hit.source === 'outside_check') {
    return `${hit.service || 'Outside check'}: ${hit.reasonCode ? `${hit.reasonCode.code} ${hit.reasonCode.label}` : ''}`;
  }
  if (hit.source === 'sanctions' && hit.sanctionsEntry) {
    const e = hit.sanctionsEntry;
    const score = hit.score === null ? '' : ` (${Math.round(hit.score * 100)} %)`;
    const alias = e.matchedName !== e.entryName ? `, as “${e.matchedName}”` : '';
    return `${e.subject}${score} matches “${e.entryName}”${alias}, entry ${e.entNum}${e.programs ? ` [${e.programs}]` : ''}`;
  }
  const kind = MATCHED_KIND_LABELS[hit.matchedKind] ?? hit.matchedKind;
  const score = hit.matchedKind === 'name' && hit.score !== null ? ` (${Math.round(hit.score * 100)} %)` : '';
  return `${kind}${score} matches a terminated merchant`;
}

/** Which version of which sanctions list a hit came from (docs/decisions/099). */
function listVersion(hit: ScreeningHit): string {
  const e = hit.sanctionsEntry;
  return e ? ` (${SANCTIONS_SOURCE_LABELS[e.source]}, version of ${formatDateTime(e.importedAt)})` : '';
}

/**
 * Terminated-list matches, sanctions hits and outside checks (docs/decisions/098, 099): what kind of identifier
 * matched and which terminated merchant, never the value; open ones are cleared or confirmed
 * with a reason.
 */
export function MatchesCard({ merchant, editable }: Props) {
  const { data } = useListMerchantMatchesQuery(merchant.id);
  const [resolving, setResolving] = useState<Resolving>();
  const [checking, setChecking] = useState(false);
  const hits = data?.hits ?? [];
  return (
    <Card variant="outlined">
      <CardHeader
        title="Matches"
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={editable ? <Button onClick={() => setChecking(true)}>Enter outside check</Button> : undefined}
      />
      <CardContent>
        {hits.length === 0 ? (
          <Typography color="text.secondary">No matches against the terminated-merchant or sanctions lists.</Typography>
        ) : (
          <List dense aria-label="Matches">
            {hits.map((hit) => (
              <ListItem
                key={hit.id}
                disableGutters
                secondaryAction={
                  editable && hit.state === 'open' ? (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setResolving({ hit, state: 'cleared' })}>
                        Clear
                      </Button>
                      <Button size="small" color="error" onClick={() => setResolving({ hit, state: 'confirmed' })}>
                        Confirm
                      </Button>
                    </Stack>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip
                        size="small"
                        label={hit.strength}
                        color={hit.strength === 'decline' ? 'error' : 'warning'}
                      />
                      <Chip size="small" variant="outlined" label={hit.state} />
                      <span>{describe(hit)}</span>
                      {hit.matchedMerchant && (
                        <Link component={RouterLink} to={`/merchant/view/${hit.matchedMerchant.id}`}>
                          {hit.matchedMerchant.dbaName}
                        </Link>
                      )}
                    </Stack>
                  }
                  secondary={`${HIT_SOURCE_LABELS[hit.source]}${listVersion(hit)}, ${formatDateTime(hit.createdAt)}${
                    hit.resolvedBy ? ` · ${hit.state} by ${hit.resolvedBy.name}: ${hit.resolution}` : ''
                  }`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {resolving && <ResolveDialog merchantId={merchant.id} {...resolving} onClose={() => setResolving(undefined)} />}
      {checking && <OutsideCheckDialog merchantId={merchant.id} onClose={() => setChecking(false)} />}
    </Card>
  );
}

function ResolveDialog({ merchantId, hit, state, onClose }: Resolving & { merchantId: string; onClose: () => void }) {
  const [resolve, { isLoading }] = useResolveMatchMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const save = async () => {
    if (!reason.trim()) return setError('Say why');
    try {
      await resolve({ id: merchantId, hitId: hit.id, state, reason: reason.trim() }).unwrap();
      notifySuccess(state === 'cleared' ? 'Match cleared' : 'Match confirmed');
      onClose();
    } catch (failure) {
      setError(problemFieldErrors(failure).reason?.[0] ?? errorMessage(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{state === 'cleared' ? 'Clear this match?' : 'Confirm this match?'}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{describe(hit)}</Typography>
        <TextField
          label="Why"
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={isLoading} onClick={() => void save()}>
          {state === 'cleared' ? 'Clear' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OutsideCheckDialog({ merchantId, onClose }: { merchantId: string; onClose: () => void }) {
  const [record, { isLoading }] = useRecordOutsideCheckMutation();
  const [service, setService] = useState('MATCH');
  const [result, setResult] = useState<'match' | 'review'>('match');
  const [reasonCodeId, setReasonCodeId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [failure, setFailure] = useState<string>();
  const save = async () => {
    if (!reasonCodeId) return setErrors({ reasonCodeId: ['Choose a reason'] });
    try {
      await record({ id: merchantId, service, result, reasonCodeId, ...(note.trim() ? { note } : {}) }).unwrap();
      notifySuccess('Outside check recorded');
      onClose();
    } catch (error) {
      setErrors(problemFieldErrors(error));
      setFailure(errorMessage(error));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Enter outside check</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Service"
            value={service}
            onChange={(event) => setService(event.target.value)}
            size="small"
            error={Boolean(errors.service)}
            helperText={errors.service?.[0]}
          />
          <TextField
            select
            label="Result"
            value={result}
            onChange={(event) => setResult(event.target.value as 'match' | 'review')}
            size="small"
          >
            <MenuItem value="match">Listed (decline)</MenuItem>
            <MenuItem value="review">Possible (review)</MenuItem>
          </TextField>
          <ReasonSelect value={reasonCodeId} onChange={setReasonCodeId} error={errors.reasonCodeId?.[0]} />
          <TextField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} size="small" />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={isLoading} onClick={() => void save()}>
          Record
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import {
  apiTokenCreateSchema,
  READ_ONLY_TOKEN_SCOPES,
  roleAllowsScope,
  TOKEN_EXPIRY_CHOICES,
  TOKEN_EXPIRY_LABELS,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPE_SUBJECTS,
  TOKEN_SCOPE_WARNINGS,
  type ApiTokenWithSecret,
  type TokenExpiryChoice,
  type TokenScopeLevel,
  type TokenScopeSubject,
} from '@boardwalk/shared/schemas/api-token';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type SyntheticEvent } from 'react';
import { errorMessage, errorStatus, problemFieldErrors } from '../../lib/problem.ts';
import { useCreateApiTokenMutation } from '../../entities/api-tokens/api.ts';

type ScopeChoice = '' | TokenScopeLevel;

const SCOPE_OPTIONS: { value: ScopeChoice; label: string }[] = [
  { value: '', label: 'No access' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Read and write' },
];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Name, scopes per subject (only what the user's own role allows is offered, from the shared
 * abilities) and expiry; never expiring is offered to superadmins only. A read-only scope (reveal
 * sensitive values) is a tick box, off by default, with a warning once ticked. The server checks
 * all of it again.
 */
export function CreateTokenDialog({
  role,
  onClose,
  onCreated,
}: {
  role: string;
  onClose: () => void;
  onCreated: (token: ApiTokenWithSecret) => void;
}) {
  const [create, { isLoading }] = useCreateApiTokenMutation();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<TokenExpiryChoice>('90');
  const [expiresOn, setExpiresOn] = useState(inDays(30));
  const [scopes, setScopes] = useState<Partial<Record<TokenScopeSubject, ScopeChoice>>>({ merchant: 'read' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rootError, setRootError] = useState<string>();
  const user = { role };
  const expiryChoices = TOKEN_EXPIRY_CHOICES.filter((c) => c !== 'none' || role === 'ROLE_SUPERADMIN');
  const offered = TOKEN_SCOPE_SUBJECTS.filter((s) => roleAllowsScope(user, s, 'read'));
  const levelled = offered.filter((s) => !READ_ONLY_TOKEN_SCOPES.includes(s));
  const ticked = offered.filter((s) => READ_ONLY_TOKEN_SCOPES.includes(s));

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const chosen = Object.fromEntries(Object.entries(scopes).filter(([, level]) => level));
    const input = { name, scopes: chosen, expiry, ...(expiry === 'date' ? { expiresOn } : {}) };
    const parsed = apiTokenCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])));
      return;
    }
    setErrors({});
    setRootError(undefined);
    try {
      onCreated(await create(parsed.data).unwrap());
    } catch (error) {
      if (errorStatus(error) === 400) {
        const fields = problemFieldErrors(error);
        const next: Record<string, string> = {};
        for (const [field, messages] of Object.entries(fields))
          next[field.startsWith('scopes') ? 'scopes' : field] = messages.join(' ');
        setErrors(next);
      }
      setRootError(errorMessage(error));
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={isLoading ? undefined : onClose}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle>Create API token</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'What uses it, e.g. "CRM sync"'}
          />
          <TextField
            select
            label="Expires"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as TokenExpiryChoice)}
            error={Boolean(errors.expiry)}
            helperText={errors.expiry ?? ' '}
          >
            {expiryChoices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {TOKEN_EXPIRY_LABELS[choice]}
              </MenuItem>
            ))}
          </TextField>
          {expiry === 'date' && (
            <TextField
              type="date"
              label="Last day (UTC)"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.target.value)}
              error={Boolean(errors.expiresOn)}
              helperText={errors.expiresOn ?? ' '}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: inDays(1) } }}
            />
          )}
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend style={{ marginBottom: 8 }}>Scopes</legend>
            {errors.scopes && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {errors.scopes}
              </Alert>
            )}
            <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
              {levelled.map((subject) => (
                <TextField
                  key={subject}
                  select
                  size="small"
                  sx={{ width: 180 }}
                  label={TOKEN_SCOPE_LABELS[subject]}
                  value={scopes[subject] ?? ''}
                  onChange={(e) => setScopes((prev) => ({ ...prev, [subject]: e.target.value as ScopeChoice }))}
                >
                  {SCOPE_OPTIONS.map((option) => (
                    <MenuItem
                      key={option.value}
                      value={option.value}
                      disabled={option.value === 'write' && !roleAllowsScope(user, subject, 'write')}
                    >
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
            {ticked.map((subject) => (
              <Stack key={subject} sx={{ mt: 1 }}>
                <FormControlLabel
                  label={TOKEN_SCOPE_LABELS[subject]}
                  control={
                    <Checkbox
                      checked={scopes[subject] === 'read'}
                      onChange={(e) => setScopes((prev) => ({ ...prev, [subject]: e.target.checked ? 'read' : '' }))}
                    />
                  }
                />
                {scopes[subject] === 'read' && TOKEN_SCOPE_WARNINGS[subject] && (
                  <Alert severity="warning">{TOKEN_SCOPE_WARNINGS[subject]}</Alert>
                )}
              </Stack>
            ))}
          </fieldset>
          {rootError && <Alert severity="error">{rootError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isLoading}>
          Create token
        </Button>
      </DialogActions>
    </Dialog>
  );
}

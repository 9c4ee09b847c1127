import {
  API_TOKEN_SUBJECT,
  TOKEN_SCOPE_LABELS,
  type ApiToken,
  type ApiTokenWithSecret,
  type TokenScopeSubject,
} from '@boardwalk/shared/schemas/api-token';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Card, CardContent } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { useBoundedPage, type BoundedListOptions } from '../../components/data-table/bounded-list.ts';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useListApiTokensQuery, useRevokeApiTokenMutation } from '../../entities/api-tokens/api.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { RotateTokenDialog } from './rotate-token-dialog.tsx';
import { TokenSecretDialog } from './token-secret-dialog.tsx';
import { TokenStatusChip } from './token-status-chip.tsx';

export const scopeSummary = (token: ApiToken) =>
  Object.entries(token.scopes)
    .map(([subject, level]) => `${TOKEN_SCOPE_LABELS[subject as TokenScopeSubject] ?? subject}: ${level}`)
    .join(', ');

/** A date-time column that says "Never" for null (no expiry, not used yet). */
const orNever = (field: 'expiresAt' | 'lastUsedAt', headerName: string): GridColDef<ApiToken> => ({
  ...dateTimeColumn<ApiToken>(field, headerName),
  valueFormatter: (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : 'Never'),
});

const NOUN = { singular: 'API token', plural: 'API tokens' };
const SORTABLE = ['name', 'prefix', 'createdBy', 'createdAt', 'expiresAt', 'lastUsedAt', 'status'];
const BOUNDED: BoundedListOptions<ApiToken> = {
  searchText: (t) => `${t.name} ${t.prefix} ${t.createdBy.label}`,
  sortValue: (t, field) => (field === 'createdBy' ? t.createdBy.label : t[field as keyof ApiToken]),
};

const live = (t: ApiToken) => t.status === 'active' || t.status === 'rotating';

/**
 * The other live tokens of a token's rotation line (what it was rotated from or to, transitively):
 * the server revokes them with it, so that no secret of the pair keeps working.
 */
function revokedWith(token: ApiToken, tokens: readonly ApiToken[]): ApiToken[] {
  const line = new Map([[token.id, token]]);
  for (let grown = true; grown;) {
    grown = false;
    for (const t of tokens) {
      if (line.has(t.id)) continue;
      if ((t.rotatedFromId && line.has(t.rotatedFromId)) || [...line.values()].some((l) => l.rotatedFromId === t.id)) {
        line.set(t.id, t);
        grown = true;
      }
    }
  }
  return [...line.values()].filter((t) => t.id !== token.id && live(t));
}

function revokeMessage(token: ApiToken, tokens: readonly ApiToken[]) {
  const others = revokedWith(token, tokens).map((t) => `${t.prefix}…`);
  const pair = others.length > 0 ? `, and so does the other secret of its rotation (${others.join(', ')})` : '';
  return `“${token.name}” (${token.prefix}…) stops working at once${pair}. This cannot be undone.`;
}

type Actions = { onRotate: (t: ApiToken) => void; onRevoke: (t: ApiToken) => void; userId: string | undefined };

function columns({ onRotate, onRevoke, userId }: Actions): GridColDef<ApiToken>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'prefix',
      headerName: 'Prefix',
      width: 170,
      renderCell: ({ value }) => <code>{String(value)}…</code>,
    },
    {
      field: 'scopes',
      headerName: 'Scopes',
      flex: 1.4,
      minWidth: 220,
      sortable: false,
      valueGetter: (_v, row) => scopeSummary(row),
    },
    { field: 'createdBy', headerName: 'Creator', width: 160, valueGetter: (_v, row) => row.createdBy.label },
    dateTimeColumn<ApiToken>('createdAt', 'Created'),
    orNever('expiresAt', 'Expires'),
    orNever('lastUsedAt', 'Last used'),
    {
      field: 'status',
      headerName: 'Status',
      width: 170,
      renderCell: ({ row }) => <TokenStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 110,
      hideable: false,
      // Action items, as every resource list has them: the row keeps one Tab stop.
      getActions: ({ row }) =>
        live(row)
          ? [
              ...(row.createdBy.id === userId && row.status === 'active'
                ? [
                    <GridActionsCellItem
                      key="rotate"
                      icon={<AutorenewIcon fontSize="small" />}
                      label={`Rotate ${row.name}`}
                      onClick={() => onRotate(row)}
                    />,
                  ]
                : []),
              <GridActionsCellItem
                key="revoke"
                icon={<BlockIcon fontSize="small" />}
                label={`Revoke ${row.name}`}
                onClick={() => onRevoke(row)}
              />,
            ]
          : [],
    },
  ];
}

/**
 * /setting/api-tokens: every token with its prefix, scopes, creator, dates and
 * status; create (the secret shown once), rotate (own tokens) and revoke with confirmation.
 */
export function ApiTokensPage() {
  const query = useListApiTokensQuery();
  const session = useSession();
  const ability = useAppAbility();
  const role = session.data?.user.role ?? '';
  const userId = session.data?.user.id;
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiTokenWithSecret>();
  const [rotating, setRotating] = useState<ApiToken>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const [revoke, revokeState] = useRevokeApiTokenMutation();
  const gridColumns = useMemo(() => columns({ onRotate: setRotating, onRevoke: setRevoking, userId }), [userId]);
  // No second "Create token" in the empty grid: the header's is the one button of that name.
  // The API answers every token at once: the list state, in the URL as on any list page, is
  // applied here.
  const list = useListUrlState({ sortable: SORTABLE });
  const shown = useBoundedPage(query.data?.apiTokens, list.state, BOUNDED);
  const canCreate = ability.can('create', API_TOKEN_SUBJECT);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke(revoking.id).unwrap();
      notifySuccess(`Token “${revoking.name}” revoked.`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
    setRevoking(undefined);
  };

  return (
    <Box>
      <PageHeader
        title="API Tokens"
        subtitle="Tokens let other systems call the Boardwalk API as their creator, within their scopes"
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create token
            </Button>
          )
        }
      />
      <Card>
        <CardContent>
          <DataTable<ApiToken>
            gridId="api-tokens"
            noun={NOUN}
            columns={gridColumns}
            rows={shown.rows}
            total={shown.total}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            list={list}
          />
        </CardContent>
      </Card>
      {creating && (
        <CreateTokenDialog
          role={role}
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setSecret(token);
          }}
        />
      )}
      {rotating && (
        <RotateTokenDialog
          token={rotating}
          onClose={() => setRotating(undefined)}
          onRotated={(token) => {
            setRotating(undefined);
            setSecret(token);
          }}
        />
      )}
      {secret && <TokenSecretDialog token={secret} onClose={() => setSecret(undefined)} />}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke this token?"
        message={revoking ? revokeMessage(revoking, query.data?.apiTokens ?? []) : ''}
        confirmLabel="Revoke"
        busy={revokeState.isLoading}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(undefined)}
      />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import type { AppAbility } from '@boardwalk/shared/ability';
import { useAppAbility } from '../../lib/ability.tsx';
import { errorStatus, errorMessage } from '../../lib/problem.ts';
import { roleLabel } from '../../lib/role-label.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { startPageFor } from '../../lib/start-page.ts';
import { useGetPermissionsQuery } from '../../entities/permissions/api.ts';
import { PlainTable } from '../../components/plain-table/plain-table.tsx';

function describeRule(action: string | string[], subject: string | string[] | undefined) {
  const actions = ([] as string[]).concat(action);
  const subjects = ([] as string[]).concat(subject ?? 'all');
  if (actions.includes('manage') && subjects.includes('all')) return 'Manage everything';
  return `${actions.join(', ')} · ${subjects.join(', ')}`;
}

type Rule = AppAbility['rules'][number];

function RuleList({ title, rules, color }: { title: string; rules: Rule[]; color: 'primary' | 'default' }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        aria-label={title}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      >
        {rules.map((rule, index) => (
          <li key={index}>
            <Chip
              color={color}
              variant="outlined"
              label={describeRule(rule.action, rule.subject as string | string[] | undefined)}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** /acl: what the signed-in user may do and may not, and the permission list with the roles holding each. */
export function AclPage() {
  const { data: session } = useSession();
  const ability = useAppAbility();
  const role = session?.user.role ?? '';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const q = useDebouncedValue(search.trim(), 300);
  // The list of every permission is the administrators' (the API's ability for it is
  // read/permission): a role without it is not sent to ask, and a 403 all the same (the rules
  // changed under an open page) shows the same note.
  const canList = ability.can('read', 'permission');
  const { data, error, isFetching, isLoading } = useGetPermissionsQuery(
    { q: q || undefined, page, pageSize },
    { skip: !canList },
  );
  const listAllowed = canList && errorStatus(error) !== 403;
  // The same rules the app and the API enforce. A `cannot` rule is an exception to a broad grant
  // ("manage everything but the audit log"); beside narrow grants it denies nothing more.
  const allowed = ability.rules.filter((rule) => !rule.inverted);
  const grantsAll = allowed.some((rule) => ([] as unknown[]).concat(rule.subject ?? 'all').includes('all'));
  const denied = grantsAll ? ability.rules.filter((rule) => rule.inverted) : [];
  const onlyThisPage = startPageFor(ability) === '/acl';

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            Access Control
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            You are signed in as <strong>{roleLabel(role)}</strong>.
            {onlyThisPage
              ? ' This is the only page your role may open: it has no access to merchants, reports or settings. Ask an administrator if your work needs more.'
              : null}
          </Typography>
          <RuleList title="Your role may" rules={allowed} color="primary" />
          {denied.length > 0 ? <RuleList title="Your role may not" rules={denied} color="default" /> : null}
        </CardContent>
      </Card>

      {listAllowed ? (
        <Card>
          <CardHeader
            title="Permissions"
            subheader="Each role's rules, as the application defines them. They are not stored records, so they carry no dates."
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            action={
              <TextField
                size="small"
                label="Search permissions"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
              />
            }
            sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
          />
          {isFetching ? <LinearProgress aria-label="Loading permissions" /> : <Box sx={{ height: 4 }} />}
          {error ? (
            <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
              {errorMessage(error, 'The permissions could not be loaded.')}
            </Alert>
          ) : null}
          <PlainTable
            label="Permissions"
            hover
            columns={[{ label: 'Name' }, { label: 'Action' }, { label: 'Subject' }, { label: 'Assigned to' }]}
            rows={data?.permissions ?? []}
            rowKey={(row) => row.id}
            cells={(row) => [
              row.name,
              row.action,
              row.subject,
              <Box key="roles" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {row.assignedTo.map((r) => (
                  <Chip key={r} size="small" label={roleLabel(r)} color={r === role ? 'primary' : 'default'} />
                ))}
              </Box>,
            ]}
            empty={!isLoading && !error ? (q ? `No permissions match "${q}".` : 'No permissions yet.') : undefined}
          />
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Card>
      ) : (
        <Alert severity="info">
          The full permission list, with the roles that hold each permission, is shown to administrators.
        </Alert>
      )}
    </Box>
  );
}

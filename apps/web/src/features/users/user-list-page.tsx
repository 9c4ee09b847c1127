import { userActionRefusal } from '@boardwalk/shared/user-rules';
import { useCallback } from 'react';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '@boardwalk/shared/schemas/user';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import type { ListFilter } from '../../components/data-table/list-filters.tsx';
import { ResourceListPage, type ResourceEditing } from '../../components/data-table/resource-list-page.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { useDeleteUserMutation, useListUsersQuery } from '../../entities/users/api.ts';
import { ROLE_LABELS, ROLE_OPTIONS, STATUS_LABELS, STATUS_OPTIONS, userName } from './user-labels.ts';

const columns: GridColDef<User>[] = [
  { field: 'displayName', headerName: 'Name', flex: 1, minWidth: 180, valueGetter: (_value, row) => userName(row) },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 220 },
  { field: 'role', headerName: 'Role', width: 130, valueFormatter: (value: User['role']) => ROLE_LABELS[value] },
  {
    field: 'status',
    headerName: 'Status',
    width: 130,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={STATUS_LABELS[row.status]}
        color={row.status === 'active' ? 'success' : 'warning'}
        variant={row.status === 'active' ? 'filled' : 'outlined'}
      />
    ),
  },
  dateTimeColumn<User>('lastLoginAt', 'Last sign-in'),
];

const filters: ListFilter[] = [
  { key: 'role', label: 'Role', options: ROLE_OPTIONS },
  { key: 'status', label: 'Status', options: STATUS_OPTIONS },
];

// Loaded only for a URL filter value that is not one of the filters' options (decision 055).
const loadQuerySchema = () => import('@boardwalk/shared/schemas/user').then((m) => m.userListQuerySchema);

const editing: ResourceEditing<User> = {
  kind: 'page',
  addPath: '/user/add',
  editPath: (user) => `/user/edit/${user.id}`,
};

/** /user/list: staff and agent users with role and status. */
export function UserListPage() {
  const actor = useSession().data?.user;
  // No Delete where the server refuses it (one's own account, a role above one's own).
  const canDeleteRow = useCallback(
    (user: User) => !!actor && userActionRefusal(actor, user, 'delete') === null,
    [actor],
  );
  return (
    <ResourceListPage
      title="Users"
      noun={{ singular: 'user', plural: 'users' }}
      subject="user"
      gridId="users"
      listKey="users"
      columns={columns}
      useList={useListUsersQuery}
      useDelete={useDeleteUserMutation}
      describe={userName}
      editing={editing}
      filters={filters}
      querySchema={loadQuerySchema}
      defaultSort="email"
      canDeleteRow={canDeleteRow}
    />
  );
}

import type { PermissionRow } from '@boardwalk/shared/schemas/user';
import { api } from '../../lib/api.ts';

export type PermissionListParams = { q?: string; page: number; pageSize: number };

export type PermissionList = {
  permissions: PermissionRow[];
  params: Record<string, unknown>;
  allData: PermissionRow[];
  total: number;
};

const aclApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPermissions: build.query<PermissionList, PermissionListParams>({
      query: ({ q, page, pageSize }) => ({
        url: '/apps/permissions/data',
        params: { ...(q ? { q } : {}), page, pageSize },
      }),
      providesTags: [{ type: 'Permission', id: 'LIST' }],
    }),
  }),
});

export const { useGetPermissionsQuery } = aclApi;

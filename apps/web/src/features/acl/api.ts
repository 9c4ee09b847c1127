import { api } from '../../lib/api.ts';

/** A row of GET /apps/permissions/data (SPEC §7). */
export type PermissionRow = {
  id: string | number;
  name: string;
  action: string;
  subject: string;
  assignedTo: string[];
  createdDate: string;
};

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

import type { AuditListResponse } from '@boardwalk/shared';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';

export const AUDIT_PATH = '/api/history/audit';
export const AUDIT_EXPORT_PATH = `${AUDIT_PATH}/export.csv`;

export const auditLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No tags: the log only grows, and nothing on this page changes it.
    listAudit: build.query<AuditListResponse, ListQueryParams>({
      query: (params) => ({ url: AUDIT_PATH, params }),
    }),
  }),
});

export const { useListAuditQuery } = auditLogApi;

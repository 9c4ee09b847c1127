import type {
  MerchantImport,
  MerchantImportConfirmInput,
  MerchantImportDryRun,
  MerchantImportMapping,
  MerchantImportUpload,
} from '@boardwalk/shared/schemas/merchant-import';
import { api } from '../../lib/api.ts';

const PATH = '/api/merchant-imports';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** Importing merchants from a spreadsheet (docs/decisions/105). */
export const merchantImportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadMerchantImport: build.mutation<MerchantImport, MerchantImportUpload>({
      query: (body) => ({ url: PATH, method: 'POST', body }),
    }),
    // Polled while the job runs: no cache tags, each answer is read fresh.
    getMerchantImport: build.query<MerchantImport, string>({ query: (id) => one(id), keepUnusedDataFor: 0 }),
    dryRunMerchantImport: build.mutation<MerchantImportDryRun, { id: string; mapping: MerchantImportMapping }>({
      query: ({ id, mapping }) => ({ url: `${one(id)}/dry-run`, method: 'POST', body: { mapping } }),
    }),
    confirmMerchantImport: build.mutation<MerchantImport, MerchantImportConfirmInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/confirm`, method: 'POST', body }),
    }),
  }),
});

export const skippedRowsUrl = (id: string) => `${one(id)}/skipped.csv`;

export const {
  useUploadMerchantImportMutation,
  useGetMerchantImportQuery,
  useDryRunMerchantImportMutation,
  useConfirmMerchantImportMutation,
} = merchantImportsApi;

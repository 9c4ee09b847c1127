import type { SanctionsImportInput, SanctionsListVersion } from '@boardwalk/shared/schemas/sanctions';
import { api } from '../../lib/api.ts';

const PATH = '/api/sanctions-lists';

/** Sanctions list versions and their import (docs/decisions/099, 119). */
export const sanctionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSanctionsLists: build.query<{ versions: SanctionsListVersion[] }, void>({ query: () => PATH }),
    importSanctionsList: build.mutation<SanctionsListVersion, SanctionsImportInput>({
      query: (body) => ({ url: PATH, method: 'POST', body }),
    }),
  }),
});

export const { useListSanctionsListsQuery, useImportSanctionsListMutation } = sanctionsApi;

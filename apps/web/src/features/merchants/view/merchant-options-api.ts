import type { Agent } from '@boardwalk/shared/schemas/agent';
import type { Company } from '@boardwalk/shared/schemas/company';
import type { Industry } from '@boardwalk/shared/schemas/industry';
import type { LeadSource } from '@boardwalk/shared/schemas/lead-source';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import { allDataEndpoint, optionsEndpoint } from '../../../components/data-table/resource-endpoints.ts';
import { api } from '../../../lib/api.ts';

/** The pickers of the add form and the view (bounded reference data: one allData request each). */
export const merchantOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    merchantStageOptions: build.query<Stage[], void>(allDataEndpoint<'Stage', 'stages', Stage>('/api/stages', 'Stage')),
    merchantAgentOptions: build.query<Agent[], void>(
      allDataEndpoint<'Agent', 'agentAccounts', Agent>('/api/agents', 'Agent'),
    ),
    merchantCompanyOptions: build.query<Company[], void>(
      allDataEndpoint<'Company', 'companies', Company>('/api/companies', 'Company'),
    ),
    merchantIndustryOptions: build.query<Industry[], void>(
      allDataEndpoint<'Industry', 'industries', Industry>('/api/industry', 'Industry'),
    ),
    merchantLeadSourceOptions: build.query<LeadSource[], void>(
      allDataEndpoint<'LeadSource', 'leadSources', LeadSource>('/api/lead-sources', 'LeadSource'),
    ),
    /** Who a merchant can be assigned to: the portal's users (agents work through their agent record). */
    merchantAssigneeOptions: build.query<UserOption[], void>(
      optionsEndpoint<'User', UserOption>('/api/users/options', 'User', { status: 'active' }),
    ),
  }),
});

export const {
  useMerchantStageOptionsQuery,
  useMerchantAgentOptionsQuery,
  useMerchantCompanyOptionsQuery,
  useMerchantIndustryOptionsQuery,
  useMerchantLeadSourceOptionsQuery,
  useMerchantAssigneeOptionsQuery,
} = merchantOptionsApi;

import { useAgentOptionsQuery } from '../../../entities/agents/api.ts';
import { useCompanyOptionsQuery } from '../../../entities/companies/api.ts';
import { useIndustryOptionsQuery } from '../../../entities/industries/api.ts';
import { useLeadSourceOptionsQuery } from '../../../entities/lead-sources/api.ts';
import { useStageOptionsQuery } from '../../../entities/stages/api.ts';
import { useListUserOptionsQuery } from '../../../entities/users/api.ts';
import { useAppAbility } from '../../../lib/ability.tsx';

/**
 * The pickers of the add form, the view and the list, under the names those files use. Each is
 * its resource's one endpoint (entities/<resource>/api.ts), so a picker here shares its cache
 * with every other picker and list of the resource.
 */
export const useMerchantStageOptionsQuery = useStageOptionsQuery;
export const useMerchantAgentOptionsQuery = useAgentOptionsQuery;
export const useMerchantCompanyOptionsQuery = useCompanyOptionsQuery;
export const useMerchantIndustryOptionsQuery = useIndustryOptionsQuery;
export const useMerchantLeadSourceOptionsQuery = useLeadSourceOptionsQuery;

/** Whether the user may read the users: an agent may not, and their user pickers ask nothing (decision 117). */
const useReadsUsers = () => useAppAbility().can('read', 'user');

/** Who a merchant can be assigned to: the portal's active users (agents work through their agent record). */
export const useMerchantAssigneeOptionsQuery = () =>
  useListUserOptionsQuery({ status: 'active' }, { skip: !useReadsUsers() });

/** Every user, to name the assignees in the list's filter and column. */
export const useMerchantUserOptionsQuery = () => useListUserOptionsQuery(undefined, { skip: !useReadsUsers() });

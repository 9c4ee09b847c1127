import type { Agent } from '@boardwalk/shared/schemas/agent';
import type { Company } from '@boardwalk/shared/schemas/company';
import type { Industry } from '@boardwalk/shared/schemas/industry';
import type { LeadSource } from '@boardwalk/shared/schemas/lead-source';
import type {
  DecisionsReport,
  FunnelReport,
  NewMerchantsReport,
  ProductionReport,
  SlaBreachesReport,
  TimeInStageReport,
} from '@boardwalk/shared/schemas/report';
import { allDataEndpoint } from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';

/** The query every report takes (from, to, tz, filters) plus the report's own (interval, by). */
export type ReportParams = Record<string, string>;

const report = <T>(path: string) => ({
  query: (params: ReportParams) => ({ url: `/api/reports/${path}`, params }),
  // Stage changes and edits move the numbers: refetch with the merchant lists.
  providesTags: [{ type: 'Merchant' as const, id: 'LIST' }],
  transformResponse: (body: T) => body,
});

export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    funnelReport: build.query<FunnelReport, ReportParams>(report<FunnelReport>('funnel')),
    newMerchantsReport: build.query<NewMerchantsReport, ReportParams>(report<NewMerchantsReport>('new-merchants')),
    timeInStageReport: build.query<TimeInStageReport, ReportParams>(report<TimeInStageReport>('time-in-stage')),
    decisionsReport: build.query<DecisionsReport, ReportParams>(report<DecisionsReport>('decisions')),
    slaBreachesReport: build.query<SlaBreachesReport, ReportParams>(report<SlaBreachesReport>('sla-breaches')),
    productionReport: build.query<ProductionReport, ReportParams>(report<ProductionReport>('production')),
    reportAgentOptions: build.query<Agent[], void>(
      allDataEndpoint<'Agent', 'agentAccounts', Agent>('/api/agents', 'Agent'),
    ),
    reportCompanyOptions: build.query<Company[], void>(
      allDataEndpoint<'Company', 'companies', Company>('/api/companies', 'Company'),
    ),
    reportIndustryOptions: build.query<Industry[], void>(
      allDataEndpoint<'Industry', 'industries', Industry>('/api/industry', 'Industry'),
    ),
    reportLeadSourceOptions: build.query<LeadSource[], void>(
      allDataEndpoint<'LeadSource', 'leadSources', LeadSource>('/api/lead-sources', 'LeadSource'),
    ),
  }),
});

export const {
  useFunnelReportQuery,
  useNewMerchantsReportQuery,
  useTimeInStageReportQuery,
  useDecisionsReportQuery,
  useSlaBreachesReportQuery,
  useProductionReportQuery,
  useReportAgentOptionsQuery,
  useReportCompanyOptionsQuery,
  useReportIndustryOptionsQuery,
  useReportLeadSourceOptionsQuery,
} = reportApi;

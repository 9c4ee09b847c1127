import type {
  DecisionsReport,
  FunnelReport,
  NewMerchantsReport,
  ProductionReport,
  SlaBreachesReport,
  TimeInStageReport,
} from '@boardwalk/shared/schemas/report';
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
  }),
});

export const {
  useFunnelReportQuery,
  useNewMerchantsReportQuery,
  useTimeInStageReportQuery,
  useDecisionsReportQuery,
  useSlaBreachesReportQuery,
  useProductionReportQuery,
} = reportApi;

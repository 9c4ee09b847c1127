/**
 * The pipelines and the merchant views, without zod: the web's route table (in the first bundle)
 * makes a list and a board route of each, and must not pull the schemas in with them.
 */
export const PIPELINES = ['sales', 'underwriting', 'operations', 'withdrawn', 'terminated', 'dead'] as const;
export type Pipeline = (typeof PIPELINES)[number];
export const PIPELINE_LABELS: Record<Pipeline, string> = {
  sales: 'Sales',
  underwriting: 'Underwriting',
  operations: 'Operations',
  withdrawn: 'Withdrawn',
  terminated: 'Terminated',
  dead: 'Dead',
};

/** `GET /api/merchants/{view}`: a pipeline, or all merchants. */
export const MERCHANT_VIEWS = ['all', ...PIPELINES] as const;
export type MerchantView = (typeof MERCHANT_VIEWS)[number];

/** The list's path of a view: all merchants at `/api/merchants`, a pipeline at `/api/merchants/{pipeline}`. */
export function merchantListPath(view: MerchantView): string {
  return view === 'all' ? '/api/merchants' : `/api/merchants/${view}`;
}

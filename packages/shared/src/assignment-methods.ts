/** How an assignment rule picks among its group (docs/decisions/104). */
export const ASSIGNMENT_METHODS = ['round_robin', 'fewest_open'] as const;
export type AssignmentMethod = (typeof ASSIGNMENT_METHODS)[number];
export const ASSIGNMENT_METHOD_LABELS: Record<AssignmentMethod, string> = {
  round_robin: 'Round robin',
  fewest_open: 'Fewest open merchants',
};

/** Pipelines whose merchants count as open work against a user's capacity. */
export const OPEN_WORK_PIPELINES = ['sales', 'underwriting', 'operations'] as const;

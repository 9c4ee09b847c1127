import type { HomeSummary } from '@boardwalk/shared/schemas/home';

/** What GET /api/home answers on a fresh database (the home page's tests). */
export const EMPTY_HOME: HomeSummary = {
  myStages: [],
  overSlaMine: [],
  overSlaAll: [],
  recentActivity: [],
  kpis: {
    periodDays: 30,
    currentStart: '2026-02-13T12:00:00.000Z',
    previousStart: '2026-01-14T12:00:00.000Z',
    newApplications: { current: 0, previous: 0 },
    approvals: { current: 0, previous: 0 },
    goLives: { current: 0, previous: 0 },
    medianDaysToApprove: { current: null, previous: null },
  },
};

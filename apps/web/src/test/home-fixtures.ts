import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { fakeFetch } from './fake-fetch.ts';
import { renderPage } from './render-page.tsx';

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

/**
 * Renders `page` at /home with GET /api/home held back until the stages tile shows its skeleton,
 * then answers with the empty desk and waits for it to show.
 */
export async function renderThroughDeskAnswer(page: ReactElement): Promise<void> {
  let answer: (r: { body: HomeSummary }) => void = () => {};
  fakeFetch({ 'GET /api/home': () => new Promise((resolve) => (answer = resolve)) });
  renderPage(page, { url: '/home' });
  expect(await screen.findByRole('status', { name: 'Loading My merchants by stage' })).toBeVisible();
  answer({ body: EMPTY_HOME });
  expect(await screen.findByText(/No merchant is assigned to you yet/)).toBeVisible();
}

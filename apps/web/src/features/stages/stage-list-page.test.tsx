import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { StageListPage } from './stage-list-page.tsx';

const stage = (
  n: number,
  name: string,
  pipeline: Stage['pipeline'],
  position: number,
  extra: Partial<Stage> = {},
): Stage => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name,
  pipeline,
  position,
  color: '#9155fd',
  isActive: true,
  isDefault: false,
  slaHours: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  ...extra,
});

/** A fake stages API that applies reorders, as the server does. */
function stagesApi() {
  let stages = [
    stage(1, 'New Lead', 'sales', 0, { isDefault: true }),
    stage(2, 'Contacted', 'sales', 1),
    stage(3, 'Proposal Sent', 'sales', 2),
    stage(4, 'In Review', 'underwriting', 0),
  ];
  return fakeFetch({
    // As the API: allData only when asked for.
    'GET /api/stages': ({ search }) => ({
      body: {
        ...listBody('stages', stages.slice(0, 1), stages.length),
        allData: search.get('allData') === 'true' ? stages : [],
      },
    }),
    'PATCH /api/stages/reorder': ({ body }) => {
      const { pipeline, ids } = body as { pipeline: string; ids: string[] };
      stages = stages.map((s) => (s.pipeline === pipeline ? { ...s, position: ids.indexOf(s.id) } : s));
      return { body: { stages: stages.filter((s) => s.pipeline === pipeline) } };
    },
  });
}

const salesNames = () =>
  within(screen.getByRole('list', { name: 'Sales stages' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StageListPage', { timeout: 60_000 }, () => {
  it('groups stages by pipeline and marks the default entry stage', async () => {
    stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    expect(await screen.findByRole('list', { name: 'Sales stages' })).toBeInTheDocument();
    expect(salesNames()).toEqual(['New Lead', 'Contacted', 'Proposal Sent']);
    expect(
      within(screen.getByRole('listitem', { name: 'New Lead' })).getByText('Default entry stage'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Underwriting stages' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Dead' })).toHaveTextContent('No stages in this pipeline yet.');
  });

  it('moves a stage down with the keyboard and saves the pipeline order', async () => {
    const user = userEvent.setup();
    const api = stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    const moveDown = await screen.findByRole('button', { name: 'Move Contacted down' });
    moveDown.focus();
    await user.keyboard('{Enter}');
    expect(salesNames()).toEqual(['New Lead', 'Proposal Sent', 'Contacted']);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/stages/reorder')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/stages/reorder')[0]!.body).toEqual({
      pipeline: 'sales',
      ids: [
        '00000000-0000-7000-8000-000000000001',
        '00000000-0000-7000-8000-000000000003',
        '00000000-0000-7000-8000-000000000002',
      ],
    });
    expect(await screen.findByText('Stage order saved')).toBeInTheDocument();
    expect(screen.getByText('Contacted moved to position 3 of 3.')).toHaveAttribute('aria-live', 'polite');
    // The refetched list keeps the new order.
    await waitFor(() => expect(api.callsTo('GET', '/api/stages').length).toBeGreaterThan(1));
    expect(salesNames()).toEqual(['New Lead', 'Proposal Sent', 'Contacted']);
  });

  it('reorders by keyboard drag: Space picks up, arrow moves, Space drops', async () => {
    // jsdom has no layout: give each row a place so the keyboard sensor can find its neighbours.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const item = this.closest('li');
      const index = item?.parentElement ? Array.from(item.parentElement.children).indexOf(item) : 0;
      const top = index * 50;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 400,
        bottom: top + 48,
        width: 400,
        height: 48,
        toJSON: () => ({}),
      };
    });
    const user = userEvent.setup();
    const api = stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    const handle = await screen.findByRole('button', { name: 'Drag to reorder New Lead' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(api.callsTo('PATCH', '/api/stages/reorder')).toHaveLength(1));
    expect((api.callsTo('PATCH', '/api/stages/reorder')[0]!.body as { ids: string[] }).ids[0]).toBe(
      '00000000-0000-7000-8000-000000000002',
    );
  });
});

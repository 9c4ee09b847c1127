import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/**
 * A fake stages API that applies reorders, as the server does. Gates hold back the reorders and
 * the list's second read (each answers as the server would at the time the gate opens).
 */
function stagesApi(gates: { save?: Promise<void>; secondRead?: Promise<void> } = {}) {
  let reads = 0;
  let stages = [
    stage(1, 'New Lead', 'sales', 0, { isDefault: true }),
    stage(2, 'Contacted', 'sales', 1),
    stage(3, 'Proposal Sent', 'sales', 2),
    stage(4, 'In Review', 'underwriting', 0),
  ];
  return fakeFetch({
    // As the API: allData only when asked for.
    'GET /api/stages': async ({ search }) => {
      const read = stages;
      reads += 1;
      if (reads === 2) await gates.secondRead;
      return {
        body: {
          ...listBody('stages', read.slice(0, 1), read.length),
          allData: search.get('allData') === 'true' ? read : [],
        },
      };
    },
    'PATCH /api/stages/reorder': async ({ body }) => {
      await gates.save;
      const { pipeline, ids } = body as { pipeline: string; ids: string[] };
      stages = stages.map((s) => (s.pipeline === pipeline ? { ...s, position: ids.indexOf(s.id) } : s));
      return { body: { stages: stages.filter((s) => s.pipeline === pipeline) } };
    },
    'PATCH /api/stages/00000000-0000-7000-8000-000000000003': () => {
      stages = stages.map((s) => ({ ...s, isDefault: s.name === 'Proposal Sent' }));
      return { body: stages.find((s) => s.name === 'Proposal Sent') };
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

  it('reorders by keyboard drag: Space lifts, each arrow moves at once, Space drops, even pressed in one go', async () => {
    // No layout and no waiting between keys: the move must not depend on measured places, a
    // scroll or a timer (dnd-kit's keyboard sensor dropped a quick Space, arrow, Space in place).
    const api = stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Proposal Sent' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' });
    fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' });
    expect(salesNames()).toEqual(['Proposal Sent', 'New Lead', 'Contacted']);
    expect(screen.getByText('Proposal Sent is at position 1 of 3.')).toHaveAttribute('aria-live', 'polite');
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.callsTo('PATCH', '/api/stages/reorder')).toHaveLength(1));
    expect((api.callsTo('PATCH', '/api/stages/reorder')[0]!.body as { ids: string[] }).ids).toEqual([
      '00000000-0000-7000-8000-000000000003',
      '00000000-0000-7000-8000-000000000001',
      '00000000-0000-7000-8000-000000000002',
    ]);
    expect(await screen.findByText('Stage order saved')).toBeInTheDocument();
    expect(salesNames()).toEqual(['Proposal Sent', 'New Lead', 'Contacted']);
  });

  it('gives each row one Tab stop; arrows move between its controls and to the rows above and below', async () => {
    const user = userEvent.setup();
    stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    const handle = (name: string) => screen.getByRole('button', { name: `Drag to reorder ${name}` });
    await screen.findByRole('list', { name: 'Sales stages' });
    // One Tab stop per row (the first control), the rest reached with the arrow keys.
    const tabbable = within(screen.getByRole('list', { name: 'Sales stages' }))
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(tabbable).toEqual([handle('New Lead'), handle('Contacted'), handle('Proposal Sent')]);

    handle('New Lead').focus();
    await user.tab();
    expect(handle('Contacted')).toHaveFocus();
    // Along the row: the first row cannot move up, so Right goes to Move down; End to Delete.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Move Contacted up' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Move Contacted down' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Delete Contacted' })).toHaveFocus();
    // Down to the same control in the next row; the row remembers its Tab stop.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Delete Proposal Sent' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete Proposal Sent' })).toHaveAttribute('tabindex', '0');
    expect(handle('Proposal Sent')).toHaveAttribute('tabindex', '-1');
    // Up twice: New Lead, the default stage, has no Delete, so its last control takes the focus.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Edit New Lead' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(handle('New Lead')).toHaveFocus();
    // Shift+Tab leaves the row for the one before it… here the pipeline's Add button.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Add stage to Sales' })).toHaveFocus();
  });

  it('keeps the arrow keys for moving a stage while it is lifted', async () => {
    const api = stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Contacted' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(handle).toHaveFocus();
    expect(salesNames()).toEqual(['New Lead', 'Proposal Sent', 'Contacted']);
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(api.callsTo('PATCH', '/api/stages/reorder')).toHaveLength(1));
    // Dropped: the arrows move the focus again.
    fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' });
    expect(screen.getByRole('button', { name: 'Drag to reorder Proposal Sent' })).toHaveFocus();
  });

  it('puts a keyboard-lifted stage back on Escape, and saves nothing', async () => {
    const api = stagesApi();
    renderPage(<StageListPage />, { url: '/stage/list' });
    const handle = await screen.findByRole('button', { name: 'Drag to reorder New Lead' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(salesNames()).toEqual(['Contacted', 'New Lead', 'Proposal Sent']);
    fireEvent.keyDown(handle, { key: 'Escape', code: 'Escape' });
    expect(salesNames()).toEqual(['New Lead', 'Contacted', 'Proposal Sent']);
    expect(screen.getByText('Reordering cancelled; New Lead is back in place.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/stages/reorder')).toHaveLength(0);
  });

  it('keeps a new order on screen while it saves, when a read from before the save lands meanwhile', async () => {
    const user = userEvent.setup();
    const open = { save: () => {}, read: () => {} };
    const api = stagesApi({
      save: new Promise<void>((resolve) => (open.save = resolve)),
      secondRead: new Promise<void>((resolve) => (open.read = resolve)),
    });
    renderPage(<StageListPage />, { url: '/stage/list' });
    // Another change first: its refetch reads the list and is still on its way when the order changes.
    await user.click(await screen.findByRole('button', { name: 'Make Proposal Sent the default entry stage' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/stages')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Move Contacted down' }));
    expect(salesNames()).toEqual(['New Lead', 'Proposal Sent', 'Contacted']);
    open.read();
    expect(
      await within(screen.getByRole('listitem', { name: 'Proposal Sent' })).findByText('Default entry stage'),
    ).toBeInTheDocument();
    expect(salesNames()).toEqual(['New Lead', 'Proposal Sent', 'Contacted']);
    open.save();
    expect(await screen.findByText('Stage order saved')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/stages')).toHaveLength(3));
    expect(salesNames()).toEqual(['New Lead', 'Proposal Sent', 'Contacted']);
  });
});

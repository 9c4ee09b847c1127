import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { cleanup, screen, within } from '@testing-library/react';
import { lazy, Profiler, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { trendText } from './desk-tiles.tsx';
import { EMPTY_HOME, renderThroughDeskAnswer } from '../../test/home-fixtures.ts';
import { HomePage } from './home-page.tsx';
import { TILE_ROW_PX } from './home-tile.tsx';

const kpi = (current: number | null, previous: number | null) => ({ current, previous });

const LEAD = '00000000-0000-7000-8000-0000000000c1';
const MERCHANT = '00000000-0000-7000-8000-0000000000d1';

const tile = (name: string) => screen.getByRole('region', { name });

describe('HomePage', () => {
  afterEach(cleanup);

  it('says what each tile is for on a fresh database', async () => {
    fakeFetch({ 'GET /api/home': () => ({ body: EMPTY_HOME }) });
    renderPage(<HomePage />, { url: '/home' });
    expect(await within(tile('My merchants by stage')).findByText(/No merchant is assigned to you yet/)).toBeVisible();
    expect(within(tile("Over their stage's SLA")).getByText(/No merchant is over its stage’s SLA/)).toBeVisible();
    expect(within(tile('Recent activity on my merchants')).getByText(/Nothing has happened/)).toBeVisible();
    const kpis = tile('Last 30 days, all merchants');
    expect(within(kpis).getAllByText('No change on the 30 days before')).toHaveLength(3);
    expect(within(kpis).getByText('Nothing to compare with')).toBeVisible();
  });

  it('says an email that was only logged was not sent (decision 082)', async () => {
    const email = (id: string, channel: 'email' | 'sms', outcome: 'sent' | 'logged' | 'failed') => ({
      id,
      merchantId: MERCHANT,
      dbaName: `Bakery ${id.slice(-1)}`,
      type: 'email',
      actorName: null,
      at: '2026-03-14T09:00:00.000Z',
      message: { channel, outcome },
    });
    fakeFetch({
      'GET /api/home': () => ({
        body: {
          ...EMPTY_HOME,
          recentActivity: [
            email('00000000-0000-7000-8000-0000000000e1', 'email', 'logged'),
            email('00000000-0000-7000-8000-0000000000e2', 'email', 'sent'),
            email('00000000-0000-7000-8000-0000000000e3', 'sms', 'failed'),
          ],
        } satisfies HomeSummary,
      }),
    });
    renderPage(<HomePage />, { url: '/home' });
    const activity = tile('Recent activity on my merchants');
    const rows = await within(activity).findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Bakery 1 email logged only, not sent',
      'Bakery 2 email sent',
      'Bakery 3 SMS not sent',
    ]);
  });

  it('shows loading skeletons until the desk arrives', async () => {
    await renderThroughDeskAnswer(<HomePage />);
    expect(screen.queryByRole('status', { name: 'Loading My merchants by stage' })).toBeNull();
  });

  it('links each tile to the list behind it', async () => {
    fakeFetch({
      'GET /api/home': () => ({
        body: {
          ...EMPTY_HOME,
          myStages: [{ stageId: LEAD, name: 'Lead', pipeline: 'sales', position: 0, count: 4 }],
          overSlaMine: [
            {
              stageId: LEAD,
              name: 'Lead',
              pipeline: 'sales',
              position: 0,
              count: 2,
              slaHours: 24,
              enteredBefore: '2026-03-14T12:00:00.000Z',
            },
          ],
          overSlaAll: null,
          recentActivity: [
            {
              id: MERCHANT,
              merchantId: MERCHANT,
              dbaName: 'Fresh Bakery',
              type: 'note_added',
              actorName: 'Ada',
              at: '2026-03-14T09:00:00.000Z',
              message: null,
            },
          ],
          kpis: { ...EMPTY_HOME.kpis, newApplications: kpi(5, 2) },
        } satisfies HomeSummary,
      }),
    });
    renderPage(<HomePage />, { url: '/home' });
    const mine = await within(tile('My merchants by stage')).findByRole('link', { name: 'Sales · Lead' });
    expect(mine).toHaveAttribute('href', `/merchant/sales?stageId=${LEAD}&assignee=me`);
    const over = within(tile("Over their stage's SLA")).getByRole('link', { name: 'Sales · Lead (24 h)' });
    // The tile's own definition (decision 041), not a day that only approximates it.
    expect(over).toHaveAttribute(
      'href',
      `/merchant/sales?stageId=${LEAD}&overSla=true&sort=stageEnteredAt&order=asc&assignee=me`,
    );
    // Not an admin's answer: no "Everyone's" list.
    expect(within(tile("Over their stage's SLA")).queryByText("Everyone's")).toBeNull();
    const bakery = screen.getByRole('link', { name: 'Fresh Bakery' });
    expect(bakery).toHaveAttribute('href', `/merchant/view/${MERCHANT}`);
    // A link inside a sentence is underlined, not told apart by colour alone (axe link-in-text-block).
    expect(getComputedStyle(bakery).textDecoration).toContain('underline');
    expect(screen.getByText('Up 3 on the 30 days before')).toBeVisible();
  });

  it('renders the tiles the shell passes in first', async () => {
    fakeFetch({ 'GET /api/home': () => ({ body: EMPTY_HOME }) });
    renderPage(<HomePage leadingTiles={[{ key: 'todos', Tile: () => <p>My todos tile</p>, minHeight: 100 }]} />, {
      url: '/home',
    });
    expect(await screen.findByText('My todos tile')).toBeVisible();
  });

  // Decision 063: the greeting (the page's largest paint) is committed on its own, the tiles after it.
  it('commits the greeting before the tiles', async () => {
    fakeFetch({ 'GET /api/home': () => ({ body: EMPTY_HOME }) });
    const commits: { greeting: boolean; tiles: boolean }[] = [];
    renderPage(
      <Profiler
        id="home"
        onRender={() =>
          commits.push({
            greeting: document.querySelector('h1') !== null,
            tiles: document.querySelector('section') !== null,
          })
        }
      >
        <HomePage />
      </Profiler>,
      { url: '/home' },
    );
    expect(await screen.findByRole('region', { name: 'Last 30 days, all merchants' })).toBeVisible();
    const first = commits.findIndex((c) => c.greeting);
    expect(commits[first]).toEqual({ greeting: true, tiles: false });
    expect(commits.findIndex((c) => c.tiles)).toBeGreaterThan(first);
  });

  // The layout does not move while the answers arrive (decision 049; e2e home-layout-shift.spec.ts
  // measures it in Chromium): each part keeps the height it will have.
  it('keeps the place of a lazy tile and of the four figures while they load', async () => {
    let answer: (r: { body: HomeSummary }) => void = () => {};
    fakeFetch({ 'GET /api/home': () => new Promise((resolve) => (answer = resolve)) });
    let arrive: () => void = () => {};
    const code = new Promise<{ default: () => ReactElement }>(
      (resolve) => (arrive = () => resolve({ default: () => <p>My todos tile</p> })),
    );
    const Lazy = lazy(() => code);
    const { container } = renderPage(<HomePage leadingTiles={[{ key: 'todos', Tile: Lazy, minHeight: 416 }]} />, {
      url: '/home',
    });
    const kpis = await screen.findByRole('region', { name: 'Last 30 days, all merchants' });
    // Before the tile's code arrives, an empty card of its height stands in its place.
    const placeholder = container.querySelector('[aria-hidden="true"].MuiCard-root');
    expect(placeholder).not.toBeNull();
    expect(getComputedStyle(placeholder as Element).minHeight).toBe('416px');
    // The figures' labels are there before their values, with a bar the height of each value.
    expect(within(kpis).getByRole('status', { name: 'Loading Last 30 days, all merchants' })).toBeVisible();
    for (const label of ['New applications', 'Approvals', 'Go-lives', 'Median days to approve']) {
      expect(within(kpis).getByText(label)).toBeVisible();
    }
    // The list tiles keep five rows' height whether loading, empty or short.
    const stages = tile('My merchants by stage');
    const rows = () => stages.querySelector('.MuiCardContent-root > div') as Element;
    expect(getComputedStyle(rows()).minHeight).toBe(`${5 * TILE_ROW_PX}px`);
    arrive();
    answer({ body: EMPTY_HOME });
    expect(await screen.findByText('My todos tile')).toBeVisible();
    expect(await within(stages).findByText(/No merchant is assigned to you yet/)).toBeVisible();
    expect(getComputedStyle(rows()).minHeight).toBe(`${5 * TILE_ROW_PX}px`);
    expect(within(kpis).getAllByRole('link')).toHaveLength(4);
  });
});

describe('trendText', () => {
  it('says up, down, no change or nothing to compare', () => {
    expect(trendText(kpi(5, 2))).toBe('Up 3 on the 30 days before');
    expect(trendText(kpi(1.5, 4), ' d')).toBe('Down 2.5 d on the 30 days before');
    expect(trendText(kpi(2, 2))).toBe('No change on the 30 days before');
    expect(trendText(kpi(null, 2))).toBe('Nothing to compare with');
  });
});

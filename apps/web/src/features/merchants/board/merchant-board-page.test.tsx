import { problemBody } from '@boardwalk/shared/problem';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, type FakeReply } from '../../../test/fake-fetch.ts';
import { merchantFixture, referenceRoutes, stageFixture } from '../../../test/merchant-list-fixtures.ts';
import { listBody, renderPage } from '../../../test/render-page.tsx';
import { MerchantBoardPage } from './merchant-board-page.tsx';

const newLead = stageFixture(1, { name: 'New Lead' });
const proposal = stageFixture(2, { name: 'Proposal' });
const parked = stageFixture(3, { name: 'Parked', isActive: false });
const review = stageFixture(4, { name: 'Review', pipeline: 'underwriting' });
const stages = [newLead, proposal, parked, review];

/** 25 merchants in New Lead (two pages of 20), one in Proposal. */
function boardApi(onStage?: (merchant: Merchant, stageId: string) => FakeReply) {
  const merchants = [
    ...Array.from({ length: 25 }, (_, i) => merchantFixture(i + 1, newLead)),
    merchantFixture(30, proposal),
  ];
  return fakeFetch({
    ...referenceRoutes(stages),
    'GET /api/merchants/sales': ({ search }) => {
      const page = Number(search.get('page'));
      const size = Number(search.get('pageSize'));
      const rows = merchants.filter((m) => m.stageId === search.get('stageId'));
      return {
        body: { ...listBody('merchants', rows.slice(page * size, (page + 1) * size), rows.length), allData: [] },
      };
    },
    ...Object.fromEntries(
      merchants.map((m) => [
        `POST /api/merchants/${m.id}/stage`,
        ({ body }: { body: Record<string, unknown> | undefined }) => {
          if (onStage) return onStage(m, String(body!.stageId));
          const moved = merchants.indexOf(m);
          const to = body!.stageId === proposal.id ? proposal : newLead;
          merchants[moved] = merchantFixture(moved + 1, to);
          return { body: merchants[moved] };
        },
      ]),
    ),
  });
}

const column = (name: string) => screen.getByRole('region', { name });
const cardsIn = (name: string) =>
  within(column(name))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

/** jsdom has no layout: columns side by side, 300 px apart, each card inside its column. */
function layOutColumns() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const columnElement = this.closest('[data-board-column]');
    const all = Array.from(document.querySelectorAll('[data-board-column]'));
    const left = Math.max(0, all.indexOf(columnElement!)) * 300;
    const own = this === columnElement;
    const rect = own
      ? { x: left, y: 0, left, top: 0, width: 280, height: 600 }
      : { x: left + 10, y: 60, left: left + 10, top: 60, width: 260, height: 80 };
    return { ...rect, right: rect.left + rect.width, bottom: rect.top + rect.height, toJSON: () => ({}) };
  });
}

describe('MerchantBoardPage', { timeout: 60_000 }, () => {
  it('shows a column per active stage of the pipeline, each paged 20 at a time with its total', async () => {
    const user = userEvent.setup();
    const api = boardApi();
    renderPage(<MerchantBoardPage pipeline="sales" />, { url: '/merchant/sales/board?q=shop' });
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(20));
    expect(cardsIn('Proposal')).toEqual(['Merchant 30']);
    expect(screen.queryByRole('region', { name: 'Parked' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review' })).not.toBeInTheDocument();
    expect(within(column('New Lead')).getByLabelText('25 merchants')).toBeInTheDocument();

    const asked = api.callsTo('GET', '/api/merchants/sales').map((c) => Object.fromEntries(c.search));
    expect(asked).toContainEqual({
      q: 'shop',
      stageId: newLead.id,
      page: '0',
      pageSize: '20',
      sort: 'stageEnteredAt',
      order: 'asc',
    });
    // Never a whole pipeline: every request names its stage and asks for 20.
    for (const params of asked) expect(params).toMatchObject({ pageSize: '20', stageId: expect.any(String) });

    await user.click(within(column('New Lead')).getByRole('button', { name: 'Load more (20 of 25)' }));
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(25));
    expect(api.callsTo('GET', '/api/merchants/sales').some((c) => c.search.get('page') === '1')).toBe(true);
    expect(within(column('New Lead')).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('moves a card to the next stage by keyboard drag: Space, Right, Space', async () => {
    layOutColumns();
    const user = userEvent.setup();
    const api = boardApi();
    renderPage(<MerchantBoardPage pipeline="sales" />, { url: '/merchant/sales/board' });
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(20));
    const first = merchantFixture(1, newLead);

    screen.getByRole('button', { name: 'Drag Merchant 1 to another stage' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');

    await waitFor(() => expect(api.callsTo('POST', `/api/merchants/${first.id}/stage`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/merchants/${first.id}/stage`)[0]!.body).toEqual({
      stageId: proposal.id,
      updatedAt: first.updatedAt,
    });
    await waitFor(() => expect(cardsIn('Proposal')).toContain('Merchant 1'));
    expect(cardsIn('New Lead')).not.toContain('Merchant 1');
    expect(await screen.findByText('Merchant 1 moved to Proposal')).toBeInTheDocument();
  });

  it('moves at once and puts the card back when the server refuses (409: changed meanwhile)', async () => {
    const user = userEvent.setup();
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    boardApi(() => new Promise((resolve) => (answer = resolve)));
    renderPage(<MerchantBoardPage pipeline="sales" />, { url: '/merchant/sales/board' });
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(20));

    // The keyboard alternative without dragging: the card's "Move to…" menu.
    screen.getByRole('button', { name: 'Move Merchant 2 to…' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Proposal']);
    await user.keyboard('{Enter}');

    // Optimistic: in its new column before the server has answered, the totals following.
    await waitFor(() => expect(cardsIn('Proposal')).toEqual(['Merchant 2', 'Merchant 30']));
    expect(within(column('New Lead')).getByLabelText('24 merchants')).toBeInTheDocument();
    answer({ status: 409, body: problemBody(409, { detail: 'Stale' }) });

    expect(
      await screen.findByText(
        'Merchant 2 was not moved: someone else changed it meanwhile. The board now shows it as it is.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(cardsIn('Proposal')).toEqual(['Merchant 30']));
    expect(cardsIn('New Lead')).toContain('Merchant 2');
  });

  it('rolls back and says why when the move fails otherwise', async () => {
    const user = userEvent.setup();
    boardApi(() => ({ status: 403, body: problemBody(403, { detail: 'Not allowed here' }) }));
    renderPage(<MerchantBoardPage pipeline="sales" />, { url: '/merchant/sales/board' });
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Move Merchant 3 to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Proposal' }));
    expect(await screen.findByText('Merchant 3 was not moved. Not allowed here')).toBeInTheDocument();
    expect(cardsIn('New Lead')).toContain('Merchant 3');
    expect(cardsIn('Proposal')).toEqual(['Merchant 30']);
  });
});

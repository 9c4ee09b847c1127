import { problemBody } from '@boardwalk/shared/problem';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, type FakeReply } from '../../../test/fake-fetch.ts';
import { merchantFixture, pickerRoutes, stageFixture } from '../../../test/merchant-fixtures.ts';
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
    ...pickerRoutes(stages),
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
const liveRegion = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite')!;
const cardsIn = (name: string) =>
  within(column(name))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

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

  it('moves a card by keyboard drag: Space lifts, Right chooses the next stage at once, Space drops, pressed in one go', async () => {
    // No layout and no waiting between keys: dnd-kit's keyboard sensor lost a key pressed right
    // after Space (ADR 021); the handle's own keys act on state.
    const api = boardApi();
    renderPage(<MerchantBoardPage pipeline="sales" />, { url: '/merchant/sales/board' });
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(20));
    const first = merchantFixture(1, newLead);

    const handle = screen.getByRole('button', { name: 'Drag Merchant 1 to another stage' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(liveRegion()).toHaveTextContent('Picked up Merchant 1 in New Lead.');
    fireEvent.keyDown(handle, { key: 'ArrowLeft', code: 'ArrowLeft' }); // no stage before the first
    fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(liveRegion()).toHaveTextContent('Merchant 1 is over Proposal.');
    fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight' }); // Parked is inactive: no column, Proposal is last
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    expect(liveRegion()).toHaveTextContent('Merchant 1 dropped on Proposal.');

    await waitFor(() => expect(api.callsTo('POST', `/api/merchants/${first.id}/stage`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/merchants/${first.id}/stage`)[0]!.body).toEqual({
      stageId: proposal.id,
      updatedAt: first.updatedAt,
    });
    await waitFor(() => expect(cardsIn('Proposal')).toContain('Merchant 1'));
    expect(cardsIn('New Lead')).not.toContain('Merchant 1');
    expect(await screen.findByText('Merchant 1 moved to Proposal')).toBeInTheDocument();
    // The card is a new element in its new column; its handle has the focus, so the keys go on.
    const moved = within(column('Proposal')).getByRole('button', { name: 'Drag Merchant 1 to another stage' });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(moved).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts a keyboard-lifted card back on Escape, or when its handle loses the focus, and moves nothing', async () => {
    const api = boardApi();
    renderPage(<MerchantBoardPage pipeline="sales" />, { url: '/merchant/sales/board' });
    await waitFor(() => expect(cardsIn('New Lead')).toHaveLength(20));
    const handle = screen.getByRole('button', { name: 'Drag Merchant 4 to another stage' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'Enter', code: 'Enter' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(column('Proposal')).toHaveAttribute('data-keyboard-target', 'true');
    fireEvent.keyDown(handle, { key: 'Escape', code: 'Escape' });
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(column('Proposal')).not.toHaveAttribute('data-keyboard-target');
    expect(liveRegion()).toHaveTextContent('Move cancelled; Merchant 4 stays where it was.');

    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', code: 'ArrowRight' });
    fireEvent.blur(handle);
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    // Space again lifts anew rather than dropping on the stage chosen before the blur.
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    expect(liveRegion()).toHaveTextContent('Merchant 4 dropped where it was.');
    expect(api.callsTo('POST', `/api/merchants/${merchantFixture(4, newLead).id}/stage`)).toHaveLength(0);
    expect(cardsIn('New Lead')).toContain('Merchant 4');
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

import type { Todo, TodoCounts } from '@boardwalk/shared/schemas/todo';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fake-fetch.ts';
import { merchantFixture, STAGES } from '../../test/merchant-fixtures.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { TodoPage } from './todo-page.tsx';

const ME = '00000000-0000-7000-8000-000000000001';
const TODO_ID = '01960000-0000-7000-8000-000000000201';
const at = '2026-11-20T10:00:00.000Z';
const BAKERY = merchantFixture(1, STAGES[0]!, { dbaName: 'Alpha Bakery' });
const BOOKS = merchantFixture(2, STAGES[0]!, { dbaName: 'Bravo Books' });

const linked: Todo = {
  id: TODO_ID,
  createdAt: at,
  updatedAt: at,
  createdBy: ME,
  updatedBy: ME,
  deletedAt: null,
  title: 'Chase the bank letter',
  description: '',
  dueOn: null,
  dueTime: null,
  assignee: { id: ME, name: 'Ada Admin' },
  merchant: { id: BAKERY.id, name: 'Alpha Bakery', deleted: false },
  priority: 'normal',
  tags: [],
  isImportant: false,
  isCompleted: false,
  completedAt: null,
  completedBy: null,
};

const COUNTS: TodoCounts = {
  views: { all: 1, today: 0, upcoming: 0, overdue: 0, important: 0, completed: 0, trash: 0 },
  tags: [],
  params: { tz: 'UTC', today: '2026-11-23' },
};

function todoApi() {
  let row = linked;
  return fakeFetch({
    'GET /api/todos': () => ({
      body: {
        todos: [row],
        total: 1,
        params: { page: 0, pageSize: 50, order: 'asc', view: 'all', tz: 'UTC', today: '2026-11-23' },
        allData: [],
      },
    }),
    'GET /api/todos/counts': () => ({ body: COUNTS }),
    [`GET /api/todos/${TODO_ID}`]: () => ({ body: row }),
    'GET /api/users/options': () => ({ body: { options: [] } }),
    'GET /api/merchants': (call: FakeCall) => {
      const q = (call.search.get('q') ?? '').toLowerCase();
      return {
        body: listBody(
          'merchants',
          [BAKERY, BOOKS].filter((m) => m.dbaName.toLowerCase().includes(q)),
        ),
      };
    },
    [`PATCH /api/todos/${TODO_ID}`]: ({ body }: FakeCall) => {
      const merchantId = (body as { merchantId: string | null }).merchantId;
      const merchant = [BAKERY, BOOKS].find((m) => m.id === merchantId);
      row = {
        ...row,
        updatedAt: '2026-11-23T10:00:00.000Z',
        merchant: merchant ? { id: merchant.id, name: merchant.dbaName, deleted: false } : null,
      };
      return { body: row };
    },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the todo panel’s merchant', { timeout: 60_000 }, () => {
  it('changes the linked merchant by search, then unlinks it by clearing the field', async () => {
    const user = userEvent.setup();
    const api = todoApi();
    renderPage(<TodoPage />, { url: `/todo?todo=${TODO_ID}` });
    const panel = await screen.findByRole('dialog', { name: 'Todo details' });
    const picker = await within(panel).findByRole('combobox', { name: 'Merchant' });
    expect(picker).toHaveValue('Alpha Bakery');
    expect(within(panel).getByRole('link', { name: 'Alpha Bakery' })).toHaveAttribute(
      'href',
      `/merchant/view/${BAKERY.id}`,
    );

    await user.clear(picker);
    await user.type(picker, 'brav');
    await user.click(await screen.findByRole('option', { name: 'Bravo Books' }));
    expect(api.callsTo('GET', '/api/merchants').at(-1)!.search.get('q')).toBe('brav');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/todos/${TODO_ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/todos/${TODO_ID}`)[0]!.body).toMatchObject({ merchantId: BOOKS.id });

    // The panel stays open on the saved todo, linked to the new merchant; clearing the field unlinks it.
    expect(await within(panel).findByRole('link', { name: 'Bravo Books' })).toHaveAttribute(
      'href',
      `/merchant/view/${BOOKS.id}`,
    );
    const again = panel;
    const picker2 = picker;
    expect(picker2).toHaveValue('Bravo Books');
    await user.clear(picker2);
    expect(picker2).toHaveValue('');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/todos/${TODO_ID}`)).toHaveLength(2));
    expect(api.callsTo('PATCH', `/api/todos/${TODO_ID}`)[1]!.body).toMatchObject({ merchantId: null });
    await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Bravo Books' })).toBeNull());
  });
});

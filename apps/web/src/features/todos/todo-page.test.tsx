import { problemBody } from '@boardwalk/shared/problem';
import type { Todo, TodoCounts } from '@boardwalk/shared/schemas/todo';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall, type FakeRoutes } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { TodoPage } from './todo-page.tsx';

const ME = '00000000-0000-7000-8000-000000000001';

function todo(n: number, title: string, extra: Partial<Todo> = {}): Todo {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id: `01960000-0000-7000-8000-00000000010${n}`,
    createdAt: at,
    updatedAt: at,
    createdBy: ME,
    updatedBy: ME,
    deletedAt: null,
    title,
    description: '',
    dueOn: null,
    dueTime: null,
    assignee: { id: ME, name: 'Ada Admin' },
    merchant: null,
    priority: 'normal',
    tags: [],
    isImportant: false,
    isCompleted: false,
    completedAt: null,
    completedBy: null,
    ...extra,
  };
}

const COUNTS: TodoCounts = {
  views: { all: 3, today: 0, upcoming: 0, overdue: 1, important: 0, completed: 0, trash: 0 },
  tags: [{ tag: 'kyc', count: 1 }],
  params: { tz: 'UTC', today: '2026-11-23' },
};

/** A fake /api/todos holding `rows`: open ones in every view but completed and trash. */
function fakeTodos(initial: Todo[], overrides: FakeRoutes = {}) {
  let rows = initial;
  const list = (call: FakeCall) => {
    const view = call.search.get('view') ?? 'all';
    const shown = rows.filter((r) =>
      view === 'trash'
        ? r.deletedAt !== null
        : view === 'completed'
          ? r.isCompleted && !r.deletedAt
          : !r.isCompleted && !r.deletedAt,
    );
    return {
      body: {
        todos: shown,
        total: shown.length,
        params: { page: 0, pageSize: 50, order: 'asc', view, tz: 'UTC', today: '2026-11-23' },
        allData: [],
      },
    };
  };
  const api = fakeFetch({
    'GET /api/todos': list,
    'GET /api/todos/counts': () => ({ body: COUNTS }),
    'POST /api/todos': ({ body }) => {
      const data = body!.data as { title: string };
      const added = todo(9, data.title);
      rows = [...rows, added];
      return { status: 201, body: added };
    },
    ...Object.fromEntries(
      initial.map((r) => [
        `PATCH /api/todos/${r.id}`,
        ({ body }: FakeCall) => {
          const changed = {
            ...rows.find((x) => x.id === r.id)!,
            ...(body as Partial<Todo>),
            updatedAt: '2026-11-23T10:00:00.000Z',
          };
          rows = rows.map((x) => (x.id === r.id ? changed : x));
          return { body: changed };
        },
      ]),
    ),
    ...Object.fromEntries(
      initial.map((r) => [
        `DELETE /api/todos/${r.id}`,
        () => {
          rows = rows.map((x) => (x.id === r.id ? { ...x, deletedAt: '2026-11-23T10:00:00.000Z' } : x));
          return { status: 204 };
        },
      ]),
    ),
    ...overrides,
  });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('TodoPage keyboard use', { timeout: 60_000 }, () => {
  it('moves through the list with the arrow keys, completes with Space and trashes with Delete', async () => {
    const user = userEvent.setup();
    const rows = [
      todo(1, 'Call the owner', { dueOn: '2020-01-01' }),
      todo(2, 'Chase the voided check'),
      todo(3, 'Send the welcome email'),
    ];
    const api = fakeTodos(rows);
    renderPage(<TodoPage />, { url: '/todo' });
    const list = await screen.findByRole('list', { name: 'All todos' });
    const buttons = within(list).getAllByRole('button');
    // Each row is named by its visible text, overdue included (axe: label-content-name-mismatch).
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([null, null, null]);
    expect(buttons[0]).toHaveAccessibleName(/^Call the owner\s*Overdue · /);
    expect(buttons[1]).toHaveAccessibleName(/^Chase the voided check/);
    // One tab stop for the whole list.
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1]);

    buttons[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(buttons[2]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(buttons[1]);
    expect(buttons[1]!.tabIndex).toBe(0);

    // Space completes the focused todo (with the version it was read at); the list re-fetches.
    const listCalls = api.callsTo('GET', '/api/todos').length;
    await user.keyboard(' ');
    await waitFor(() => expect(api.callsTo('PATCH', `/api/todos/${rows[1]!.id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/todos/${rows[1]!.id}`)[0]!.body).toEqual({
      id: rows[1]!.id,
      isCompleted: true,
      updatedAt: rows[1]!.updatedAt,
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/todos').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(within(list).queryByText('Chase the voided check')).not.toBeInTheDocument());
    // Space did not also open the drawer (the row is a button, which clicks on Space).
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/todos').at(-1)!.search.get('view')).toBe('all');

    // Delete moves the focused todo to the trash.
    within(list).getAllByRole('button')[0]!.focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(api.callsTo('DELETE', `/api/todos/${rows[0]!.id}`)).toHaveLength(1));
    await waitFor(() => expect(within(list).queryByText('Call the owner')).not.toBeInTheDocument());
  });

  it('adds a todo with Enter, asking the API for the caller’s todos in the browser’s time zone', async () => {
    const user = userEvent.setup();
    const api = fakeTodos([]);
    renderPage(<TodoPage />, { url: '/todo?view=today' });
    await screen.findByText(/Nothing due today/);
    const field = screen.getByLabelText('Add a todo');
    await user.type(field, 'Ring the bank{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/todos')).toHaveLength(1));
    const sent = api.callsTo('POST', '/api/todos')[0]!.body as { data: { title: string; dueOn: string } };
    expect(sent.data.title).toBe('Ring the bank');
    expect(sent.data.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(field).toHaveValue(''));
    // The form has a submit button too, for whoever does not know Enter submits it.
    await user.type(field, 'Send the welcome email');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/todos')).toHaveLength(2));
    const query = api.callsTo('GET', '/api/todos')[0]!.search;
    expect(query.get('assignee')).toBe('me');
    expect(query.get('view')).toBe('today');
    expect(query.get('tz')).toBeTruthy();
  });

  it('asks for a title before adding and shows the API’s refusal of it beside the field', async () => {
    const user = userEvent.setup();
    const api = fakeTodos([], {
      'POST /api/todos': () => ({
        status: 400,
        body: problemBody(400, { errors: { title: ['Use printable characters only.'] } }),
      }),
    });
    renderPage(<TodoPage />, { url: '/todo?view=today' });
    await screen.findByText(/Nothing due today/);
    const field = screen.getByLabelText('Add a todo');
    await user.type(field, '{Enter}');
    expect(await screen.findByText('Type a title first')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/todos')).toHaveLength(0);
    await user.type(field, 'Ring the bank{Enter}');
    expect(await screen.findByText('Use printable characters only.')).toBeInTheDocument();
    expect(field).toHaveValue('Ring the bank');
  });

  it('shows the counts in the left column and says what to do in an empty view', async () => {
    fakeTodos([]);
    renderPage(<TodoPage />, { url: '/todo?view=trash' });
    expect(await screen.findByText(/The trash is empty/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Todo views' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Overdue\s*1/ })).toBeInTheDocument());
    expect(within(nav).getByRole('button', { name: /#kyc\s*1/ })).toBeInTheDocument();
  });
});

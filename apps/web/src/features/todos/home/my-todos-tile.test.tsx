import type { TodoCounts } from '@boardwalk/shared/schemas/todo';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MyTodosTile } from './my-todos-tile.tsx';

const counts = (today: number, overdue: number): TodoCounts => ({
  views: { all: today + overdue, today, upcoming: 0, overdue, important: 0, completed: 0, trash: 0 },
  tags: [],
  params: { tz: 'UTC', today: '2026-11-23', assignee: 'me' },
});
const emptyList = {
  todos: [],
  total: 0,
  params: { page: 0, pageSize: 5, order: 'asc', view: 'today', tz: 'UTC', today: '2026-11-23' },
  allData: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MyTodosTile', { timeout: 30_000 }, () => {
  it('shows a loading state, then an empty state that says what to do, on a fresh database', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = fakeFetch({
      'GET /api/todos/counts': async () => {
        await gate;
        return { body: counts(0, 0) };
      },
      'GET /api/todos': () => ({ body: emptyList }),
    });
    renderPage(<MyTodosTile />, { url: '/home' });
    expect(await screen.findByLabelText('Loading your todos')).toBeInTheDocument();
    release();
    expect(await screen.findByText(/Nothing due today and nothing overdue/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a todo for today' })).toHaveAttribute('href', '/todo?view=today');
    expect(screen.getByRole('link', { name: /^0\s*due today$/i })).toHaveAttribute('href', '/todo?view=today');
    expect(screen.getByRole('link', { name: /^0\s*overdue$/i })).toHaveAttribute('href', '/todo?view=overdue');
    expect(api.callsTo('GET', '/api/todos/counts')[0]!.search.get('assignee')).toBe('me');
  });

  it('counts my todos due today and overdue and links each figure to its view', async () => {
    fakeFetch({
      'GET /api/todos/counts': () => ({ body: counts(3, 2) }),
      'GET /api/todos': () => ({ body: emptyList }),
    });
    renderPage(<MyTodosTile />, { url: '/home' });
    expect(await screen.findByRole('link', { name: /^3\s*due today$/i })).toHaveAttribute('href', '/todo?view=today');
    expect(screen.getByRole('link', { name: /^2\s*overdue$/i })).toHaveAttribute('href', '/todo?view=overdue');
  });
});

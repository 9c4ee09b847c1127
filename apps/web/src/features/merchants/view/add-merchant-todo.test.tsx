import { dayIn } from '@boardwalk/shared/calendar';
import { problemBody } from '@boardwalk/shared/problem';
import type { Todo } from '@boardwalk/shared/schemas/todo';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../../test/fake-fetch.ts';
import { setUserTimeZone } from '../../../lib/format-date.ts';
import { SETTINGS_STORAGE_KEY } from '../../../lib/settings/settings-storage.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { AddMerchantTodo } from './add-merchant-todo.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const ME = '00000000-0000-7000-8000-000000000001'; // renderPage's signed-in user

function created(title: string, dueOn: string | null): Todo {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id: '01960000-0000-7000-8000-000000000101',
    createdAt: at,
    updatedAt: at,
    createdBy: ME,
    updatedBy: ME,
    deletedAt: null,
    title,
    description: '',
    dueOn,
    dueTime: null,
    assignee: { id: ME, name: 'Ada Admin' },
    merchant: { id: MERCHANT, name: 'Corner Bakery', deleted: false },
    priority: 'normal',
    tags: [],
    isImportant: false,
    isCompleted: false,
    completedAt: null,
    completedBy: null,
  };
}

const addsTodo = {
  'POST /api/todos': ({ body }: FakeCall) => {
    const data = (body as { data: { title: string; dueOn: string | null } }).data;
    return { status: 201, body: created(data.title, data.dueOn) };
  },
};

afterEach(() => {
  cleanup();
  setUserTimeZone('');
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('AddMerchantTodo', { timeout: 60_000 }, () => {
  it('adds a todo linked to the merchant, due today, and clears the title for the next', async () => {
    const user = userEvent.setup();
    const api = fakeFetch(addsTodo);
    renderPage(<AddMerchantTodo merchantId={MERCHANT} />, { url: '/merchant/view/x?tab=todos' });
    const title = screen.getByLabelText('Add a todo for this merchant');
    await user.type(title, 'Call the owner{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/todos')).toHaveLength(1));
    const sent = api.callsTo('POST', '/api/todos')[0]!.body as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({ merchantId: MERCHANT, title: 'Call the owner' });
    expect(sent.data.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(title).toHaveValue(''));
    expect(screen.getByLabelText('Due')).toHaveValue(sent.data.dueOn as string);
  });

  it('starts on today in the time zone of the profile, not the browser clock', async () => {
    // 25 hours apart: whatever the time, the two zones are on different days, and at least one
    // differs from the browser's own.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ timeZone: zone }));
      fakeFetch(addsTodo);
      renderPage(<AddMerchantTodo merchantId={MERCHANT} />, { url: '/merchant/view/x?tab=todos' });
      expect(screen.getByLabelText('Due')).toHaveValue(dayIn(new Date(), zone));
      cleanup();
      sessionStorage.clear();
    }
    window.localStorage.clear();
  });

  it('sends no due day when the date is cleared', async () => {
    const user = userEvent.setup();
    const api = fakeFetch(addsTodo);
    renderPage(<AddMerchantTodo merchantId={MERCHANT} />, { url: '/merchant/view/x?tab=todos' });
    await user.clear(screen.getByLabelText('Due'));
    await user.type(screen.getByLabelText('Add a todo for this merchant'), 'Some day{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/todos')).toHaveLength(1));
    expect((api.callsTo('POST', '/api/todos')[0]!.body as { data: { dueOn: unknown } }).data.dueOn).toBeNull();
  });

  it('asks for a title, and shows the API’s refusal beside the field keeping what was typed', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'POST /api/todos': () => ({
        status: 400,
        body: problemBody(400, { errors: { title: ['Use printable characters only.'] } }),
      }),
    });
    renderPage(<AddMerchantTodo merchantId={MERCHANT} />, { url: '/merchant/view/x?tab=todos' });
    const title = screen.getByLabelText('Add a todo for this merchant');
    await user.type(title, '{Enter}');
    expect(await screen.findByText('Type a title first')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/todos')).toHaveLength(0);
    await user.type(title, 'Ring the bank{Enter}');
    expect(await screen.findByText('Use printable characters only.')).toBeInTheDocument();
    expect(title).toHaveValue('Ring the bank');
  });
});

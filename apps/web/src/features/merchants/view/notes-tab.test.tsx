import type { Note } from '@boardwalk/shared/schemas/merchant';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { NotesTab } from './notes-tab.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const ME = '00000000-0000-7000-8000-000000000001'; // renderPage's signed-in user
const COLLEAGUE = '00000000-0000-7000-8000-000000000002';
const NOTES = `/api/merchants/${MERCHANT}/notes`;

function note(n: number, authorId: string, body: string): Note {
  const at = `2026-11-0${n}T10:00:00.000Z`;
  return {
    id: `01960000-0000-7000-8000-00000000000${n}`,
    createdAt: at,
    updatedAt: at,
    createdBy: authorId,
    updatedBy: authorId,
    deletedAt: null,
    merchantId: MERCHANT,
    body,
    author: { id: authorId, name: authorId === ME ? 'Ada Admin' : 'Grace Hopper' },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('NotesTab', { timeout: 60_000 }, () => {
  it('collapses a long note to its beginning, with Show more and Show less', async () => {
    const user = userEvent.setup();
    const long = ['Site visit notes:', ...Array.from({ length: 12 }, (_, i) => `Point ${i + 1}: checked.`)].join('\n');
    fakeFetch({ [`GET ${NOTES}`]: () => ({ body: { notes: [note(1, COLLEAGUE, long), note(2, ME, 'Short one')] } }) });
    renderPage(<NotesTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).queryByText(/Point 12/)).not.toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Show more' })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Show more' }));
    expect(within(list).getByText(/Point 12: checked\./)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists the notes newest first and adds one with Ctrl+Enter', async () => {
    const user = userEvent.setup();
    let notes = [note(2, COLLEAGUE, 'Statements received'), note(1, ME, 'Called the owner')];
    const api = fakeFetch({
      [`GET ${NOTES}`]: () => ({ body: { notes } }),
      [`POST ${NOTES}`]: ({ body }) => {
        const added = { ...note(3, ME, String(body!.body)) };
        notes = [added, ...notes];
        return { status: 201, body: added };
      },
    });
    renderPage(<NotesTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Statements received'), expect.stringContaining('Called the owner')]);

    const field = screen.getByLabelText('Add a note');
    await user.type(field, 'Bank letter requested');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsTo('POST', NOTES)).toHaveLength(1));
    expect(api.callsTo('POST', NOTES)[0]!.body).toEqual({ body: 'Bank letter requested' });
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(field).toHaveValue('');
  });

  it('refuses an empty note before sending', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({ [`GET ${NOTES}`]: () => ({ body: { notes: [] } }) });
    renderPage(<NotesTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note')).toBeInTheDocument();
    expect(api.callsTo('POST', NOTES)).toHaveLength(0);
  });

  it('lets staff edit their own note (with its updatedAt) but not a colleague’s', async () => {
    const user = userEvent.setup();
    const mine = note(1, ME, 'Called the owner');
    const api = fakeFetch({
      [`GET ${NOTES}`]: () => ({ body: { notes: [note(2, COLLEAGUE, 'Not yours'), mine] } }),
      [`PATCH ${NOTES}/${mine.id}`]: ({ body }) => ({
        body: { ...mine, body: String(body!.body), updatedAt: '2026-11-05T10:00:00.000Z' },
      }),
    });
    renderPage(<NotesTab merchantId={MERCHANT} />, { url: '/merchant/view/x', role: 'ROLE_STAFF' });
    const [theirs, own] = within(await screen.findByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(within(theirs!).queryByRole('button', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(within(theirs!).queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();

    await user.click(within(own!).getByRole('button', { name: 'Edit note' }));
    const field = within(own!).getByLabelText('Note');
    await user.clear(field);
    await user.type(field, 'Called the owner twice');
    await user.click(within(own!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${NOTES}/${mine.id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `${NOTES}/${mine.id}`)[0]!.body).toEqual({
      id: mine.id,
      body: 'Called the owner twice',
      updatedAt: mine.updatedAt,
    });
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
  });

  it('shows a stale edit’s conflict in the form', async () => {
    const user = userEvent.setup();
    const mine = note(1, ME, 'Called the owner');
    fakeFetch({
      [`GET ${NOTES}`]: () => ({ body: { notes: [mine] } }),
      [`PATCH ${NOTES}/${mine.id}`]: () => ({
        status: 409,
        body: {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'stale_update',
          detail: 'This note was changed by someone else since you opened it. Reload it to see their changes.',
        },
      }),
    });
    renderPage(<NotesTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    await user.click(await screen.findByRole('button', { name: 'Edit note' }));
    await user.type(screen.getByLabelText('Note'), '!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
  });

  it('deletes a note after confirmation', async () => {
    const user = userEvent.setup();
    const mine = note(1, ME, 'Called the owner');
    let notes = [mine];
    const api = fakeFetch({
      [`GET ${NOTES}`]: () => ({ body: { notes } }),
      [`DELETE ${NOTES}/${mine.id}`]: () => {
        notes = [];
        return { status: 204 };
      },
    });
    renderPage(<NotesTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    await user.click(await screen.findByRole('button', { name: 'Delete note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${NOTES}/${mine.id}`)).toHaveLength(1));
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
  });
});

import type { ApplicationConflict } from '@boardwalk/shared/schemas/application';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { showToast } from '../../../lib/toast-queue.ts';
import { ApplicationConflicts, conflictField } from './application-conflicts.tsx';

vi.mock('../../../lib/toast-queue.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: vi.fn(),
}));

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const REQUEST = '01960000-0000-7000-8000-0000000000bb';
const TAX = '01960000-0000-7000-8000-0000000000e1';
const NAME = '01960000-0000-7000-8000-0000000000e2';
const LIST = `/api/merchants/${MERCHANT}/application-conflicts`;
const settlePath = (id: string) => `${LIST}/${id}/settle`;

const conflict = (id: string, field: string, ours: unknown, theirs: unknown): ApplicationConflict => ({
  id,
  requestId: REQUEST,
  field,
  ownerName: null,
  ours,
  theirs,
  state: 'open',
  createdAt: '2026-11-28T12:00:00.000Z',
  settledAt: null,
  settledBy: null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

describe('ApplicationConflicts', { timeout: 60_000 }, () => {
  it("shows each conflict's values as given, settles one either way and says so", async () => {
    const user = userEvent.setup();
    let conflicts = [conflict(TAX, 'taxId', '•••••6789', '•••••4321'), conflict(NAME, 'legalName', 'Acme', 'Acme LLC')];
    const api = fakeFetch({
      [`GET ${LIST}`]: () => ({ body: { conflicts } }),
      [`POST ${settlePath(TAX)}`]: () => {
        conflicts = conflicts.map((c) => (c.id === TAX ? { ...c, state: 'kept', settledAt: c.createdAt } : c));
        return { body: conflicts[0] };
      },
      [`POST ${settlePath(NAME)}`]: () => ({ status: 409, body: problemBody(409, { detail: 'Settled already.' }) }),
    });
    renderPage(<ApplicationConflicts merchantId={MERCHANT} editable />);
    const table = within(await screen.findByRole('table', { name: "Conflicts with the merchant's answers" }));
    const taxRow = within(table.getByRole('row', { name: /Tax id/ }));
    expect(taxRow.getByText('•••••6789')).toBeInTheDocument();
    expect(taxRow.getByText('•••••4321')).toBeInTheDocument();

    await user.click(taxRow.getByRole('button', { name: 'Keep ours' }));
    await waitFor(() => expect(api.callsTo('POST', settlePath(TAX))).toHaveLength(1));
    expect(api.callsTo('POST', settlePath(TAX))[0]!.body).toEqual({ data: { choice: 'ours' } });
    expect(await screen.findByText('Kept ours')).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith({ message: 'Tax id: kept our value', variant: 'success' });

    const nameRow = within(table.getByRole('row', { name: /Legal name/ }));
    await user.click(nameRow.getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ message: 'Settled already.', variant: 'error' }));
    expect(api.callsTo('POST', settlePath(NAME))[0]!.body).toEqual({ data: { choice: 'theirs' } });
  });

  it('says when there is nothing to settle, and shows no buttons to who may not edit', async () => {
    fakeFetch({ [`GET ${LIST}`]: () => ({ body: { conflicts: [] } }) });
    renderPage(<ApplicationConflicts merchantId={MERCHANT} editable />);
    expect(await screen.findByText("No conflicts with the merchant's answers.")).toBeInTheDocument();
    cleanup();
    fakeFetch({ [`GET ${LIST}`]: () => ({ body: { conflicts: [conflict(TAX, 'taxId', null, '•••••4321')] } }) });
    renderPage(<ApplicationConflicts merchantId={MERCHANT} editable={false} />);
    expect(await screen.findByText('•••••4321')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep ours' })).not.toBeInTheDocument();
  });

  it("names an owner's field by the owner", () => {
    const field = (f: string) => conflictField({ field: f, ownerName: 'Ana Lee' });
    expect(field(`owner.${TAX}.firstName`)).toBe('Ana Lee: First name');
    expect(field(`owner.${TAX}.removed`)).toBe('Ana Lee: removed by the merchant');
    expect(field('owner.new.k1')).toBe('Ana Lee: new owner');
  });
});

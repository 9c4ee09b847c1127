import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { FormCard } from './form-card.tsx';
import { FormDialog } from './form-dialog.tsx';
import { FormTextField } from './form-text-field.tsx';
import { withoutSecrets } from './form-draft.ts';
import { useEntityForm } from './use-entity-form.ts';

const schema = z.object({ name: z.string().min(1), password: z.string() });
type Values = z.infer<typeof schema>;

function NoteDialog({ save, onClose }: { save: (values: Values) => Promise<unknown>; onClose: () => void }) {
  const { form, formProps } = useEntityForm({
    draft: { id: 'note' },
    schema,
    defaultValues: { name: '', password: '' },
    save,
    successMessage: 'Note saved',
    onSaved: onClose,
  });
  return (
    <FormDialog title="Add note" onClose={onClose} {...formProps}>
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="password" label="Secret password" type="password" />
    </FormDialog>
  );
}

function NotePage({ save = () => Promise.resolve({}) }: { save?: (values: Values) => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return open ? <NoteDialog save={save} onClose={() => setOpen(false)} /> : <p>Closed</p>;
}

function NoteCard() {
  const { form, formProps } = useEntityForm({
    draft: { id: 'note-card' },
    schema,
    defaultValues: { name: '', password: '' },
    save: () => Promise.resolve({}),
    successMessage: 'Note saved',
  });
  return (
    <FormCard title="Note" {...formProps}>
      <FormTextField control={form.control} name="name" label="Name" />
    </FormCard>
  );
}

function KeptElsewhere({ keep }: { keep: (values: unknown) => void }) {
  const { form, formProps } = useEntityForm({
    draft: { id: 'kept-elsewhere', keep },
    schema,
    defaultValues: { name: '', password: '' },
    save: () => Promise.resolve({}),
    successMessage: 'Saved',
  });
  return (
    <FormCard title="Kept elsewhere" {...formProps}>
      <FormTextField control={form.control} name="name" label="Name" />
    </FormCard>
  );
}

function storedDrafts() {
  return Object.keys(window.sessionStorage).filter((key) => key.startsWith('boardwalk.draft'));
}

describe('form drafts and unsaved changes', { timeout: 60_000 }, () => {
  it('keeps typed values (never passwords) across a remount, and forgets them after a save', async () => {
    fakeFetch();
    const user = userEvent.setup();
    const first = renderPage(<NotePage />, { url: '/notes' });
    await user.type(await screen.findByLabelText('Name'), 'Quarterly review');
    await user.type(screen.getByLabelText('Secret password'), 'hunter2hunter2');
    expect(storedDrafts()).toHaveLength(1);
    expect(window.sessionStorage.getItem(storedDrafts()[0]!)).toBe('{"name":"Quarterly review"}');
    first.unmount();

    const save = vi.fn((values: Values) => Promise.resolve(values));
    renderPage(<NotePage save={save} />, { url: '/notes' });
    expect(await screen.findByText('Unsaved changes restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Quarterly review');
    expect(screen.getByLabelText('Secret password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ name: 'Quarterly review', password: '' }, expect.anything()),
    );
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(storedDrafts()).toEqual([]);
  });

  it('Discard on the restored notice puts the starting values back and forgets the draft', async () => {
    fakeFetch();
    const user = userEvent.setup();
    const first = renderPage(<NotePage />, { url: '/notes' });
    await user.type(await screen.findByLabelText('Name'), 'Draft');
    first.unmount();
    renderPage(<NotePage />, { url: '/notes' });
    const notice = (await screen.findByText('Unsaved changes restored')).closest('[role="alert"]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByText('Unsaved changes restored')).not.toBeInTheDocument();
    expect(storedDrafts()).toEqual([]);
  });

  it('asks "Discard changes?" on Escape or a backdrop click when the dialog has changes', async () => {
    fakeFetch();
    const user = userEvent.setup();
    renderPage(<NotePage />, { url: '/notes' });
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    await user.type(within(dialog).getByLabelText('Name'), 'Half a thought');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Half a thought');

    // The backdrop asks too; Discard closes and forgets the draft.
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(storedDrafts()).toEqual([]);
  });

  it('closes a dialog without changes on Escape without asking', async () => {
    fakeFetch();
    const user = userEvent.setup();
    renderPage(<NotePage />, { url: '/notes' });
    await screen.findByRole('dialog', { name: 'Add note' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Closed')).toBeInTheDocument();
  });

  it('asks before leaving a page whose form has changes', async () => {
    fakeFetch();
    const user = userEvent.setup();
    const { router } = renderPage(<NoteCard />, { url: '/notes', path: '*' });
    await user.type(await screen.findByLabelText('Name'), 'Unsaved');
    await act(() => router.navigate('/elsewhere'));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(router.state.location.pathname).toBe('/notes');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('hands the values to `keep` instead of sessionStorage when the draft is kept elsewhere', async () => {
    fakeFetch();
    const keep = vi.fn();
    renderPage(<KeptElsewhere keep={keep} />);
    await userEvent.setup().type(await screen.findByLabelText('Name'), 'Ada');
    expect(keep).toHaveBeenLastCalledWith({ name: 'Ada', password: '' });
    expect(storedDrafts()).toEqual([]);
  });

  it('never keeps a field named like a password, at any depth', () => {
    expect(withoutSecrets({ host: 'smtp', smtp: { password: 'x', user: 'u' }, currentPassword: 'y' })).toEqual({
      host: 'smtp',
      smtp: { user: 'u' },
    });
  });

  it('never keeps a sensitive merchant or owner value, at any depth', () => {
    const typed = {
      dbaName: 'Acme',
      taxId: '123456789',
      routingNumber: '021000021',
      accountNumber: '1234567',
      owners: [{ firstName: 'Ada', ssn: '123456789', dateOfBirth: '1980-01-02' }],
    };
    expect(withoutSecrets(typed)).toEqual({ dbaName: 'Acme', owners: [{ firstName: 'Ada' }] });
  });
});

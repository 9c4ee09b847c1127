import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problemBody } from '@boardwalk/shared/problem';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import type { ActionPlan, StageAction } from '@boardwalk/shared/schemas/workflow-action';
import { fakeFetch, type FakeRoutes } from '../../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../../test/render-page.tsx';
import { StageListPage } from '../stage-list-page.tsx';
import { StageActionsDialog } from './stage-actions-dialog.tsx';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const STAGE_ID = id(1);
const MERCHANT_ID = id(900);
const T = '2025-01-01T00:00:00.000Z';

const stage: Stage = {
  id: STAGE_ID,
  name: 'New Lead',
  pipeline: 'sales',
  position: 0,
  color: '#9155fd',
  isActive: true,
  isDefault: true,
  slaHours: null,
  createdAt: T,
  updatedAt: T,
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
};

const todo = (n: number, title: string, position: number): StageAction => ({
  id: id(100 + n),
  stageId: STAGE_ID,
  position,
  type: 'create_todo',
  config: { title, assignTo: 'assignee' },
  isActive: true,
  summary: `Create todo “${title}” for the assigned user`,
  createdAt: T,
  updatedAt: T,
  createdBy: null,
  updatedBy: null,
});

/** A fake stage-actions API that keeps its actions as the server does. */
function actionsApi(extra: FakeRoutes = {}) {
  let actions = [todo(1, 'Call the merchant', 0), todo(2, 'Send the pricing', 1)];
  const base = `/api/stages/${STAGE_ID}/actions`;
  return fakeFetch({
    'GET /api/stages': () => ({ body: { ...listBody('stages', [stage]), allData: [stage] } }),
    [`GET ${base}`]: () => ({ body: { stageActions: actions } }),
    [`POST ${base}`]: ({ body }) => {
      const data = (body as { data: { config: { title: string } } }).data;
      const created = todo(3, data.config.title, actions.length);
      actions = [...actions, created];
      return { status: 201, body: created };
    },
    [`PUT ${base}/order`]: ({ body }) => {
      const ids = (body as { ids: string[] }).ids;
      actions = ids.map((i, position) => ({ ...actions.find((a) => a.id === i)!, position }));
      return { body: { stageActions: actions } };
    },
    [`DELETE /api/stage-actions/${id(101)}`]: () => {
      actions = actions.filter((a) => a.id !== id(101));
      return { status: 204 };
    },
    ...extra,
  });
}

const summaries = () =>
  within(screen.getByRole('list', { name: 'Actions of New Lead' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const renderDialog = () => renderPage(<StageActionsDialog stage={stage} onClose={() => {}} />, { url: '/stage/list' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('stage actions editor', () => {
  it('opens from the stage list, lists the actions in order and adds a create_todo action', async () => {
    const api = actionsApi();
    const user = userEvent.setup();
    renderPage(<StageListPage />, { url: '/stage/list' });
    await user.click(await screen.findByRole('button', { name: 'Actions of New Lead' }));
    await screen.findByRole('dialog', { name: 'Actions of New Lead' });
    await waitFor(() =>
      expect(summaries()).toEqual([
        'Create todo “Call the merchant” for the assigned user',
        'Create todo “Send the pricing” for the assigned user',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Add action' }));
    const form = await screen.findByRole('dialog', { name: 'Add action' });
    // Stage actions only: no change_stage or wait.
    await user.click(within(form).getByRole('combobox', { name: /Type/ }));
    const types = screen.getAllByRole('option').map((o) => o.textContent);
    expect(types).toEqual(['Send email', 'Send SMS', 'Create todo', 'Assign user', 'Call webhook', 'Set field']);
    await user.click(screen.getByRole('option', { name: 'Create todo' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a title')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Check the documents');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', `/api/stages/${STAGE_ID}/actions`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/stages/${STAGE_ID}/actions`)[0]!.body).toEqual({
      data: { type: 'create_todo', isActive: true, config: { title: 'Check the documents', assignTo: 'assignee' } },
    });
    await waitFor(() => expect(summaries()).toHaveLength(3));
    expect(summaries()[2]).toBe('Create todo “Check the documents” for the assigned user');
  });

  it('shows a field error from the API beside its field when an edit is refused', async () => {
    const api = actionsApi({
      [`PATCH /api/stage-actions/${id(102)}`]: () => ({
        status: 400,
        body: problemBody(400, { errors: { 'config.title': ['A todo with this title already exists'] } }),
      }),
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(
      await screen.findByRole('button', { name: 'Edit Create todo “Send the pricing” for the assigned user' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Edit action: Create todo' });
    const title = within(form).getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Send the pricing');
    await user.clear(title);
    await user.type(title, 'Call the merchant');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('A todo with this title already exists')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH', `/api/stage-actions/${id(102)}`)[0]!.body).toEqual({
      type: 'create_todo',
      isActive: true,
      config: { title: 'Call the merchant', assignTo: 'assignee' },
      updatedAt: T,
    });
  });

  it('deletes an action only after the confirmation', async () => {
    const api = actionsApi();
    const user = userEvent.setup();
    renderDialog();
    await user.click(
      await screen.findByRole('button', { name: 'Delete Create todo “Call the merchant” for the assigned user' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete action?' });
    expect(api.callsTo('DELETE', `/api/stage-actions/${id(101)}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/stage-actions/${id(101)}`)).toHaveLength(1));
    await waitFor(() => expect(summaries()).toEqual(['Create todo “Send the pricing” for the assigned user']));
  });

  it('moves an action down with the keyboard and saves the new order', async () => {
    const api = actionsApi();
    const user = userEvent.setup();
    renderDialog();
    const down = await screen.findByRole('button', {
      name: 'Move Create todo “Call the merchant” for the assigned user down',
    });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(summaries()).toEqual([
        'Create todo “Send the pricing” for the assigned user',
        'Create todo “Call the merchant” for the assigned user',
      ]),
    );
    expect(api.callsTo('PUT', `/api/stages/${STAGE_ID}/actions/order`)[0]!.body).toEqual({ ids: [id(102), id(101)] });
    expect(await screen.findByText(/moved to position 2 of 2/)).toBeInTheDocument();
  });

  it('runs a test against a chosen merchant and shows what each action would do', async () => {
    const plans: ActionPlan[] = [
      {
        actionId: id(101),
        type: 'create_todo',
        isActive: true,
        ok: true,
        summary: 'Would create todo “Call the merchant” for Ada Admin',
        details: {},
      },
      {
        actionId: id(102),
        type: 'create_todo',
        isActive: true,
        ok: false,
        summary: 'Would fail: the merchant has no assigned user',
        details: {},
      },
    ];
    const api = actionsApi({
      'GET /api/search': () => ({
        body: {
          data: [{ id: MERCHANT_ID, dbaName: 'Blue Bottle Cafe', stage: { name: 'New Lead' }, url: '/merchant/x' }],
        },
      }),
      [`POST /api/stages/${STAGE_ID}/actions/test-run`]: () => ({ body: { plans } }),
    });
    const user = userEvent.setup();
    renderDialog();
    const run = await screen.findByRole('button', { name: 'Run test' });
    expect(run).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Merchant to test with' }), 'Blue');
    await user.click(await screen.findByRole('option', { name: 'Blue Bottle Cafe' }));
    await user.click(run);

    const results = await screen.findByRole('list', { name: 'Test run results' });
    expect(within(results).getByText('Would create todo “Call the merchant” for Ada Admin')).toBeInTheDocument();
    expect(within(results).getByText('Would fail: the merchant has no assigned user')).toBeInTheDocument();
    expect(within(results).getByText('Would fail')).toBeInTheDocument();
    expect(screen.getByText(/nothing was sent or changed/)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/stages/${STAGE_ID}/actions/test-run`)[0]!.body).toEqual({
      merchantId: MERCHANT_ID,
    });
  });

  it('edits a webhook without showing its secret, and adds an SMS action from the SMS templates only', async () => {
    const webhook: StageAction = {
      ...todo(4, 'unused', 2),
      type: 'webhook',
      config: { url: 'https://example.com/hook', secretSet: true },
      summary: 'Call https://example.com/hook',
    };
    const smsTemplate = {
      id: id(300),
      name: 'Welcome SMS',
      channel: 'sms' as const,
      subject: '',
      body: 'Hi',
      description: '',
      isActive: true,
      createdAt: T,
      updatedAt: T,
      createdBy: null,
      updatedBy: null,
      deletedAt: null,
    };
    const api = actionsApi({
      [`GET /api/stages/${STAGE_ID}/actions`]: () => ({ body: { stageActions: [webhook] } }),
      [`PATCH /api/stage-actions/${webhook.id}`]: () => ({ body: webhook }),
      'GET /api/templates': () => ({ body: listBody('templates', [smsTemplate]) }),
      [`POST /api/stages/${STAGE_ID}/actions`]: () => ({ status: 201, body: webhook }),
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Edit Call https://example.com/hook' }));
    const form = await screen.findByRole('dialog', { name: 'Edit action: Call webhook' });
    const secret = within(form).getByLabelText(/Signing secret/);
    expect(secret).toHaveValue('');
    expect(within(form).getByText('A secret is set; leave this empty to keep it')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /URL/ }));
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://example.com/new');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/stage-actions/${webhook.id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/stage-actions/${webhook.id}`)[0]!.body).toMatchObject({
      type: 'webhook',
      config: { url: 'https://example.com/new' },
    });
    expect(api.callsTo('PATCH', `/api/stage-actions/${webhook.id}`)[0]!.body!.config).not.toHaveProperty('secret');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit action/ })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add action' }));
    const add = await screen.findByRole('dialog', { name: 'Add action' });
    await user.click(within(add).getByRole('combobox', { name: /Type/ }));
    await user.click(screen.getByRole('option', { name: 'Send SMS' }));
    await user.click(within(add).getByRole('combobox', { name: /SMS template/ }));
    await user.click(await screen.findByRole('option', { name: 'Welcome SMS' }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/stages/${STAGE_ID}/actions`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/stages/${STAGE_ID}/actions`)[0]!.body).toEqual({
      data: { type: 'send_sms', isActive: true, config: { templateId: id(300), to: 'contact' } },
    });
    expect(api.callsTo('GET', '/api/templates')[0]!.search.get('channel')).toBe('sms');
  });
});

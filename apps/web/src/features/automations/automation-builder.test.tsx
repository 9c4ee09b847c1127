import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problemBody } from '@boardwalk/shared/problem';
import type { Automation, AutomationDryRunResponse } from '@boardwalk/shared/schemas/automation';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import { fakeFetch, type FakeRoutes } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { AutomationListPage } from './automation-list-page.tsx';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const T = '2025-01-01T00:00:00.000Z';
const APPROVED = id(2);

const stage = (n: number, name: string): Stage => ({
  id: id(n),
  name,
  pipeline: 'underwriting',
  position: n,
  color: '#9155fd',
  isActive: true,
  isDefault: false,
  slaHours: null,
  createdAt: T,
  updatedAt: T,
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
});
const stages = [stage(1, 'Underwriting'), stage(2, 'Approved')];

const stored: Automation = {
  id: id(50),
  name: 'Welcome on approval',
  description: '',
  isActive: true,
  trigger: { type: 'stage_changed', fromStageId: null, toStageId: APPROVED },
  conditions: [],
  actions: [
    { type: 'create_todo', config: { title: 'Call', assignTo: 'assignee' }, summary: 'Create todo “Call”' },
    { type: 'wait', config: { hours: 2 }, summary: 'Wait 2 hours' },
  ],
  lastRunAt: null,
  runCount: 0,
  createdAt: T,
  updatedAt: T,
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
};

function automationsApi(extra: FakeRoutes = {}) {
  return fakeFetch({
    'GET /api/automations': () => ({ body: listBody('automations', [stored]) }),
    'GET /api/stages': () => ({ body: listBody('stages', stages) }),
    'GET /api/users/options': () => ({ body: { options: [] } }),
    // With a condition the count stops at the server's time limit: "at least" what it found.
    'POST /api/automations/preview': ({ body }) => ({
      body: (body as { conditions?: unknown[] }).conditions?.length
        ? { matching: 3, complete: false }
        : { matching: 12, complete: true },
    }),
    ...extra,
  });
}

async function choose(container: HTMLElement, name: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(within(container).getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('automation builder', { timeout: 240_000 }, () => {
  it('builds a trigger, a condition and actions, counts the matches, and shows the guard rail refusal beside its action', async () => {
    const api = automationsApi({
      'POST /api/automations': () => ({
        status: 400,
        body: problemBody(400, {
          errors: { 'actions.1.config.stageId': ['This would move the merchant into the stage that triggers it'] },
        }),
      }),
    });
    const user = userEvent.setup();
    renderPage(<AutomationListPage />, { url: '/automation/list' });
    expect(await screen.findByText('Stage changes from any stage to Approved')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add automation' })[0]!);
    const form = await screen.findByRole('dialog', { name: 'Add automation' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Approved follow-up');
    await choose(form, /To stage/, 'Approved');
    expect(await within(form).findByText('12 merchants match now')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add condition' }));
    await choose(form, /Field of condition 1/, 'Risk level');
    await choose(form, /Value of condition 1/, 'High');
    expect(
      await within(form).findByText(/^At least 3 merchants match now \(counting stopped after 2 seconds/),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/automations/preview').at(-1)!.body).toEqual({
      trigger: { type: 'stage_changed', fromStageId: null, toStageId: APPROVED },
      conditions: [{ field: 'riskLevel', operator: 'eq', value: 'high' }],
    });

    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    let item = await screen.findByRole('dialog', { name: 'Add action 1' });
    await choose(item, /Type/, 'Create todo');
    await user.type(within(item).getByRole('textbox', { name: /Title/ }), 'Call the merchant');
    await user.click(within(item).getByRole('button', { name: 'Add' }));
    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    item = await screen.findByRole('dialog', { name: 'Add action 2' });
    await choose(item, /Type/, 'Change stage');
    await choose(item, /Move the merchant to/, 'Approved');
    await user.click(within(item).getByRole('button', { name: 'Add' }));
    const actions = within(form).getByRole('list', { name: 'Actions, in order' });
    expect(
      within(actions)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['1. Create todo “Call the merchant” for the assigned user', '2. Change stage to Approved']);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/automations')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/automations')[0]!.body).toEqual({
      data: {
        name: 'Approved follow-up',
        description: '',
        isActive: true,
        trigger: { type: 'stage_changed', fromStageId: null, toStageId: APPROVED },
        conditions: [{ field: 'riskLevel', operator: 'eq', value: 'high' }],
        actions: [
          { type: 'create_todo', config: { title: 'Call the merchant', assignTo: 'assignee' } },
          { type: 'change_stage', config: { stageId: APPROVED } },
        ],
      },
    });
    expect(
      await within(form).findByText('This would move the merchant into the stage that triggers it'),
    ).toBeInTheDocument();
  });

  it('edits a stored automation: reorders its actions by button and keyboard, and saves with its updatedAt', async () => {
    const api = automationsApi({
      [`PATCH /api/automations/${stored.id}`]: () => ({ body: stored }),
    });
    const user = userEvent.setup();
    renderPage(<AutomationListPage />, { url: '/automation/list' });
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome on approval' }));
    const form = await screen.findByRole('dialog', { name: 'Edit automation: Welcome on approval' });
    const order = () =>
      within(within(form).getByRole('list', { name: 'Actions, in order' }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'));
    expect(order()).toEqual(['1. Create todo “Call” for the assigned user', '2. Wait 2 hours']);
    await user.click(within(form).getByRole('button', { name: 'Move action 1 down' }));
    expect(order()).toEqual(['1. Wait 2 hours', '2. Create todo “Call” for the assigned user']);
    expect(await within(form).findByText(/moved to position 2 of 2/)).toBeInTheDocument();
    within(form).getByRole('listitem', { name: '2. Create todo “Call” for the assigned user' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['1. Create todo “Call” for the assigned user', '2. Wait 2 hours']);
    await user.click(within(form).getByRole('button', { name: 'Move action 2 up' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/api/automations/${stored.id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/automations/${stored.id}`)[0]!.body).toMatchObject({
      id: stored.id,
      updatedAt: T,
      actions: [
        { type: 'wait', config: { hours: 2 } },
        { type: 'create_todo', config: { title: 'Call', assignTo: 'assignee' } },
      ],
    });
  });

  it('dry-runs the automation against a searched merchant: each condition and action, nothing sent', async () => {
    const result: AutomationDryRunResponse = {
      conditionsHold: true,
      conditions: [],
      actions: [
        { type: 'create_todo', description: 'Would create todo “Call” for Ada Admin', ok: true },
        { type: 'wait', description: 'Would wait 2 hours', ok: true },
      ],
    };
    const api = automationsApi({
      'GET /api/search': () => ({
        body: {
          data: [
            { id: id(900), dbaName: 'Blue Bottle Cafe', stage: { name: 'Approved' }, url: `/merchant/view/${id(900)}` },
          ],
        },
      }),
      'POST /api/automations/dry-run': () => ({ body: result }),
    });
    const user = userEvent.setup();
    renderPage(<AutomationListPage />, { url: '/automation/list' });
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome on approval' }));
    const form = await screen.findByRole('dialog', { name: 'Edit automation: Welcome on approval' });
    await user.type(within(form).getByRole('combobox', { name: 'Merchant to try it on' }), 'Blue');
    await user.click(await screen.findByRole('option', { name: 'Blue Bottle Cafe' }));
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    const outcome = await within(form).findByRole('region', { name: 'Dry run result' });
    expect(within(outcome).getByText(/Nothing is sent or changed/)).toBeInTheDocument();
    expect(within(outcome).getByText('Would create todo “Call” for Ada Admin')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/automations/dry-run')[0]!.body).toEqual({
      merchantId: id(900),
      automation: {
        trigger: { type: 'stage_changed', fromStageId: null, toStageId: APPROVED },
        conditions: [],
        actions: [
          { type: 'create_todo', config: { title: 'Call', assignTo: 'assignee' } },
          { type: 'wait', config: { hours: 2 } },
        ],
      },
    });
  });
});

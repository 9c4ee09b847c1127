import type { MessageDetail, MessageSummary } from '@boardwalk/shared';
import type { Automation } from '@boardwalk/shared/schemas/automation';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { HistoryEmailsPage } from './emails-page.tsx';

const ID = '0190c0de-0000-7000-8000-0000000000e1';

const summary: MessageSummary = {
  id: ID,
  channel: 'email',
  to: 'maria@merchant.test',
  subject: 'Welcome, Blue Harbor',
  status: 'failed',
  outcome: 'failed',
  transport: null,
  attempts: 3,
  error: 'The server rejected the recipient (code 550)',
  failureReason: 'recipient_rejected',
  failureCode: '550',
  merchantId: '0190c0de-0000-7000-8000-0000000000a1',
  merchantName: 'Blue Harbor',
  templateId: null,
  templateName: null,
  causeType: 'stage_action',
  causeId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
};

const detail: MessageDetail = {
  ...summary,
  cc: '',
  html: '<p>Hello <script>alert(1)</script>Maria</p>',
  text: 'Hello Maria',
  transportMessageId: null,
  sendingStartedAt: null,
  updatedAt: '2026-11-20T10:00:05.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HistoryEmailsPage', { timeout: 60_000 }, () => {
  it('lists messages, filters in the URL, and shows one in a sandboxed frame; retry asks, then queues it', async () => {
    const net = fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [summary]), allData: [] } }),
      [`GET /api/history/emails/${ID}`]: () => ({ body: detail }),
      [`POST /api/history/emails/${ID}/retry`]: () => ({ body: { ...detail, status: 'queued', error: null } }),
    });
    const { router } = renderPage(<HistoryEmailsPage />, { url: '/history/emails?status=failed' });
    const grid = within(await screen.findByRole('grid', { name: 'Messages' }));
    expect(await grid.findByText('Welcome, Blue Harbor')).toBeInTheDocument();
    // Why it failed, in plain words (decision 073).
    expect(grid.getByText('The server rejected the recipient')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/history/emails')[0]!.search.get('status')).toBe('failed');

    await userEvent.click(grid.getByText('Blue Harbor'));
    await waitFor(() =>
      expect(router.state.location.search).toContain('merchantId=0190c0de-0000-7000-8000-0000000000a1'),
    );

    await userEvent.click(grid.getByRole('button', { name: /Show the message to maria@merchant.test/ }));
    const frame = await screen.findByTitle('Rendered message');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(detail.html);
    const reason = screen.getByRole('alert');
    expect(within(reason).getByText('The server rejected the recipient')).toBeInTheDocument();
    expect(within(reason).getByText('Code: 550')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send this message again?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/history/emails/${ID}/retry`)).toHaveLength(1));
  });

  it("labels a message that was only logged 'Logged only', never a green Sent, and says no mail server is configured", async () => {
    const logged: MessageDetail = {
      ...detail,
      status: 'sent',
      outcome: 'logged',
      transport: 'log',
      error: null,
      failureReason: null,
      failureCode: null,
      attempts: 1,
      sentAt: '2026-11-20T10:00:02.000Z',
    };
    fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [logged]), allData: [] } }),
      [`GET /api/history/emails/${ID}`]: () => ({ body: logged }),
      'GET /api/templates/delivery': () => ({ body: { mailServerConfigured: false } }),
    });
    renderPage(<HistoryEmailsPage />, { url: '/history/emails' });
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('No mail server is configured')).toBeInTheDocument();
    const grid = within(await screen.findByRole('grid', { name: 'Messages' }));
    expect(await grid.findByText('Logged only')).toBeInTheDocument();
    expect(grid.queryByText('Sent')).not.toBeInTheDocument();
    await userEvent.click(grid.getByRole('button', { name: /Show the message to maria@merchant.test/ }));
    const drawer = within(await screen.findByRole('presentation'));
    expect(await drawer.findByText(/^Logged only: no mail server was configured/)).toBeInTheDocument();
  });

  it('says nothing about the mail server when one is configured', async () => {
    const net = fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [summary]), allData: [] } }),
      'GET /api/templates/delivery': () => ({ body: { mailServerConfigured: true } }),
    });
    renderPage(<HistoryEmailsPage />, { url: '/history/emails' });
    await within(await screen.findByRole('grid', { name: 'Messages' })).findByText('Welcome, Blue Harbor');
    await waitFor(() => expect(net.callsTo('GET', '/api/templates/delivery')).toHaveLength(1));
    expect(screen.queryByText('No mail server is configured')).not.toBeInTheDocument();
  });

  it('filters by a merchant picked by search, and names one given by the URL', async () => {
    const harborId = '0190c0de-0000-7000-8000-0000000000a2';
    const net = fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [summary]), allData: [] } }),
      'GET /api/search': ({ search }) => ({
        body: {
          data:
            search.get('q') === 'harbor'
              ? [{ id: harborId, dbaName: 'Red Harbor', stage: { name: 'Live' }, url: `/merchant/view/${harborId}` }]
              : [],
        },
      }),
    });
    const { router } = renderPage(<HistoryEmailsPage />, { url: `/history/emails?merchantId=${summary.merchantId}` });
    const picker = await screen.findByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(picker).toHaveValue('Blue Harbor')); // named from the rows of that merchant
    await userEvent.clear(picker);
    await userEvent.type(picker, 'harbor');
    await userEvent.click(await screen.findByRole('option', { name: 'Red Harbor' }));
    await waitFor(() => expect(router.state.location.search).toContain(`merchantId=${harborId}`));
    await waitFor(() =>
      expect(net.callsTo('GET', '/api/history/emails').at(-1)!.search.get('merchantId')).toBe(harborId),
    );
    expect(picker).toHaveValue('Red Harbor');
  });

  it('filters by the automation that sent the messages, chosen from every automation', async () => {
    const automation: Automation = {
      id: '0190c0de-0000-7000-8000-0000000000b1',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      createdBy: null,
      updatedBy: null,
      deletedAt: null,
      name: 'Approved follow-up',
      description: '',
      isActive: true,
      trigger: { type: 'merchant_created' },
      conditions: [],
      actions: [],
      lastRunAt: null,
      runCount: 0,
    };
    const net = fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [summary]), allData: [] } }),
      'GET /api/automations': () => ({ body: { ...listBody('automations', []), allData: [automation] } }),
    });
    const { router } = renderPage(<HistoryEmailsPage />, { url: '/history/emails' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Automation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Approved follow-up' }));
    await waitFor(() => expect(router.state.location.search).toContain(`automationId=${automation.id}`));
    await waitFor(() =>
      expect(net.callsTo('GET', '/api/history/emails').at(-1)!.search.get('automationId')).toBe(automation.id),
    );
  });

  it('offers no retry to staff, who may read the log but not control jobs', async () => {
    fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [summary]), allData: [] } }),
      [`GET /api/history/emails/${ID}`]: () => ({ body: detail }),
    });
    renderPage(<HistoryEmailsPage />, { url: '/history/emails', role: 'ROLE_STAFF' });
    const grid = within(await screen.findByRole('grid', { name: 'Messages' }));
    await userEvent.click(await grid.findByRole('button', { name: /Show the message/ }));
    await screen.findByTitle('Rendered message');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('names a policy refusal with the address it refused, and the portal’s own reasons as they are', async () => {
    const blocked: MessageDetail = {
      ...detail,
      error:
        'The SMTP server 2130706433 (127.0.0.1) is on a private or internal network; email only goes to mail servers at public addresses',
      failureReason: 'blocked',
      failureCode: 'POLICY',
    };
    const own: MessageSummary = {
      ...summary,
      id: '0190c0de-0000-7000-8000-0000000000e2',
      to: 'nobody@merchant.test',
      error: "The merchant's contact has no email address.",
      failureReason: null,
      failureCode: null,
    };
    fakeFetch({
      'GET /api/history/emails': () => ({ body: { ...listBody('emails', [summary, own]), allData: [] } }),
      [`GET /api/history/emails/${ID}`]: () => ({ body: blocked }),
    });
    renderPage(<HistoryEmailsPage />, { url: '/history/emails' });
    const grid = within(await screen.findByRole('grid', { name: 'Messages' }));
    expect(await grid.findByText("The merchant's contact has no email address.")).toBeInTheDocument();
    await userEvent.click(grid.getByRole('button', { name: /Show the message to maria@merchant.test/ }));
    const reason = await screen.findByRole('alert');
    expect(within(reason).getByText('Blocked: the server is on a private or internal network')).toBeInTheDocument();
    expect(within(reason).getByText(/^The SMTP server 2130706433 \(127\.0\.0\.1\)/)).toBeInTheDocument();
  });

  it("logs a failed fetch as 'Error fetching data:' and shows the error", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch({ 'GET /api/history/emails': () => ({ status: 500, body: problemBody(500) }) });
    renderPage(<HistoryEmailsPage />, { url: '/history/emails' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching data:', expect.anything()));
  });
});

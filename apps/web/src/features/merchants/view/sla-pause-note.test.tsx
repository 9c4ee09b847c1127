import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { stageAge } from './days-in-stage.ts';
import { MerchantHeader } from './merchant-header.tsx';
import { formatWaiting } from './sla-pause-note.tsx';

const HOUR = 3_600_000;
const PAUSE = `/api/merchants/${MERCHANT_ID}/sla-pause`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the waiting time on the merchant beside the time in stage', { timeout: 60_000 }, () => {
  it('says the SLA is paused while a request is open, and the time waited, and is not overdue for it', async () => {
    const entered = new Date(Date.now() - 30 * HOUR).toISOString();
    const since = new Date(Date.now() - 10 * HOUR).toISOString();
    const m = merchant({ stageEnteredAt: entered });
    fakeFetch({ [`GET ${PAUSE}`]: () => ({ body: { pausedSeconds: 10 * 3600, waitingSince: since } }) });
    renderPage(
      <MerchantHeader
        merchant={{ ...m, stage: { ...m.stage, slaHours: 24 } }}
        mayUpdate={false}
        mayDelete={false}
        onReload={() => {}}
      />,
    );
    expect(await screen.findByText(/^SLA paused: waiting on merchant since /)).toBeInTheDocument();
    expect(
      screen.getByText('Waiting on merchant: 10 h in this stage, not counted against the SLA'),
    ).toBeInTheDocument();
    // 30 h in the stage, 10 of them waiting: 20 h against a 24 h SLA.
    expect(screen.getByText('1 day in stage of 1 day allowed')).toBeInTheDocument();
  });

  it('shows nothing more for a merchant that never waited', async () => {
    fakeFetch({ [`GET ${PAUSE}`]: () => ({ body: { pausedSeconds: 0, waitingSince: null } }) });
    renderPage(<MerchantHeader merchant={merchant()} mayUpdate={false} mayDelete={false} onReload={() => {}} />);
    expect(await screen.findByText('Time in stage')).toBeInTheDocument();
    expect(screen.queryByText(/waiting on merchant/i)).toBeNull();
  });

  it('counts the waiting time out of the overdue mark', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    expect(stageAge('2026-03-09T06:00:00.000Z', 24, now).overdue).toBe(true);
    expect(stageAge('2026-03-09T06:00:00.000Z', 24, now, 7 * 3600).overdue).toBe(false);
    expect([formatWaiting(600), formatWaiting(5 * 3600), formatWaiting(50 * 3600)]).toEqual([
      '10 min',
      '5 h',
      '2 d 2 h',
    ]);
  });
});

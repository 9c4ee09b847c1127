import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { EvidencePackButton } from './evidence-pack-button.tsx';

describe('EvidencePackButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the merchant’s evidence pack as a ZIP file', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:pack');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = fakeFetch({ [`GET /api/merchants/${MERCHANT_ID}/evidence-pack`]: () => ({ body: 'PK' }) });
    renderPage(<EvidencePackButton merchant={merchant()} />);
    await user.click(screen.getByRole('button', { name: 'Download evidence pack' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = api.callsTo('GET', `/api/merchants/${MERCHANT_ID}/evidence-pack`)[0]!;
    expect(call.headers.get('accept')).toBe('application/zip, application/problem+json');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`evidence-${MERCHANT_ID}.zip`);
  });

  it('saves nothing when the pack fails, and says why', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fakeFetch({
      [`GET /api/merchants/${MERCHANT_ID}/evidence-pack`]: () => ({
        status: 404,
        body: problemBody(404, { detail: 'No merchant with this id.' }),
      }),
    });
    renderPage(<EvidencePackButton merchant={merchant()} />);
    await user.click(screen.getByRole('button', { name: 'Download evidence pack' }));
    expect(await screen.findByText(/The evidence pack could not be made\. No merchant with this id\./)).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });
});

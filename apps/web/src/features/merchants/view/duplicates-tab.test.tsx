import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { DuplicatesTab } from './duplicates-tab.tsx';

const DUPLICATE_ID = '0190c0de-0000-7000-8000-00000000a0ee';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DuplicatesTab', () => {
  it('says calmly that the list was not checked when the reveal budget is spent, and checks again', async () => {
    const user = userEvent.setup();
    let limited = true;
    const server = fakeFetch({
      [`GET /api/merchants/${MERCHANT_ID}/duplicates`]: () =>
        limited
          ? { status: 429, body: problemBody(429, { detail: 'You revealed or looked up 30 sensitive values.' }) }
          : {
              body: {
                duplicates: [
                  {
                    id: DUPLICATE_ID,
                    dbaName: 'Harbour Coffee',
                    stage: merchant().stage,
                    deleted: false,
                    reasons: ['taxId'],
                  },
                ],
              },
            },
    });
    renderPage(<DuplicatesTab merchantId={MERCHANT_ID} />);
    expect(await screen.findByText(/^Not checked for duplicates just now/)).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();

    limited = false;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('link', { name: 'Harbour Coffee' })).toHaveAttribute(
      'href',
      `/merchant/view/${DUPLICATE_ID}`,
    );
    expect(server.callsTo('GET', `/api/merchants/${MERCHANT_ID}/duplicates`)).toHaveLength(2);
  });
});

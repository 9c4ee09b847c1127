import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { UserAddPage } from './user-add-page.tsx';

// A file of its own: the public settings are read once per page load (lib/portal-name.ts), so
// this test needs a fresh module, as after a reload.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserAddPage password hint', { timeout: 60_000 }, () => {
  it('states the length the policy setting asks for, 14 when it says 14 (issue 8 §2)', async () => {
    fakeFetch({
      'GET /api/settings/public': () => ({
        body: { portalName: 'Boardwalk', sessionIdleMinutes: 15, minPasswordLength: 14 },
      }),
    });
    renderPage(<UserAddPage />, { url: '/user/add' });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Temporary password/)).toHaveAccessibleDescription(
        expect.stringMatching(/^At least 14 characters with letters and digits/),
      ),
    );
  });
});

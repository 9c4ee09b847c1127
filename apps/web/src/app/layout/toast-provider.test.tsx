import { getContrastRatio } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_TOP_OFFSET } from '../../lib/theme/constants.ts';
import { showToast } from '../../lib/toast-queue.ts';
import { sessionFor } from '../../test/fake-fetch.ts';
import { AppProviders } from '../providers.tsx';
import { makeStore } from '../store.ts';

function renderToasts() {
  render(
    <AppProviders session={sessionFor('ROLE_ADMIN')} store={makeStore()}>
      <main />
    </AppProviders>,
  );
}

describe('toasts', () => {
  it('shows a repeated outcome once', async () => {
    renderToasts();
    act(() => {
      showToast({ message: 'Company Acme deleted', variant: 'success' });
      showToast({ message: 'Company Acme deleted', variant: 'success' });
    });
    expect(await screen.findByText('Company Acme deleted')).toBeInTheDocument();
    expect(screen.getAllByText('Company Acme deleted')).toHaveLength(1);
  });

  it.each(['success', 'error', 'warning', 'info'] as const)(
    'paints a %s toast in readable colours',
    async (variant) => {
      renderToasts();
      act(() => showToast({ message: `A ${variant} toast`, variant }));
      const toast = (await screen.findByText(`A ${variant} toast`)).closest('.notistack-MuiContent')!;
      const style = getComputedStyle(toast);
      expect(getContrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('starts a stack at the top below the top bar and the page header', async () => {
    renderToasts();
    act(() => showToast({ message: 'Saved', variant: 'success' }));
    const container = (await screen.findByText('Saved')).closest('.notistack-SnackbarContainer')!;
    // jsdom matches no media query: the narrow screen's offset, where the header's buttons wrap below its title.
    expect(getComputedStyle(container).top).toBe(`${TOAST_TOP_OFFSET.xs}px`);
  });
});

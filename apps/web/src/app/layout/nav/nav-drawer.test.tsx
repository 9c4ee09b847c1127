import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsProvider } from '../../../lib/settings/settings-provider.tsx';

// The temporary drawer, recorded: each render with whether it was open. VerticalNav is left out.
const drawer = vi.hoisted(() => ({ renders: [] as boolean[] }));
vi.mock('@mui/material/SwipeableDrawer', () => ({
  default: ({ open }: { open: boolean }) => {
    drawer.renders.push(open);
    return null;
  },
}));
vi.mock('./vertical-nav.tsx', () => ({ VerticalNav: () => null }));

const { NavDrawer } = await import('./nav-drawer.tsx');

function renderDrawer(open: boolean) {
  return render(
    <SettingsProvider>
      <NavDrawer desktop={false} open={open} onOpen={() => {}} onClose={() => {}} />
    </SettingsProvider>,
  );
}

describe('the temporary menu below 1200px (decision 063)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    drawer.renders = [];
  });

  it('is not loaded with the first paint, but once the page has settled', async () => {
    vi.useFakeTimers();
    renderDrawer(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(900);
    });
    expect(drawer.renders).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    vi.useRealTimers();
    await vi.waitFor(() => expect(drawer.renders).toContain(false));
  });

  it('is loaded at once when the menu button opens it', async () => {
    renderDrawer(true);
    await vi.waitFor(() => expect(drawer.renders).toContain(true));
  });
});

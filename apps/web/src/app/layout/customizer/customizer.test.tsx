import type { UiSettings } from '@boardwalk/shared/ui-settings';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTheme } from '@mui/material/styles';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeFetch, sessionFor } from '../../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../../test/render-app.tsx';
import { stubScreenWidth } from '../../../test/screen-width.ts';
import type { RouteEntry } from '../../route-types.ts';

beforeAll(async () => {
  await preloadApp();
  await import('./customizer-drawer.tsx');
  await import('../horizontal/horizontal-layout.tsx');
  await import('../../../lib/theme/rtl-cache.ts');
}, 120_000);

function ThemeProbe() {
  const theme = useTheme();
  return (
    <Card>
      <CardContent data-testid="theme">
        {theme.palette.mode} {theme.palette.primary.main} {theme.direction}
      </CardContent>
    </Card>
  );
}

const entries: RouteEntry[] = [
  { path: '/home', page: async () => ThemeProbe, ability: { action: 'read', subject: 'home-page' } },
];

function serverWithCustomizer(enabled = true) {
  return fakeFetch({
    'GET /api/settings/public': () => ({
      body: { portalName: 'Boardwalk', sessionIdleMinutes: 15, minPasswordLength: 12, customizerEnabled: enabled },
    }),
    'GET /api/me/settings': () => ({ body: {} }),
    'PUT /api/me/settings': ({ body }) => ({ body: body as Partial<UiSettings> }),
  });
}

const stored = (): UiSettings => JSON.parse(window.localStorage.getItem('settings') ?? '{}') as UiSettings;

async function openCustomizer() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open theme customizer' }));
  const panel = await screen.findByRole('dialog', { name: 'Theme customizer' });
  return { user, panel };
}

describe('theme customizer', { timeout: 60_000 }, () => {
  it('shows no cog while the product configuration leaves it off', async () => {
    const hidden = { hidden: false };
    stubScreenWidth(1400);
    serverWithCustomizer(false);
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN'), entries });
    expect(await screen.findByTestId('theme')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('banner', hidden)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Open theme customizer' })).not.toBeInTheDocument();
  });

  it('puts the cog on the screen edge from 900px and in the app bar below, where the edge is content', async () => {
    stubScreenWidth(390);
    serverWithCustomizer(true);
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN'), entries });
    const cog = await screen.findByRole('button', { name: 'Open theme customizer' });
    expect(screen.getByRole('banner')).toContainElement(cog);
    cleanup();
    stubScreenWidth(1400);
    serverWithCustomizer(true);
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN'), entries });
    const edge = await screen.findByRole('button', { name: 'Open theme customizer' });
    expect(screen.getByRole('banner')).not.toContainElement(edge);
  });

  it('sets all twelve settings: each reaches the page, localStorage and the server', { timeout: 180_000 }, async () => {
    stubScreenWidth(1400);
    const api = serverWithCustomizer();
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN'), entries });
    const { user, panel } = await openCustomizer();
    const radio = (group: string, name: string) =>
      within(within(panel).getByRole('radiogroup', { name: group })).getByRole('radio', { name });
    // The panel is a modal: the page behind it is hidden from assistive technology meanwhile.
    const hidden = { hidden: true };
    const theme = () => screen.getByTestId('theme').textContent;

    await user.click(radio('Skin', 'Bordered'));
    expect(screen.getByTestId('theme').closest('.MuiCard-root')).toHaveClass('MuiPaper-outlined');

    await user.click(radio('Mode', 'Dark'));
    expect(theme()).toContain('dark');
    expect(document.documentElement.dataset.mode).toBe('dark');
    await user.click(radio('Mode', 'Semi dark'));
    // Semi-dark: light content, a dark menu.
    expect(document.documentElement.dataset.mode).toBe('light');

    await user.click(within(panel).getByRole('radio', { name: 'Green' }));
    expect(theme()).toContain('#56CA00');

    await user.click(radio('Content width', 'Full'));
    await user.click(radio('App bar', 'Static'));
    expect(screen.getByRole('banner', hidden)).toHaveClass('MuiAppBar-positionStatic');
    await user.click(within(panel).getByRole('switch', { name: 'Blur the app bar' }));
    await user.click(radio('Footer', 'Fixed'));
    expect(screen.getByRole('contentinfo', hidden)).toHaveAttribute('data-footer', 'fixed');

    await user.click(radio('Menu toggle', 'Collapse'));
    await user.click(within(panel).getByRole('switch', { name: 'Menu collapsed' }));
    expect(document.querySelector('[data-collapsed]')).toHaveAttribute('data-collapsed', 'true');
    await user.click(within(panel).getByRole('switch', { name: 'Menu hidden' }));
    // A hidden menu opens from the top bar's button, as on a narrow screen.
    expect(screen.getByRole('button', { name: 'Open navigation', hidden: true })).toBeInTheDocument();
    expect(document.querySelector('[data-collapsed]')).toBeNull();
    await user.click(within(panel).getByRole('switch', { name: 'Menu hidden' }));

    await user.click(radio('App bar', 'Hidden'));
    expect(screen.queryByRole('banner', hidden)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('switch', { name: 'Right to left' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(theme()).toContain('rtl');

    await user.click(radio('Menu layout', 'Horizontal'));
    const header = await screen.findByRole('banner', hidden);
    expect(header).toHaveAttribute('data-layout', 'horizontal');
    expect(within(header).getByRole('navigation', { name: 'Main navigation', hidden: true })).toBeInTheDocument();

    const expected: Partial<UiSettings> = {
      skin: 'bordered',
      // The horizontal layout put semi-dark back to light and the hidden app bar back to fixed.
      mode: 'light',
      themeColor: 'success',
      contentWidth: 'full',
      appBar: 'fixed',
      appBarBlur: false,
      footer: 'fixed',
      direction: 'rtl',
      layout: 'horizontal',
      lastLayout: 'horizontal',
      verticalNavToggleType: 'collapse',
      navCollapsed: true,
      navHidden: false,
    };
    expect(stored()).toMatchObject(expected);
    // Every change is sent; the last ones may still be on their way when the page has them.
    const sent = () => Object.assign({}, ...api.callsTo('PUT', '/api/me/settings').map((call) => call.body)) as object;
    await waitFor(() => expect(sent()).toMatchObject(expected));
  });

  it('offers neither semi-dark nor a hidden app bar in the horizontal layout', async () => {
    stubScreenWidth(1400);
    serverWithCustomizer();
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN'), entries });
    const { user, panel } = await openCustomizer();
    const group = (name: string) => within(panel).getByRole('radiogroup', { name });
    expect(within(group('Mode')).getAllByRole('radio')).toHaveLength(3);
    await user.click(within(group('Menu layout')).getByRole('radio', { name: 'Horizontal' }));
    expect(
      within(group('Mode'))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['light', 'dark']);
    expect(
      within(group('App bar'))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['fixed', 'static']);
    expect(within(panel).getByRole('switch', { name: 'Menu collapsed' })).toBeDisabled();
  });

  it('below 1200px shows the vertical layout and does not offer the horizontal one; the choice is kept', async () => {
    stubScreenWidth(1000);
    window.localStorage.setItem(
      'settings',
      JSON.stringify({ layout: 'horizontal', lastLayout: 'horizontal', navCollapsed: true }),
    );
    serverWithCustomizer();
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN'), entries });
    const { panel } = await openCustomizer();
    const hidden = { hidden: true };
    expect(screen.getByRole('banner', hidden)).not.toHaveAttribute('data-layout', 'horizontal');
    expect(screen.getByRole('button', { name: 'Open navigation', hidden: true })).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: 'Horizontal' })).toBeDisabled();
    expect(within(panel).getByRole('radio', { name: 'Vertical' })).toBeChecked();
    expect(stored()).toMatchObject({ layout: 'horizontal', navCollapsed: true });
  });
});

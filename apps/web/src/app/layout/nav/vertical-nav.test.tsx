import { createMongoAbility } from '@casl/ability';
import { AbilityProvider } from '@casl/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { defineAbilityFor, type AppAbility } from '@boardwalk/shared/ability';
import { SettingsProvider } from '../../../lib/settings/settings-provider.tsx';
import { verticalNavItems, type NavItem } from '../../navigation.ts';
import { visibleNavItems } from '../../nav-visibility.ts';
import { VerticalNav } from './vertical-nav.tsx';

function renderNav(
  ability: AppAbility,
  { url = '/home', items, onNavigate }: { url?: string; items?: NavItem[]; onNavigate?: () => void } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: <VerticalNav items={items} onNavigate={onNavigate} /> }], {
    initialEntries: [url],
  });
  render(
    <SettingsProvider>
      <AbilityProvider value={ability}>
        <RouterProvider router={router} />
      </AbilityProvider>
    </SettingsProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('vertical menu', () => {
  it('shows an admin every menu entry in order, with the Settings section', () => {
    const nav = renderNav(defineAbilityFor({ role: 'ROLE_ADMIN' }));
    expect(linkNames(nav).slice(1, 12)).toEqual([
      'Home',
      'Add Merchant',
      'Import Merchants',
      'Sales',
      'Underwriting',
      'Merchants',
      'Dead',
      'Reporting',
      'Todo',
      'My Queue',
      'Access Control',
    ]);
    expect(within(nav).getByText('Settings')).toBeInTheDocument();
    const groups = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(groups).toEqual(['User', 'Template', 'Logs']);
    expect(linkNames(nav).slice(12)).toEqual([
      'Agent Accounts',
      'Stage',
      'Scorecards',
      'Sanctions Lists',
      'Company',
      'Automations',
      'Lead Source',
      'Assignment Rules',
      'Industries',
      'Portal Global Settings',
      'API Tokens',
      'API Documentation',
    ]);
    expect(within(nav).getByRole('link', { name: 'Merchants' })).toHaveAttribute('href', '/merchant/operations');
  });

  it('shows the agent only the entries its role allows: Access Control', () => {
    const nav = renderNav(defineAbilityFor({ role: 'ROLE_AGENT' }), { url: '/acl' });
    // The first link is the brand (to the landing page).
    expect(linkNames(nav).slice(1)).toEqual(['Access Control']);
    expect(within(nav).queryByText('Settings')).not.toBeInTheDocument();
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);
  });

  it('hides the Template group without read on template-page, and the section title with nothing under it', () => {
    const ability = createMongoAbility<AppAbility>([{ action: 'read', subject: 'user' }]);
    const visible = visibleNavItems(verticalNavItems, ability);
    const titles = visible.map((item) => ('sectionTitle' in item ? `# ${item.sectionTitle}` : item.title));
    expect(titles).toEqual(['# Settings', 'User']);

    const none = visibleNavItems(verticalNavItems, defineAbilityFor({ role: 'ROLE_SOMETHING' }));
    expect(none).toEqual([]);
  });

  it('shows items without action and subject to any signed-in user', () => {
    const items: NavItem[] = [
      { title: 'Open to all', path: '/open' },
      { title: 'Needs merchants', path: '/m', action: 'read', subject: 'merchant' },
    ];
    const nav = renderNav(defineAbilityFor({ role: 'ROLE_AGENT' }), { items, url: '/open' });
    expect(linkNames(nav).slice(1)).toEqual(['Open to all']);
  });

  it('opens the group holding the current route by itself, and toggles groups from the keyboard', async () => {
    const nav = renderNav(defineAbilityFor({ role: 'ROLE_STAFF' }), { url: '/template/wiki' });
    const template = within(nav).getByRole('button', { name: 'Template' });
    expect(template).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Wiki' })).toHaveAttribute('aria-current', 'page');
    const logs = within(nav).getByRole('button', { name: 'Logs' });
    expect(logs).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Emails' })).not.toBeInTheDocument();

    logs.focus();
    await userEvent.keyboard('{Enter}');
    expect(logs).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav).findByRole('link', { name: 'Emails' })).toHaveAttribute('href', '/history/emails');
    // Accordion (the default): opening Logs closed Template.
    expect(template).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the Audit Log under Logs for admins and superadmins only', () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_SUPERADMIN']) {
      const nav = renderNav(defineAbilityFor({ role }), { url: '/history/audit' });
      expect(within(nav).getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
      cleanup();
    }
    const staff = renderNav(defineAbilityFor({ role: 'ROLE_STAFF' }), { url: '/history/emails' });
    expect(within(staff).getByRole('link', { name: 'Emails' })).toBeInTheDocument();
    expect(within(staff).queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
  });

  it('tells the drawer to close when a link is chosen', async () => {
    const onNavigate = vi.fn();
    const nav = renderNav(defineAbilityFor({ role: 'ROLE_ADMIN' }), { onNavigate });
    await userEvent.click(within(nav).getByRole('link', { name: 'Sales' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { fakeFetch, sessionFor } from '../../test/fake-fetch.ts';
import { preloadApp, renderApp } from '../../test/render-app.tsx';

// Axe's aria-dialog-name and label-content-name-mismatch on every signed-in page.
const RULES = ['aria-dialog-name', 'label-content-name-mismatch', 'button-name'] as const;

beforeAll(preloadApp, 120_000);

describe('the shell names its controls as they read (axe)', () => {
  it('the avatar button, the search dialog and the menu drawer have names that fit', async () => {
    const user = userEvent.setup();
    fakeFetch({});
    renderApp({ url: '/home', session: sessionFor('ROLE_ADMIN', { name: 'Ada Lovelace' }) });

    const avatar = await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    // No text in it that its name lacks: the initials are decoration, drawn by CSS.
    expect(avatar).toHaveTextContent(/^$/);
    expect(avatar.querySelector('[data-initials="AL"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search (Ctrl+/)' }));
    expect(await screen.findByRole('dialog', { name: 'Search merchants' })).toBeInTheDocument();
    expect(await axeViolations(RULES)).toEqual([]);
    await user.keyboard('{Escape}');

    // jsdom matches no media query: the menu is the drawer of narrow screens (below 1200px).
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('dialog', { name: 'Navigation menu' })).toBeInTheDocument();
    expect(await axeViolations(RULES)).toEqual([]);
  });
});

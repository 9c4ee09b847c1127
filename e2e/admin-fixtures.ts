import { expect, type Locator, type Page } from '@playwright/test';
import { openUserMenu } from './shell.ts';

/**
 * Helpers for the administration journeys: signing out as a person would, and reading
 * the API with the page's own session, to check what was or was not saved. Users and sign-in live
 * in fixtures.ts.
 */

/**
 * How long a page may take to show its content after a navigation or reload: the first load of a
 * list page parses a large grid bundle, which takes well over the default 10 s when two workers,
 * the server and Chromium share two busy cores. Later steps keep the default.
 */
export const FIRST_PAINT = 30_000;

/** A suffix that makes names unique per run, so a rerun against the same database still passes. */
/** Loops that write millions of characters: a template with it saves (its Liquid is valid) but cannot render. */
export const UNRENDERABLE_LIQUID = '{% for i in (1..3000) %}{% for j in (1..3000) %}x{% endfor %}{% endfor %}';

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Signs out through the avatar menu, as a person would; logout lands on /. */
export async function signOutThroughMenu(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
}

/** GET an API list with the page's cookies (the signed-in user's session). */
export async function apiList<T>(page: Page, path: string, params: Record<string, string>): Promise<T> {
  const res = await page.request.get(path, { params });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** The names of a stage list's rows, top to bottom (each row is a listitem named after its stage). */
export async function rowNames(list: Locator): Promise<string[]> {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

/**
 * A text field's error as a user meets it: the input is marked invalid and its accessible
 * description (the helper text under it, MUI links them by aria-describedby) holds the message.
 */
export async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

import { START_ANSWERS } from '../../apps/web/src/lib/start-answers.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * The API answers a first load asks for come with the page (decision 068): the page names them
 * (`<link rel="preload" as="fetch">`), the browser fetches them with the entry, and the app's own
 * requests take those answers instead of asking again. Each must be asked for exactly once, and
 * none may be left unused: a request that no longer matches its preload (another address or
 * credentials mode) would ask twice, and an answer the app no longer asks for at the start would
 * draw Chromium's warning that it was preloaded but not used.
 */

/** Every request for an API path, and Chromium's warnings about unused preloads. */
function watch(page: Page) {
  const asked: string[] = [];
  const unused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/i.test(message.text())) unused.push(message.text());
  });
  return { asked, unused };
}

/** The answers the page named, in its order. */
const named = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );

/** Chromium warns about an unused preload three seconds after the load event. */
const AFTER_THE_WARNING_MS = 3_500;

/** Once Chromium would have warned: each answer asked for once, and no preload left unused. */
async function expectEachAskedOnceAndUsed(page: Page, watched: ReturnType<typeof watch>, answers: string[]) {
  await page.waitForTimeout(AFTER_THE_WARNING_MS);
  for (const answer of answers) {
    const times = watched.asked.filter((path) => path === answer).length;
    expect(`${answer} asked ${times} times`).toBe(`${answer} asked 1 times`);
  }
  expect(watched.unused).toEqual([]);
}

test.describe('signed in', () => {
  test.use({ signedInAs: 'admin' });

  test('/home asks once for each answer its page named, and uses them all', async ({ page }) => {
    const watched = watch(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'My todos' })).toBeVisible();
    const answers = await named(page);
    expect(answers).toEqual([...START_ANSWERS.every, ...START_ANSWERS.signedIn]);
    await expectEachAskedOnceAndUsed(page, watched, answers);
  });
});

test('/login, signed out, asks once for the session and the public settings, and uses both', async ({ page }) => {
  const watched = watch(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible({ timeout: 30_000 });
  expect(await named(page)).toEqual(START_ANSWERS.every);
  await expectEachAskedOnceAndUsed(page, watched, START_ANSWERS.every);
});

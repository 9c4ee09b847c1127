import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * A signed-in page's first load leaves out the sign-in form and MUI's input parts (decision 069):
 * the sign-in-again dialog's code is fetched at the user's first key or click, so it is there
 * long before a session can end with something typed on the page.
 */
test.use({ signedInAs: 'staff' });

/** Script files the page fetched, by their chunk name (`assets/mui-inputs-AbC123.js` → mui-inputs). */
function chunksFetched(page: Page) {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) names.push(match[1]);
  });
  return names;
}

test('/home loads without the sign-in form; the first key press fetches the dialog that asks for the password again', async ({
  page,
}) => {
  const fetched = chunksFetched(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'My todos' })).toBeVisible();
  expect(fetched).not.toContain('sign-in-again-dialog');
  expect(fetched).not.toContain('mui-inputs');

  // The session guard may mount a moment after the page shows (it is lazy): the key is pressed
  // until a press finds it listening, well within the 10 s after which it would fetch anyway.
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Shift');
        return fetched;
      },
      { timeout: 5_000 },
    )
    .toContain('sign-in-again-dialog');
  expect(fetched).toContain('mui-inputs');
});

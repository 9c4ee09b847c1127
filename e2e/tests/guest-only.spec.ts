import { expect, signInThroughForm, test } from '../fixtures.ts';

test("a signed-in visit to the guest-only /login goes to the user's first page", async ({ page, createUser }) => {
  await signInThroughForm(page, await createUser('staff'));
  await page.goto('/login');
  await expect(page).toHaveURL('/home');
});

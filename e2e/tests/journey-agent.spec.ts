import { FIRST_PAINT } from '../admin-fixtures.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';

// An agent (ROLE_AGENT) may open one page: the access page. Signing in lands there, it says what
// the access is, and a page out of reach turns them back to it rather than round to another 401.
test('an agent lands on the access page, reads what the role may, and Back to Home does not loop', async ({
  page,
  createUser,
}) => {
  const agent = await createUser('agent');
  await page.goto('/login');
  await signInThroughForm(page, agent);

  await expect(page).toHaveURL('/acl');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Control' })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByText('You are signed in as')).toContainText('Agent');
  await expect(page.getByText(/This is the only page your role may open/)).toBeVisible();

  // "Your role may" lists what is granted, none of the rules the role is denied.
  const may = page.getByRole('list', { name: 'Your role may', exact: true });
  await expect(may.getByRole('listitem')).not.toHaveCount(0);
  await expect(may).toContainText('read · acl-page');
  await expect(may).not.toContainText('manage');
  await expect(may).not.toContainText('audit');

  // The desk is not theirs: the 401 page, whose Back to Home comes back here.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'You are not authorized!' })).toBeVisible({ timeout: FIRST_PAINT });
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/acl');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Control' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are not authorized!' })).toHaveCount(0);
});

import { expect, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

test.use({ signedInAs: 'agent' });

// ROLE_AGENT may only read the 'acl-page' subject.
const managementEntries = [
  'Home',
  'Add Merchant',
  'Sales',
  'Underwriting',
  'Merchants',
  'Dead',
  'Reporting',
  'Todo',
  'User',
  'Agent Accounts',
  'Template',
  'Stage',
  'Company',
  'Automations',
  'Lead Source',
  'Industries',
  'Logs',
  'Portal Global Settings',
  'API Tokens',
  'API Documentation',
];

test("the agent's menu holds the access-control page and no management entry", async ({ page }) => {
  await page.goto('/acl');
  await expect(page).toHaveURL('/acl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Access Control' })).toBeVisible();
  for (const name of managementEntries) {
    await expect(nav.getByText(name, { exact: true }), `menu entry "${name}"`).toHaveCount(0);
  }
});

test('the agent gets the 401 page elsewhere, with its texts and Back to Home', async ({ page }) => {
  await page.goto('/user/list');
  await expect(page.getByRole('heading', { name: 'You are not authorized!' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page. Go Home!")).toBeVisible();
  const backHome = page.getByRole('link', { name: 'Back to Home' });
  await expect(backHome).toHaveAttribute('href', '/start');

  await page.goto('/merchant/sales');
  await expect(page.getByRole('heading', { name: 'You are not authorized!' })).toBeVisible();

  // Back to Home goes to the one page the agent may open, not round to another 401.
  await backHome.click();
  await expect(page).toHaveURL('/acl');
  await expect(page.getByText(/This is the only page your role may open/)).toBeVisible();
});

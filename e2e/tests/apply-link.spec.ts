import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueSuffix } from '../admin-fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

const PHONE = { width: 390, height: 844 };
test.use({ signedInAs: 'staff', viewport: PHONE });

/**
 * The newest logged message to this merchant whose subject matches, as rendered (the log keeps its
 * text), once its text matches `ready`: a code email shows its code only once sent, as no
 * transport is configured here and the log is then the delivery (docs/decisions/106).
 */
async function loggedText(api: APIRequestContext, merchantId: string, subject: RegExp, ready = /./): Promise<string> {
  let text = '';
  await expect(async () => {
    const list = await api.get(`/api/history/emails?merchantId=${merchantId}&pageSize=25`);
    expect(list.status()).toBe(200);
    const { emails } = (await list.json()) as { emails: { id: string; subject: string }[] };
    const found = emails.find((e) => subject.test(e.subject));
    expect(found, `no message matching ${subject}`).toBeTruthy();
    const one = await api.get(`/api/history/emails/${found!.id}`);
    const detail = (await one.json()) as { text: string; status: string; error: string | null };
    text = detail.text;
    expect(text, `${detail.status}: ${detail.error ?? ''}`).toMatch(ready);
  }).toPass({ timeout: 30_000 });
  return text;
}

async function noSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
}

// Staff send a request from the merchant's page on a phone; the merchant opens the emailed link in
// a browser of their own, enters the emailed code, and saves the first step; staff see the state.
test('staff send an application link; the merchant enters the code, saves the first step and an owner', async ({
  page,
  browser,
  superadminApi,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const dbaName = `E2E Apply ${suffix}`;
  const created = await page.request.post('/api/merchants', {
    data: { data: { dbaName, contactEmail: `apply-${suffix}@example.com`.toLowerCase(), city: 'Austin' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const merchantId = ((await created.json()) as { id: string }).id;

  await page.goto(`/merchant/view/${merchantId}?tab=application`);
  await page.getByRole('button', { name: 'Send application request' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send an application request?' });
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();

  const letter = await loggedText(superadminApi, merchantId, /complete the application/);
  const link = new URL(letter.match(/https?:\/\/\S+\/apply\/[\w-]+/)![0]);

  // The merchant: another browser, no staff session.
  const merchant = await browser.newContext({ viewport: PHONE });
  const phone = await merchant.newPage();
  await phone.goto(link.pathname);
  await expect(phone.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await noSeriousViolations(phone, 'code step');
  await phone.getByRole('button', { name: 'Email me a code' }).click();
  await expect(phone.getByRole('status')).toContainText('We emailed a code to');
  const code = (await loggedText(superadminApi, merchantId, /one-time code/, /\b\d{6}\b/)).match(/\b(\d{6})\b/)![1]!;
  await phone.getByLabel('Code from the email').fill(code);
  await phone.getByRole('button', { name: 'Continue' }).click();

  await expect(phone.getByRole('heading', { name: 'About your business' })).toBeVisible();
  await expect(phone.getByLabel('Business name (DBA)')).toHaveValue(dbaName);
  await expect(phone.getByLabel('City')).toHaveValue('Austin');
  await phone.getByLabel('Legal name').fill(`${dbaName} LLC`);
  await phone.getByLabel('Website').click();
  await expect(phone.getByText('Saved', { exact: true })).toBeVisible();
  await noSeriousViolations(phone, 'business step');
  // Nothing sticks out sideways at 390 px.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The device resumes without a new code, with what was saved.
  await phone.reload();
  await expect(phone.getByLabel('Legal name')).toHaveValue(`${dbaName} LLC`);

  // The owners step: an owner added with an SSN, which comes back masked only.
  await phone.getByRole('button', { name: '3. Owners' }).click();
  await expect(phone.getByRole('heading', { name: 'Owners' })).toBeVisible();
  await phone.getByRole('button', { name: 'Add an owner' }).click();
  const owner = phone.getByRole('group', { name: 'Owner 1' });
  await owner.getByLabel('First name').fill('Ada');
  await owner.getByLabel('Last name').fill('Lovelace');
  await owner.getByLabel('Ownership (%)').fill('100');
  await owner.getByLabel('Social security number').fill('078-05-1120');
  await phone.getByRole('button', { name: 'Save owners' }).click();
  await expect(phone.getByText('Saved', { exact: true })).toBeVisible();
  const saved = phone.getByRole('group', { name: 'Owner 1' });
  await expect(saved.getByLabel('First name')).toHaveValue('Ada');
  await expect(saved.getByLabel('Social security number')).toHaveValue('');
  await expect(saved.getByText('•••••1120 on file — enter to change')).toBeVisible();
  await noSeriousViolations(phone, 'owners step');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await merchant.close();

  await page.reload();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
});

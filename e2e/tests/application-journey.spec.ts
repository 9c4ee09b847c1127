import type { BrowserContext, Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import {
  checkPhonePage,
  enterCode,
  fullName,
  inbox,
  linkIn,
  PDF_BYTES,
  PHONE,
  PNG_BYTES,
  signAsOwner,
  type Owner,
} from './application-journey-kit.ts';

test.use({ signedInAs: 'staff' });

/** Moves to a step by its button in the steps list ("4. Card processing"). */
async function openStep(phone: Page, label: string, heading: string) {
  await phone
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('button', { name: new RegExp(`^\\d+\\. ${label}$`) })
    .click();
  await expect(phone.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** Fills the labelled fields of the step on screen, then saves them with the step's button. */
async function fillAndSave(phone: Page, values: Record<string, string>, save = 'Save') {
  for (const [label, value] of Object.entries(values)) await phone.getByLabel(label, { exact: true }).fill(value);
  await phone.getByRole('button', { name: save, exact: true }).click();
  await expect(phone.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
}

/** The application's state as the staff Application tab shows it, after a reload. */
async function staffState(page: Page, label: string) {
  await page.reload();
  const card = page
    .getByRole('heading', { name: 'Application', level: 2 })
    .locator('xpath=ancestor::*[contains(@class,"MuiCard-root")][1]');
  await expect(card.getByText(label, { exact: true }).first()).toBeVisible({ timeout: FIRST_PAINT });
  return card;
}

// The whole round trip of a merchant's own application: staff send it; the merchant fills it in
// on a phone, uploads what the checklist asks, submits; two owners sign through their own links;
// staff send it back for one field; the merchant fixes it, both sign again; staff open the signed PDF.
test('staff send an application; the merchant fills it in on a phone, two owners sign, a change is asked, fixed and signed again', async ({
  page,
  browser,
  superadminApi,
}) => {
  // About 1.6 minutes alone on two busy cores; room for a full run's second worker beside it.
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const dbaName = `E2E Journey ${suffix}`;
  const contactEmail = `journey-${suffix}@example.com`.toLowerCase();
  const owners: Owner[] = [
    {
      firstName: 'Ada',
      lastName: `Lovelace ${suffix}`,
      email: `ada-${suffix}@example.com`,
      percent: 60,
      ssn: '078-05-1120',
    },
    {
      firstName: 'Grace',
      lastName: `Hopper ${suffix}`,
      email: `grace-${suffix}@example.com`,
      percent: 40,
      ssn: '219-09-9999',
    },
  ];
  const created = await page.request.post('/api/merchants', {
    data: { data: { dbaName, contactEmail, city: 'Austin' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const merchantId = ((await created.json()) as { id: string }).id;
  const mail = inbox(superadminApi, merchantId);
  const devices = new Map<string, BrowserContext>();

  // 1. Staff send the request from the Application tab.
  await page.goto(`/merchant/view/${merchantId}?tab=application`);
  await expect(page.getByRole('button', { name: 'Send application request' })).toBeEnabled({ timeout: FIRST_PAINT });
  await page.getByRole('button', { name: 'Send application request' }).click();
  await page
    .getByRole('dialog', { name: 'Send an application request?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();
  const link = linkIn(await mail(contactEmail, /complete the application/));

  // 2. The merchant, on a phone of their own: the code, then every step.
  const merchant = await browser.newContext({ viewport: PHONE });
  const phone = await merchant.newPage();
  await phone.goto(link);
  await enterCode(phone, mail, contactEmail);
  await expect(phone.getByRole('heading', { name: 'About your business' })).toBeVisible();
  await expect(phone.getByLabel('Business name (DBA)')).toHaveValue(dbaName);
  await phone.getByLabel('Business type').selectOption({ label: 'LLC' });
  await fillAndSave(phone, {
    'Legal name': `${dbaName} LLC`,
    Website: 'https://example.com',
    Address: '1 Congress Ave',
    'State or region': 'TX',
    'Postal code': '78701',
    'Country (two letters, such as US)': 'US',
  });
  await checkPhonePage(phone, 'business step');

  await phone.getByRole('button', { name: 'Next: Contact' }).click();
  await expect(phone.getByLabel('Email', { exact: true })).toHaveValue(contactEmail);
  await fillAndSave(phone, { 'First name': 'Ada', 'Last name': owners[0]!.lastName, Phone: '512-555-0100' });
  await checkPhonePage(phone, 'contact step');

  await phone.getByRole('button', { name: 'Next: Owners' }).click();
  for (const [i, owner] of owners.entries()) {
    await phone.getByRole('button', { name: 'Add an owner' }).click();
    const group = phone.getByRole('group', { name: `Owner ${i + 1}` });
    await group.getByLabel('First name').fill(owner.firstName);
    await group.getByLabel('Last name').fill(owner.lastName);
    await group.getByLabel('Ownership (%)').fill(String(owner.percent));
    await group.getByLabel('Email').fill(owner.email);
    await group.getByLabel('Social security number').fill(owner.ssn);
  }
  await phone.getByRole('button', { name: 'Save owners' }).click();
  await expect(phone.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(phone.getByRole('group', { name: 'Owner 2' }).getByText(/1120|9999/)).toBeVisible();
  await checkPhonePage(phone, 'owners step');

  // Over the checklist's volume threshold: bank statements are asked as well.
  await phone.getByRole('button', { name: 'Next: Processing' }).click();
  await fillAndSave(phone, {
    'Monthly card volume ($)': '150000',
    'Average sale ($)': '45',
    'Largest sale ($)': '900',
    'Card present (%)': '80',
  });
  await checkPhonePage(phone, 'processing step');

  await phone.getByRole('button', { name: 'Next: Bank and tax id' }).click();
  await fillAndSave(phone, {
    'Bank name': 'First Example Bank',
    'Routing number': '011000015',
    'Account number': '000123456789',
    'Tax id (EIN)': '12-3456789',
  });
  await expect(phone.getByText('•••••6789 on file — enter to change')).toHaveCount(2);
  await checkPhonePage(phone, 'banking step');

  await phone.getByRole('button', { name: 'Next: Documents' }).click();
  const wanted = [
    ...owners.map((o) => ({ label: `Photo ID of ${fullName(o)}`, name: `id-${o.firstName}.png` })),
    { label: 'Bank statements, last three months', name: 'statements.pdf' },
    { label: 'Voided check', name: 'check.png' },
  ];
  for (const doc of wanted) {
    const pdf = doc.name.endsWith('.pdf');
    await phone.getByLabel(doc.label).setInputFiles({
      name: doc.name,
      mimeType: pdf ? 'application/pdf' : 'image/png',
      buffer: pdf ? PDF_BYTES : PNG_BYTES,
    });
    await expect(phone.getByText(`Uploaded: ${doc.name}`)).toBeVisible();
  }
  await expect(phone.getByText('Missing', { exact: true })).toHaveCount(0);
  await checkPhonePage(phone, 'documents step');

  await phone.getByRole('button', { name: 'Next: Review' }).click();
  await expect(phone.getByRole('heading', { name: 'Review and submit' })).toBeVisible();
  await expect(phone.getByText(`${dbaName} LLC`)).toBeVisible();
  await checkPhonePage(phone, 'review step');
  // The consent box is a box beside its words, not a row of its own.
  const consent = phone.getByRole('checkbox', { name: /electronic records/ });
  expect.soft((await consent.boundingBox())!.width).toBeLessThanOrEqual(32);
  await consent.check();
  await phone.getByRole('button', { name: 'Submit for signing' }).click();
  await expect(phone.getByRole('heading', { name: 'Sign the application', level: 1 })).toBeVisible();
  await checkPhonePage(phone, 'sign step');

  // 3. Each owner is sent a link of their own and signs on their own phone.
  for (const owner of owners) {
    await phone.getByRole('button', { name: `Send to this signer (${owner.email})` }).click();
    await expect(phone.getByRole('status').last()).toHaveText(`We emailed ${fullName(owner)} a link to sign.`);
  }
  await signAsOwner(browser, devices, mail, owners[0]!, { draw: true });
  await signAsOwner(browser, devices, mail, owners[1]!);

  // 4. Staff see it signed and send it back for one field.
  let card = await staffState(page, 'Signed');
  await card.getByRole('button', { name: 'Request changes' }).click();
  const ask = page.getByRole('dialog', { name: 'Request changes' });
  await ask.getByRole('checkbox', { name: 'Average ticket' }).check();
  await ask.getByLabel('Reason for Average ticket').fill('The average sale looks low for this business');
  await ask.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('dialog', { name: 'Send the application back?' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Changes requested: the merchant was emailed')).toBeVisible();

  // The merchant opens the link again (their device is still verified) and lands on the item.
  const again = linkIn(await mail(contactEmail, /please change the application/));
  expect(again).toBe(link);
  await phone.goto(again);
  await expect(phone.getByRole('heading', { name: 'Please change these answers' })).toBeVisible();
  const item = phone.getByRole('listitem').filter({ hasText: ': The average sale looks low for this business' });
  // The item reads as a line of text: its button first, the reason after it.
  const [itemBox, buttonBox] = [await item.boundingBox(), await item.getByRole('button').boundingBox()];
  expect.soft(Math.abs(buttonBox!.x - itemBox!.x)).toBeLessThan(2);
  await expect(phone.getByRole('heading', { name: 'Card processing', level: 1 })).toBeVisible();
  await checkPhonePage(phone, 'changes requested');
  await fillAndSave(phone, { 'Average sale ($)': '52' });
  await openStep(phone, 'Review', 'Review and submit');
  await phone.getByRole('checkbox').check();
  await phone.getByRole('button', { name: 'Submit for signing' }).click();
  await expect(phone.getByRole('heading', { name: 'Sign the application', level: 1 })).toBeVisible();
  await merchant.close();

  // Both owners sign again: staff send each their link; their phones are still verified.
  card = await staffState(page, 'Submitted');
  for (const owner of owners) {
    await expect(card.getByText('Signed before a change: must sign again')).toHaveCount(owners.length);
    await card.getByRole('button', { name: `Send link to ${fullName(owner)}` }).click();
    await page.getByRole('dialog', { name: 'Send the signing link?' }).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`Link sent to ${fullName(owner)}`)).toBeVisible();
  }
  for (const owner of owners) await signAsOwner(browser, devices, mail, owner, { code: false });
  for (const device of devices.values()) await device.close();

  // 5. Staff see it signed, with its PDF: signed by the portal, holding the changed answer.
  card = await staffState(page, 'Signed');
  await expect(page.getByText('Everything uploaded')).toBeVisible();
  const pdfLink = card.getByRole('link', { name: 'Signed application (PDF)' });
  await expect(pdfLink).toBeVisible();
  const download = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  const pdf = await download.body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const raw = pdf.toString('latin1');
  expect(raw).toContain('/ByteRange');
  expect(raw).toMatch(/\/Contents\s*<[0-9a-fA-F]{100,}/);
  const record = await page.request.get(`/api/merchants/${merchantId}`);
  expect(record.status()).toBe(200);
  expect(Number(((await record.json()) as { averageTicket: unknown }).averageTicket)).toBe(52);
});

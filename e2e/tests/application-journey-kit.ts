import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { expect } from '../fixtures.ts';

/**
 * What the application journey (application-journey.spec.ts) does more than once: read a message
 * from the emails log, check a merchant-facing page, enter a one-time code, sign as an owner.
 */

export const PHONE = { width: 390, height: 844 };

/** A 1×1 PNG and a one-page PDF: what a photo and a scan look like to the server's type check. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * The messages to one merchant, as the log holds them (no transport is configured here, so the
 * log is the delivery: docs/decisions/106). Each read takes the newest message to an address
 * whose subject matches and that was not read before, so a second code is never the first one.
 */
export function inbox(api: APIRequestContext, merchantId: string) {
  const read = new Set<string>();
  return async (to: string, subject: RegExp, ready = /./): Promise<string> => {
    let text = '';
    await expect(async () => {
      const params = { merchantId, q: to, pageSize: '25' };
      const list = await api.get('/api/history/emails', { params });
      expect(list.status()).toBe(200);
      const { emails } = (await list.json()) as { emails: { id: string; to: string; subject: string }[] };
      const found = emails.find((e) => e.to === to && subject.test(e.subject) && !read.has(e.id));
      expect(found, `no new message to ${to} matching ${subject}`).toBeTruthy();
      const one = await api.get(`/api/history/emails/${found!.id}`);
      const detail = (await one.json()) as { text: string; status: string; error: string | null };
      text = detail.text;
      // A code shows in the log's text only once sent.
      expect(text, `${detail.status}: ${detail.error ?? ''}`).toMatch(ready);
      read.add(found!.id);
    }).toPass({ timeout: 30_000 });
    return text;
  };
}
export type Inbox = ReturnType<typeof inbox>;

/** The path of the first link in a message to the merchant-facing pages. */
export const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/apply\/[\w/-]+/)![0]).pathname;

/**
 * No serious or critical axe violation, nothing sticking out sideways at 390 px, and every button
 * a finger's size (44 px tall at least, as the page's CSS means them to be).
 */
export async function checkPhonePage(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} width`).toBeLessThanOrEqual(
    PHONE.width,
  );
  const small = await page
    .locator('main button:visible')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => b.getBoundingClientRect().height < 44)
        .map((b) => `${b.textContent}: ${Math.round(b.getBoundingClientRect().height)} px`),
    );
  // Soft: the journey goes on, so one run names every page with a small button.
  expect.soft(small, `${where}: buttons too small to tap`).toEqual([]);
}

/** On "Confirm it is you": asks for a code, reads it from the email to `to`, and enters it. */
export async function enterCode(page: Page, mail: Inbox, to: string) {
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await checkPhonePage(page, 'code step');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status')).toContainText('We emailed a code to');
  const code = (await mail(to, /one-time code/, /\b\d{6}\b/)).match(/\b(\d{6})\b/)![1]!;
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Draws a stroke across the signature pad with the mouse (pointer events, as a finger would). */
export async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: /Signature: draw/ });
  // The mouse moves in the viewport: the pad must be in it.
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(box.x + 20 + i * 30, box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 2 });
  }
  await page.mouse.up();
}

export type Owner = { firstName: string; lastName: string; email: string; percent: number; ssn: string };
export const fullName = (o: Owner) => `${o.firstName} ${o.lastName}`;

/**
 * An owner signs through their own emailed link, in a phone browser of their own (made on the
 * first call and kept, as a person keeps their phone): the code when the device is not verified,
 * the review, the typed name and, when asked, a drawing.
 */
export async function signAsOwner(
  browser: Browser,
  devices: Map<string, BrowserContext>,
  mail: Inbox,
  owner: Owner,
  { draw = false, code = true } = {},
) {
  const link = linkIn(await mail(owner.email, /please sign the application/));
  let device = devices.get(owner.email);
  if (!device) devices.set(owner.email, (device = await browser.newContext({ viewport: PHONE })));
  const page = await device.newPage();
  await page.goto(link);
  if (code) await enterCode(page, mail, owner.email);
  await expect(page.getByRole('heading', { name: 'Sign the application' })).toBeVisible();
  await expect(page.getByText(fullName(owner), { exact: true }).first()).toBeVisible();
  // The portal's name and colour, as on the merchant's own page.
  await expect.soft(page.getByRole('banner')).toHaveText('Boardwalk');
  await checkPhonePage(page, `signer ${owner.firstName}`);
  await page.getByLabel(`Full name of ${fullName(owner)}`).fill(fullName(owner));
  if (draw) await drawSignature(page);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/sign'));
  await page.getByRole('button', { name: `Sign as ${fullName(owner)}` }).click();
  // The typed name always; the drawing, as a PNG, only when one was drawn.
  const body = (await sent).postDataJSON() as { typedName: string; drawing?: string };
  expect(body.typedName).toBe(fullName(owner));
  if (draw) expect(body.drawing).toMatch(/^data:image\/png;base64,/);
  else expect(body.drawing).toBeUndefined();
  await expect(page.getByRole('status')).toHaveText('You have signed. Thank you.');
  await checkPhonePage(page, `signer ${owner.firstName} signed`);
  await page.close();
}

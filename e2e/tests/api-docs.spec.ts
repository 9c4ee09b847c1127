import AxeBuilder from '@axe-core/playwright';
import { openApiDocs, tryItOut } from '../api-docs.ts';
import { baseURL } from '../env.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// /api-docs renders the API's own OpenAPI document with Swagger UI served by
// Boardwalk (the CSP blocks anything else), and its try-it calls carry only a token, never the
// session cookie: without a token the call is refused even though the reader is signed in.
test('the API documentation renders the document, and try-it without a token is refused', async ({ page }) => {
  test.setTimeout(240_000); // Swagger UI: a 430 KB chunk (1.5 MB unpacked) parsed on the first visit
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await openApiDocs(page);
  await expect(page.getByRole('heading', { name: 'API Documentation', level: 1 })).toBeVisible();

  const res = await tryItOut(page, '/api/merchants');
  expect(res.status()).toBe(401);
  expect(res.request().headers().cookie).toBeUndefined();

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('main')
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
  expect(serious).toEqual([]);
  expect(blocked).toEqual([]);
  expect(outside).toEqual([]);
});

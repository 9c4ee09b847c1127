import { EMOTION_CACHE_KEY } from '@boardwalk/shared/start-styles';
import { expect, test } from '../fixtures.ts';

/**
 * /home's first load takes its styles from the page (decision 067): the API puts the emotion
 * rules of the shell and /home (apps/web/delivery/start-styles.json) into a signed-in page, and emotion
 * compiles and inserts only what the file lacks. When the shell's or /home's styles change, most
 * of their rules get new ids and this fails: write the file again with
 * `npm run build && ./node_modules/.bin/node scripts/record-start-styles.ts`.
 */
test.use({ signedInAs: 'admin' });

/** The app's emotion cache's rules: those the page brought, and those emotion inserted itself. */
function emotionRules(cacheKey: string) {
  let fromPage = 0;
  let inserted = 0;
  for (const tag of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    const [key, ...ids] = (tag.getAttribute('data-emotion') ?? '').split(' ');
    if (key !== cacheKey) continue;
    const count = tag.sheet?.cssRules.length ?? 0;
    if (ids.length > 0) fromPage += count;
    else inserted += count;
  }
  return { fromPage, inserted };
}

for (const size of [
  { name: 'a phone', viewport: { width: 412, height: 823 } },
  { name: 'a desktop', viewport: { width: 1440, height: 900 } },
]) {
  test(`on ${size.name}, /home inserts few emotion rules of its own: the page brought the rest`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'My todos' })).toBeVisible();
    await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
    const { fromPage, inserted } = await page.evaluate(emotionRules, EMOTION_CACHE_KEY);
    expect(fromPage).toBeGreaterThan(100);
    expect(
      inserted,
      `${inserted} rules inserted at run time against ${fromPage} from the page: write apps/web/delivery/start-styles.json again (scripts/record-start-styles.ts)`,
    ).toBeLessThanOrEqual(Math.ceil(fromPage / 10));
  });
}

/**
 * Records apps/web/delivery/start-styles.json (decisions 067 and 080): the emotion rules a
 * signed-in first load of /home inserts with the default settings, at a phone's size and a desktop's, in the order it
 * inserts them, with their emotion ids. The API puts them in the page (`<style data-emotion="bw
 * …">`); emotion's cache then takes those ids as inserted and skips compiling and inserting them
 * in React's commits, where they were most of the unsliced work of /home's first load.
 *
 *   npm run build && ./node_modules/.bin/node scripts/record-start-styles.ts
 *
 * Run it again when the shell's or /home's styles change (the e2e spec start-styles.spec.ts fails
 * when most of /home's rules no longer come from the file). It serves a copy of the build without
 * the current file, so rules that no longer occur are dropped, not carried over. The file is a
 * committed source, as a lockfile is: the build reads it and never runs this recorder.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { EMOTION_CACHE_KEY, isStartStyles, type StartStyles } from '../packages/shared/src/start-styles.ts';
import { START_STYLES_FILE } from '../apps/web/delivery/build-files.ts';
import { mobileContext, ROOT, startServer } from '../bench/spa-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZES = [
  { name: 'phone', viewport: undefined },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
];

/** In the page before the app: records each rule the emotion cache's sheet accepts, as emotion wrote it. */
function recordInsertedRules(key: string) {
  const seen: string[] = [];
  (window as unknown as { __insertedRules: string[] }).__insertedRules = seen;
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    const at = insertRule.call(this, rule, index);
    if ((this.ownerNode as Element | null)?.getAttribute('data-emotion') === key) seen.push(rule);
    return at;
  };
}

const KEYFRAMES = /^@(?:-webkit-)?keyframes (animation-[\w-]+)/;
const CLASS = new RegExp(`\\.${EMOTION_CACHE_KEY}-([\\w-]+)`);

/** The emotion id a rule belongs to: its class `.bw-<id>`, or a keyframes' `animation-<hash>`. */
function idOf(rule: string): string | undefined {
  return (rule.match(KEYFRAMES) ?? rule.match(CLASS))?.[1];
}

const dist = mkdtempSync(join(tmpdir(), 'boardwalk-start-styles-'));
cpSync(join(ROOT, 'apps/web/dist'), dist, { recursive: true });
rmSync(join(dist, START_STYLES_FILE), { force: true });
const server = await startServer({ WEB_DIST: dist });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const rules: string[] = [];
const ids: string[] = [];
try {
  for (const size of SIZES) {
    const context = await mobileContext(browser, server, true);
    const page = await context.newPage();
    if (size.viewport) await page.setViewportSize(size.viewport);
    await page.addInitScript(recordInsertedRules, EMOTION_CACHE_KEY);
    await page.goto(`${server.url}/home`, { waitUntil: 'networkidle' });
    // The tiles' answers and the menu's chunk (loaded once the page has settled).
    await page.waitForTimeout(3000);
    const inserted = await page.evaluate(() => (window as unknown as { __insertedRules: string[] }).__insertedRules);
    let added = 0;
    for (const rule of inserted) {
      const id = idOf(rule);
      if (!id) throw new Error(`a rule without an emotion id: ${rule.slice(0, 120)}`);
      if (rules.includes(rule)) continue;
      rules.push(rule);
      added += 1;
      if (!ids.includes(id)) ids.push(id);
    }
    console.log(`${size.name}: ${inserted.length} rules inserted, ${added} new`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
}
const styles: StartStyles = { ids, css: rules.join('') };
if (!isStartStyles(styles)) throw new Error('the rules found cannot be written into a page');
const out = join(ROOT, 'apps/web/delivery/start-styles.json');
writeFileSync(out, `${JSON.stringify(styles, null, 2)}\n`);
console.log(`${ids.length} ids, ${rules.length} rules, ${styles.css.length} characters: written to ${out}`);

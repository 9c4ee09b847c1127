import axe from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * axe in a page, for the accessibility sweep (decision 031). axe is put into the page once and
 * stays there while the app moves between routes in the page, instead of being injected again
 * for every check as @axe-core/playwright does; only violations are collected (axe then skips
 * building the passed and incomplete results).
 */

/** WCAG 2.0 and 2.1 A and AA, and axe's best practices (aria-dialog-name, landmarks…). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The email preview is a sandboxed iframe (no scripts) holding the user's own HTML: axe cannot run in it. */
const EXCLUDED = ['iframe[title="Email preview"]'];

type Found = { id: string; impact: string; help: string; nodes: { html: string; summary: string }[] };

/**
 * The serious and critical violations inside `include` (a CSS selector; without one, the whole
 * page), one line per element, each starting with `where`.
 */
export async function seriousViolations(page: Page, where: string, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(
    async ({ include, exclude, tags }) => {
      const runner = (window as unknown as { axe: typeof axe }).axe;
      const context = include ? { include: [include], exclude } : { exclude };
      const results = await runner.run(context, {
        runOnly: { type: 'tag', values: tags },
        // Experimental in axe, and one of the accessibility review's findings (the avatar button).
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          help: v.help,
          nodes: v.nodes.map((n) => ({ html: n.html, summary: n.failureSummary ?? '' })),
        }));
    },
    { include, exclude: EXCLUDED, tags: AXE_TAGS },
  );
  return found.flatMap((v: Found) =>
    v.nodes.map(
      (n) => `${where}: ${v.impact} ${v.id} at ${n.html.slice(0, 160)}: ${(n.summary || v.help).replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * A digest of what axe would see inside a selector: its markup, with the ids React generates
 * (useId) renamed in order of appearance, so the same screen rendered twice has the same digest.
 * Classes stay in: MUI's style classes are hashes of the styles, so equal markup is equal styling
 * (for one colour mode and one width, which the caller keys the digest with).
 */
export async function markupDigest(page: Page, selector: string): Promise<string> {
  return page.evaluate(async (selector) => {
    const html = [...document.querySelectorAll(selector)].map((element) => element.outerHTML).join('\n');
    const renamed = new Map<string, string>();
    const stable = html.replace(/«r[0-9a-z]+»|_r_[0-9a-z]+_|:r[0-9a-z]+:|mui-\d+/g, (id) => {
      if (!renamed.has(id)) renamed.set(id, `id${renamed.size}`);
      return renamed.get(id)!;
    });
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stable));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }, selector);
}

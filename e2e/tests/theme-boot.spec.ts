import { expect, test } from '../fixtures.ts';

/**
 * index.html's theme boot is an inline script the page's CSP names by its hash (decision 069).
 * With the app's own code held back, only the boot can paint the saved mode: it must run, and
 * the page must report no CSP violation.
 */
for (const path of ['/login', '/home']) {
  test(`${path}: the saved dark mode is painted by the inline boot before any app code, under the page's CSP`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('settings', JSON.stringify({ mode: 'dark' }));
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[\w+/]+={0,2}'/);
    const painted = await page.evaluate(() => ({
      colorScheme: document.documentElement.style.colorScheme,
      background: getComputedStyle(document.documentElement).backgroundColor,
      violations: (window as unknown as { violations: string[] }).violations,
    }));
    expect(painted).toEqual({ colorScheme: 'dark', background: 'rgb(40, 36, 61)', violations: [] });
  });
}

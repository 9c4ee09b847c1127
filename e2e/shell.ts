import type { Page } from '@playwright/test';

/** The vertical menu (a permanent sidebar, or a drawer below 1200px). */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Opens the avatar menu in the top bar (Profile, Logout). */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
}

/** The top bar's light/dark toggle. */
export const modeToggle = (page: Page) => page.getByRole('button', { name: /^Switch to (dark|light) mode$/ });

/** 'dark' or 'light', from the page's actual background colour, not from any implementation detail. */
export async function currentMode(page: Page): Promise<'dark' | 'light'> {
  const luminance = await page.evaluate(() => {
    for (const element of [document.body, document.documentElement]) {
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(
        Number,
      );
      if (a > 0) return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }
    return 255; // nothing painted: the browser's white
  });
  return luminance < 128 ? 'dark' : 'light';
}

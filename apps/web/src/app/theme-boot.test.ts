import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The inline script of index.html, which runs before the app's JavaScript arrives (decision 069).
const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const source = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own file, run as the browser runs it
const run = () => new Function(source)() as void;

describe("index.html's theme boot", () => {
  it('is the one inline script of the page', () => {
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(source).toContain('colorScheme');
  });

  // The built page is this file with the build's script tags: every first load fetches it, so it
  // carries no comments (decision 080; why each part is there: docs/decisions/080-*.md).
  it('carries no comments, so the built page needs no rewriting', () => {
    expect(html).not.toContain('<!--');
    expect(html).toContain('<link\n      rel="preload"');
  });

  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('paints the saved mode', () => {
    window.localStorage.setItem('settings', JSON.stringify({ mode: 'dark' }));
    run();
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  // Decision 063: the first Intl formatter of a page load (ICU's data) is made while the page
  // waits for the network, not in /home's first render, where it was one of the long tasks.
  it('makes the first date formatter before the app starts, except on /login', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    window.history.replaceState(null, '', '/home');
    run();
    expect(made).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/Login/');
    run();
    expect(made).toHaveBeenCalledTimes(1);
  });
});

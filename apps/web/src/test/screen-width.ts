import { vi } from 'vitest';

/**
 * jsdom has no matchMedia (MUI's useMediaQuery then reports false: a narrow screen). This
 * answers min-width / max-width queries for a window of `width` pixels, and `(pointer: coarse)`
 * as `touch` says. vi.unstubAllGlobals (test/setup.ts) takes it away after each test.
 */
export function stubScreenWidth(width: number, { touch = false }: { touch?: boolean } = {}) {
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    if (query.includes('pointer: coarse')) return touch;
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * A session's device as a person names it, "Chrome on Linux", from its User-Agent header. The
 * main browsers and systems only: anything else is left unnamed (the caller shows the raw
 * string as a tooltip). Order matters: Edge and Opera also say "Chrome", Chrome also says
 * "Safari", and Android also says "Linux".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (list: readonly (readonly [RegExp, string])[], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Linux", "Safari on iOS", "Firefox"; undefined when the browser is not one it knows. */
export function describeUserAgent(userAgent: string | null | undefined): string | undefined {
  if (!userAgent) return undefined;
  const browser = first(BROWSERS, userAgent);
  if (!browser) return undefined;
  const system = first(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}

/**
 * The emotion rules of /home's first load, recorded by scripts/record-start-styles.ts into
 * apps/web/delivery/start-styles.json, copied into the build by apps/web/delivery/build-files.ts and put into
 * signed-in pages by the API (decision 067): `<style data-emotion="bw id …">css</style>`.
 */
export type StartStyles = { ids: string[]; css: string };

/**
 * The key of the web app's left-to-right emotion cache (apps/web app/theme-provider.tsx): its class
 * names are `bw-<id>`, and the start styles' ids belong to it.
 */
export const EMOTION_CACHE_KEY = 'bw';

const EMOTION_ID = /^[\w-]{1,64}$/;

/**
 * True when the value can go into a page as it is: ids of emotion's class-name alphabet, and CSS
 * that cannot end its `<style>` element or open another (no `<` at all; emotion's CSS has none).
 */
export function isStartStyles(value: unknown): value is StartStyles {
  if (typeof value !== 'object' || value === null) return false;
  const { ids, css } = value as Partial<StartStyles>;
  return (
    Array.isArray(ids) &&
    ids.length > 0 &&
    ids.every((id) => typeof id === 'string' && EMOTION_ID.test(id)) &&
    typeof css === 'string' &&
    css.length > 0 &&
    !css.includes('<')
  );
}

/** The element the page carries; emotion's createCache takes every id after the key as inserted. */
export function startStylesElement({ ids, css }: StartStyles): string {
  return `<style data-emotion="${EMOTION_CACHE_KEY} ${ids.join(' ')}">${css}</style>`;
}

/**
 * The API answers a first page load asks for before its page shows. The API names them in the
 * page it serves (`<link rel="preload" as="fetch">`, from dist/.vite/start-preloads.json), so the
 * browser fetches them with the entry instead of after the code that asks has run (decisions 060,
 * 068). No imports: the build's plugin (delivery/build-files.ts) reads this file too.
 */

/** Auth.js's session answer: every page asks for it first (session-client.ts). */
export const SESSION_PATH = '/api/auth/session';
/** What anyone may know about the portal: its name, the idle limit, the customizer's switch (portal-name.ts). */
export const PUBLIC_SETTINGS_PATH = '/api/settings/public';
/** The signed-in user's UI settings, which follow them to another browser (settings-sync.ts). */
export const ME_SETTINGS_PATH = '/api/me/settings';

/** Asked for by every page, and by a signed-in one. */
export const START_ANSWERS = {
  every: [SESSION_PATH, PUBLIC_SETTINGS_PATH],
  signedIn: [ME_SETTINGS_PATH],
};

import { describe, expect, it } from 'vitest';
import { START_ANSWERS } from '../../vite-start-preloads.ts';
import { HOME_PATH } from '../features/home/home-api.ts';
import { PUBLIC_SETTINGS_PATH } from '../lib/portal-name.ts';
import { ME_SETTINGS_PATH } from '../lib/settings/settings-sync.ts';

/**
 * The answers the API preloads in a first load's page (decision 066) are the ones the app asks
 * for: a preload of another path is fetched for nothing (e2e home-layout-shift.spec.ts checks
 * that Chromium hands each preloaded answer to the app, asking once).
 */
describe('the answers a first load preloads', () => {
  it('are the paths the app asks for', () => {
    expect(START_ANSWERS).toEqual({
      all: [PUBLIC_SETTINGS_PATH],
      signedIn: [ME_SETTINGS_PATH],
      pages: { '/home': [HOME_PATH] },
    });
  });
});

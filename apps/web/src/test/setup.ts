import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { shellStore } from '../app/shell-store.ts';
import { api } from '../lib/api.ts';
import { resetPublicSettings } from '../lib/portal-name.ts';

// Pages are lazy chunks: the first import of one in a test file takes a moment under jsdom.
configure({ asyncUtilTimeout: 10_000 });

// Node's BroadcastChannel reaches every worker thread of the process, and the vmThreads pool runs
// the test files side by side in one process: a sign-in, sign-out or activity broadcast by one
// file reached the SessionProvider of another, which then asked its fake server for the session
// (a logged 404 that failed a test expecting no error). Each file's channels get a name of their
// own, so a file's tabs still hear each other and no other file's.
const NativeBroadcastChannel = globalThis.BroadcastChannel;
const fileChannelScope = crypto.randomUUID();
globalThis.BroadcastChannel = class FileBroadcastChannel extends NativeBroadcastChannel {
  constructor(name: string) {
    super(`${fileChannelScope}:${name}`);
  }
};

// jsdom has no scrolling; the router's scroll restoration and the scroll-to-top button call it.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  shellStore.dispatch(api.util.resetApiState());
  // The public settings are read once per page load: each test starts as after a reload.
  resetPublicSettings();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

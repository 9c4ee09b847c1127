import { makeStore } from './store.ts';

/**
 * The running app's store, created with the shell chunk (the sign-in and landing pages load
 * no Redux). Tests reset its API cache after each test (test/setup.ts).
 */
export const shellStore = makeStore();

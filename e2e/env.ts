/**
 * Settings shared by the Playwright config and the fixtures. Read from the environment once,
 * here, so a worker process sees the same values as the runner that started the server.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${e2ePort}`;
/** The demo users' password the test server is started with (DEMO_PASSWORD). */
export const demoPassword = process.env.E2E_DEMO_PASSWORD ?? 'e2e-Demo-password-2024';
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const roles = ['superadmin', 'admin', 'staff', 'agent'] as const;
export type Role = (typeof roles)[number];
export const emailFor = (role: Role) => `${role}@example.com`;

import { expect, it } from 'vitest';
import { AUTH_BASE_PATH } from './session/session-client.ts';
import { SESSION_PATH } from './start-answers.ts';

// The page names the session answer (decision 068); the session client asks for it by its parts.
it('names the session answer where the session client asks for it', () => {
  expect(SESSION_PATH).toBe(`${AUTH_BASE_PATH}/session`);
});

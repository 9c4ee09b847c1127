import { describe, expect, it } from 'vitest';
import { auditActor, maskSensitive } from './audit.ts';

describe('maskSensitive', () => {
  it('masks secret values at any depth', () => {
    expect(
      maskSensitive({
        password: 'x',
        smtp: { password: { from: 'a', to: 'b' } },
        list: [{ taxId: '123' }],
        apiToken: 't',
      }),
    ).toEqual({ password: '***', smtp: { password: '***' }, list: [{ taxId: '***' }], apiToken: '***' });
  });

  it('keeps flags about secrets and ordinary fields readable', () => {
    const changes = { mustChangePassword: { from: false, to: true }, email: 'a@b.c', tokenCount: undefined };
    expect(maskSensitive(changes)).toEqual({ ...changes, tokenCount: undefined });
  });

  it('leaves empty secret values as they are', () => {
    expect(maskSensitive({ password: null })).toEqual({ password: null });
  });
});

describe('auditActor', () => {
  it('names the token beside its creator, and no token for a session', () => {
    const token = { type: 'token', userId: 'u1', role: 'ROLE_ADMIN', tokenId: 't1', scopes: {} } as const;
    expect(auditActor(token)).toEqual({ actorUserId: 'u1', actorTokenId: 't1' });
    const session = { type: 'user', userId: 'u2', role: 'ROLE_STAFF', sessionId: 's1' } as const;
    expect(auditActor(session)).toEqual({ actorUserId: 'u2', actorTokenId: null });
  });
});

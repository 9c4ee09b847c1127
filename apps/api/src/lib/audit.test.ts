import { describe, expect, it } from 'vitest';
import { maskSensitive } from './audit.ts';

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

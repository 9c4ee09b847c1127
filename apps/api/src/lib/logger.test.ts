import { describe, expect, it } from 'vitest';
import { createLogger, redactSecrets, terminalStream } from './logger.ts';

/** The logger's censoring, done by redactSecrets since decision 056 instead of pino's redact paths. */
describe('logger redaction', () => {
  const capture = (level = 'info') => {
    const lines: string[] = [];
    return { lines, log: createLogger(level, { write: (line: string) => void lines.push(line) }) };
  };

  it('censors secret keys at any depth, in arrays, in child bindings and under headers', () => {
    const { lines, log } = capture();
    const deep = { a: { b: { c: { d: { e: { f: { password: 'six-levels-down' } } } } } } };
    log
      .child({ requestId: 'r1', token: 'child-token' })
      .child({ nested: { secret: 'grandchild-secret' } })
      .info(
        {
          deep,
          list: [{ ssn: '123-45-6789' }, 'plain', [{ accountNumber: '000123456789' }]],
          headers: { Cookie: 'authjs.session-token=xyz', 'Set-Cookie': 'a=b', host: 'localhost' },
          res: { headers: { authorization: 'Bearer abc.def' } },
          notHeaders: { cookie: 'kept: not a header' },
          error: Object.assign(new Error('boom'), { params: ['ada@test.example'] }),
        },
        'shapes',
      );
    const output = lines.join('');
    for (const secret of [
      'six-levels-down',
      'child-token',
      'grandchild-secret',
      '123-45-6789',
      '000123456789',
      'xyz',
      'a=b',
      'abc.def',
      'ada@test.example',
    ]) {
      expect(output, secret).not.toContain(secret);
    }
    const line = JSON.parse(output) as Record<string, unknown>;
    expect(line).toMatchObject({
      requestId: 'r1',
      token: '[redacted]',
      nested: { secret: '[redacted]' },
      list: [{ ssn: '[redacted]' }, 'plain', [{ accountNumber: '[redacted]' }]],
      headers: { Cookie: '[redacted]', 'Set-Cookie': '[redacted]', host: 'localhost' },
      notHeaders: { cookie: 'kept: not a header' },
      error: { type: 'Error', message: 'boom' },
    });
  });

  it('changes nothing it is given, and returns an object without secrets as it is', () => {
    const input = { user: { id: 'u1', passwordHash: '$argon2id$…' }, at: new Date(0), bytes: Buffer.from('x') };
    const out = redactSecrets(input) as typeof input;
    expect(input.user.passwordHash).toBe('$argon2id$…');
    expect(out.user).toEqual({ id: 'u1', passwordHash: '[redacted]' });
    expect(out.bytes).toBe(input.bytes);
    const clean = { method: 'GET', path: '/api/merchants/sales', status: 200, ms: 1.5 };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('survives a circular object (logged as pino logs one)', () => {
    const { lines, log } = capture();
    const loop: Record<string, unknown> = { name: 'loop', token: 't0k' };
    loop.self = loop;
    log.info({ loop }, 'circular');
    expect(lines.join('')).not.toContain('t0k');
  });
});

describe('logger output', () => {
  it('writes human-readable lines to a terminal and JSON lines elsewhere', async () => {
    const { Writable } = await import('node:stream');
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const stream = terminalStream(true, sink);
    expect(stream).toBeDefined();
    createLogger('info', stream).info({ port: 3000, password: 'hunter2hunter2' }, 'Listening');
    // One line per entry: time, level, message, then the entry's fields.
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Listening \{"port":3000,.*\}\n$/);
    expect(text).not.toContain('hunter2hunter2');
    expect(text.trimStart().startsWith('{')).toBe(false);

    expect(terminalStream(false)).toBeUndefined();
  });
});

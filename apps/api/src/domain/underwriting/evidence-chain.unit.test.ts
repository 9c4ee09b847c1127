import { describe, expect, it } from 'vitest';
import { canonicalJson, chainLines, GENESIS, sha256Hex, verifyChain } from './evidence-chain.ts';

const entries = [1, 2, 3, 4].map((seq) => ({ seq, action: `merchant.step_${seq}`, changes: { z: 1, a: [seq] } }));

describe('the audit extract hash chain', () => {
  it('writes canonical lines whose hash chains from the genesis value', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [{ y: 1, x: 2 }] } })).toBe('{"a":{"c":[{"x":2,"y":1}],"d":2},"b":1}');
    const { text, lines, head } = chainLines(entries);
    const first = JSON.parse(text.split('\n')[0]!) as { hash: string };
    expect(first.hash).toBe(sha256Hex(GENESIS + canonicalJson(entries[0])));
    expect(lines).toBe(4);
    expect(verifyChain(text)).toEqual({ ok: true, lines: 4, head });
    expect(verifyChain('')).toEqual({ ok: true, lines: 0, head: GENESIS });
  });

  const broken = (edit: (lines: string[]) => string[]) => {
    const lines = chainLines(entries).text.trimEnd().split('\n');
    return verifyChain(edit(lines).join('\n'));
  };

  it('reports the first line that does not follow: changed, removed, reordered, not JSON', () => {
    expect(broken((l) => l.map((x, i) => (i === 2 ? x.replace('step_3', 'step_9') : x)))).toMatchObject({
      ok: false,
      line: 3,
    });
    expect(broken((l) => l.filter((_, i) => i !== 1))).toMatchObject({ ok: false, line: 2 });
    expect(broken((l) => [l[0]!, l[2]!, l[1]!, l[3]!])).toMatchObject({ ok: false, line: 2 });
    expect(broken((l) => [l[0]!, 'garbage', ...l.slice(1)])).toMatchObject({
      ok: false,
      line: 2,
      reason: 'not a JSON object',
    });
  });

  it('cannot be repaired by recomputing one line’s hash alone', () => {
    const result = broken((l) => {
      const body = JSON.parse(l[1]!.replace('step_2', 'step_X')) as Record<string, unknown>;
      const { hash: _old, ...rest } = body;
      const previous = (JSON.parse(l[0]!) as { hash: string }).hash;
      return [l[0]!, canonicalJson({ ...rest, hash: sha256Hex(previous + canonicalJson(rest)) }), ...l.slice(2)];
    });
    expect(result).toMatchObject({ ok: false, line: 3 });
  });
});

import { createHash } from 'node:crypto';

/**
 * The hash chain of an evidence pack's audit extract (docs/decisions/111): one JSON object a
 * line, each carrying `hash` = SHA-256(previous line's hash + the line's canonical JSON without
 * `hash`). The first line chains to GENESIS. A changed, removed, inserted or reordered line breaks
 * the chain at that line; the manifest's line count and head catch lines cut from the end.
 */
export const GENESIS = '0'.repeat(64);

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** JSON with object keys sorted at every depth, so one value always has one text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export type ChainedExtract = { text: string; lines: number; head: string };

/** The entries as JSON lines, each with its chained hash. */
export function chainLines(entries: Record<string, unknown>[]): ChainedExtract {
  let previous = GENESIS;
  const lines = entries.map((entry) => {
    const { hash: _ignored, ...body } = entry;
    previous = sha256Hex(previous + canonicalJson(body));
    return canonicalJson({ ...body, hash: previous });
  });
  return { text: lines.map((l) => `${l}\n`).join(''), lines: lines.length, head: previous };
}

export type ChainCheck =
  { ok: true; lines: number; head: string } | { ok: false; line: number; reason: string; lines: number; head: string };

/** Walks the lines and reports the first (1-based) whose hash does not follow from the ones before. */
export function verifyChain(text: string): ChainCheck {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let previous = GENESIS;
  for (const [i, line] of lines.entries()) {
    const broken = (reason: string): ChainCheck => ({
      ok: false,
      line: i + 1,
      reason,
      lines: lines.length,
      head: previous,
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return broken('not a JSON object');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return broken('not a JSON object');
    const { hash, ...body } = parsed as Record<string, unknown>;
    if (typeof hash !== 'string') return broken('no hash');
    const expected = sha256Hex(previous + canonicalJson(body));
    if (hash !== expected) return broken('its hash does not follow from the previous line and its content');
    previous = hash;
  }
  return { ok: true, lines: lines.length, head: previous };
}

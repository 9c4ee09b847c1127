import type { Random } from './random.ts';

/** A merchant as the search workload draws its queries from it. */
export type SearchTarget = {
  id: string;
  dbaName: string;
  contactName: string;
  /** As stored (E.164, +15035550142). */
  phone: string;
  /** Every merchant sharing this DBA name (a chain), itself included. */
  sameName: string[];
};

export const SEARCH_KINDS = [
  'whole name',
  'first word',
  'typo: swapped letters',
  'typo: dropped letter',
  'typo: doubled letter',
  'typo: wrong letter',
  'contact name',
  'phone (503) 555-0142',
  'phone 503-555-0142',
  'phone 5035550142',
  'phone +1 503 555 0142',
  'phone last 4',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchQuery = {
  kind: SearchKind;
  q: string;
  /** The merchant meant. */
  target: SearchTarget;
};

/** Kinds whose answer is one merchant (or its chain), so recall@10 can be read; the others are load only. */
export const RECALL_KINDS: readonly SearchKind[] = SEARCH_KINDS.filter(
  (k) => k !== 'first word' && k !== 'phone last 4',
);

const KEYS = 'qwertyuiopasdfghjklzxcvbnm';

/** The letter beside `ch` on a QWERTY row: the wrong letter a hurried hand types. */
function neighbour(ch: string, random: Random): string {
  const i = KEYS.indexOf(ch.toLowerCase());
  if (i < 0) return 'e';
  const side = random.next() < 0.5 ? -1 : 1;
  const j = Math.min(KEYS.length - 1, Math.max(0, i + side));
  return KEYS[j === i ? i - side : j]!;
}

/** One typo in a word of four letters or more, never its first letter (people get that right). */
export function typo(name: string, kind: 'swap' | 'drop' | 'double' | 'wrong', random: Random): string | null {
  const words = name.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{4,}$/.test(w));
  if (candidates.length === 0) return null;
  const [word, index] = random.pick(candidates);
  const at = random.int(1, word.length - 2);
  let changed: string;
  if (kind === 'swap') changed = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  else if (kind === 'drop') changed = word.slice(0, at) + word.slice(at + 1);
  else if (kind === 'double') changed = word.slice(0, at) + word[at] + word.slice(at);
  else changed = word.slice(0, at) + neighbour(word[at]!, random) + word.slice(at + 1);
  if (changed === word) return null;
  return [...words.slice(0, index), changed, ...words.slice(index + 1)].join(' ');
}

/** `+15035550142` → its ten national digits, or null when it is not a US number. */
const national = (phone: string) => (/^\+1(\d{10})$/.exec(phone) ?? [])[1] ?? null;

function queryOf(kind: SearchKind, target: SearchTarget, random: Random): string | null {
  const digits = national(target.phone);
  const [a, b, c] = digits ? [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)] : [];
  switch (kind) {
    case 'whole name':
      return target.dbaName;
    case 'first word':
      return target.dbaName.split(' ')[0]!;
    case 'typo: swapped letters':
      return typo(target.dbaName, 'swap', random);
    case 'typo: dropped letter':
      return typo(target.dbaName, 'drop', random);
    case 'typo: doubled letter':
      return typo(target.dbaName, 'double', random);
    case 'typo: wrong letter':
      return typo(target.dbaName, 'wrong', random);
    case 'contact name':
      return target.contactName;
    case 'phone (503) 555-0142':
      return digits && `(${a}) ${b}-${c}`;
    case 'phone 503-555-0142':
      return digits && `${a}-${b}-${c}`;
    case 'phone 5035550142':
      return digits;
    case 'phone +1 503 555 0142':
      return digits && `+1 ${a} ${b} ${c}`;
    case 'phone last 4':
      return digits && c!;
  }
}

/** `perKind` queries of every kind, each from a merchant drawn from `targets`. */
export function searchQueries(targets: readonly SearchTarget[], perKind: number, random: Random): SearchQuery[] {
  const queries: SearchQuery[] = [];
  for (const kind of SEARCH_KINDS) {
    let made = 0;
    for (let tries = 0; made < perKind && tries < perKind * 10; tries++) {
      const target = random.pick(targets);
      const q = queryOf(kind, target, random);
      if (!q) continue;
      queries.push({ kind, q, target });
      made++;
    }
  }
  return queries;
}

/**
 * Whether an answer found the merchant meant: among the first ten, or, for a name several
 * merchants share (a chain), the first min(N, 10) answers are all of that name.
 */
export function found(query: SearchQuery, answerIds: readonly string[]): boolean {
  const top = answerIds.slice(0, 10);
  const chain = new Set(query.target.sameName);
  if (chain.size > 1 && query.kind !== 'contact name' && !query.kind.startsWith('phone')) {
    const needed = Math.min(chain.size, 10);
    return top.length >= needed && top.slice(0, needed).every((id) => chain.has(id));
  }
  return top.includes(query.target.id);
}

/**
 * A process's cache of merchant read answers (list pages, search, the merchant view; decision
 * 052): the serialised JSON of each answer, and its compressed forms as they are asked for, keyed
 * by everything the answer depends on. Correctness rests on three rules:
 *
 * - it is on only while this process LISTENs to the database's notifications (read-cache-listener):
 *   the triggers of migration 0017 notify on commit of every statement that writes a table whose
 *   values these answers show, whoever wrote it (any API process, a worker, psql);
 * - every notification, every write request answered by this process, and every loss or return of
 *   the listening connection empties it and moves the epoch on;
 * - an answer is stored only if the epoch has not moved since before its queries began
 *   (`begin()` → `store()`): an answer computed while a write committed is used once, never kept.
 *
 * Bounded by bytes, least recently used first out.
 */
export type CachedAnswer = {
  /** The JSON body as c.json would send it (already cut down to the route's contract). */
  json: Buffer<ArrayBuffer>;
  /** Compressed bodies, made once per encoding on first request. */
  encoded: Partial<Record<'br' | 'gzip', Buffer<ArrayBuffer>>>;
};

/** What a reader holds between looking up and storing: the epoch seen before its queries began. */
export type ReadTicket = { epoch: number };

export class ReadCache {
  readonly maxBytes: number;
  #entries = new Map<string, CachedAnswer>();
  #bytes = 0;
  #epoch = 0;
  #listening = false;
  /** Counters for tests and benchmarks. */
  readonly stats = { hits: 0, misses: 0, stored: 0, invalidations: 0, evictions: 0 };

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get enabled(): boolean {
    return this.#listening && this.maxBytes > 0;
  }

  get epoch(): number {
    return this.#epoch;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The listener's state: off until the LISTEN is in place, off again as soon as it is lost. */
  setListening(listening: boolean) {
    this.invalidate();
    this.#listening = listening;
  }

  /** Everything cached may be stale: drop it, and refuse answers begun before now. */
  invalidate() {
    this.#epoch++;
    this.stats.invalidations++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Before the first query of an answer: null when the cache is off (compute, do not store). */
  begin(): ReadTicket | null {
    return this.enabled ? { epoch: this.#epoch } : null;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.stats.hits++;
    return entry;
  }

  /** Keeps `answer` if nothing was invalidated since `ticket` was taken. */
  store(ticket: ReadTicket, key: string, answer: CachedAnswer): boolean {
    if (!this.enabled || ticket.epoch !== this.#epoch) return false;
    const size = sizeOf(key, answer);
    if (size > this.maxBytes / 8) return false;
    this.#remove(key);
    this.#entries.set(key, answer);
    this.#bytes += size;
    this.stats.stored++;
    this.#evict();
    return true;
  }

  /** A compressed form made after the answer was stored: counted if the answer is still here. */
  addEncoded(key: string, answer: CachedAnswer, encoding: 'br' | 'gzip', body: Buffer<ArrayBuffer>) {
    if (answer.encoded[encoding]) return;
    answer.encoded[encoding] = body;
    if (this.#entries.get(key) === answer) {
      this.#bytes += body.length;
      this.#evict();
    }
  }

  #remove(key: string) {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, old);
  }

  #evict() {
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#remove(oldest.value);
      this.stats.evictions++;
    }
  }
}

const OVERHEAD = 200;

function sizeOf(key: string, answer: CachedAnswer): number {
  return (
    OVERHEAD +
    key.length * 2 +
    answer.json.length +
    (answer.encoded.br?.length ?? 0) +
    (answer.encoded.gzip?.length ?? 0)
  );
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDraftWriter, DRAFT_DEBOUNCE_MS, type DraftStatus } from './draft-writer.ts';

const SAVED = { id: '01a205bb-cbaf-71ca-a041-cfdc83b3944e', updatedAt: '2026-11-22T10:00:00.000Z' };

function writer() {
  const statuses: DraftStatus[] = [];
  const create = vi.fn(async () => SAVED);
  const update = vi.fn(async () => ({ ...SAVED, updatedAt: '2026-11-22T10:00:01.000Z' }));
  const w = createDraftWriter({
    initial: undefined,
    initialStep: 0,
    create,
    update,
    isStale: () => false,
    onStatus: (status) => statuses.push(status),
    onCreated: () => {},
  });
  return { w, statuses, create, update, last: () => statuses.at(-1) };
}

describe('the merchant application draft writer', () => {
  afterEach(() => vi.useRealTimers());

  it('never says "saved" while a change still waits to be sent', async () => {
    vi.useFakeTimers();
    const { w, create, update, last } = writer();
    w.write({ dbaName: 'Acme' });
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(last()).toBe('saved'));

    // Typed after the draft exists: sent after the pause, and not "saved" before that.
    w.write({ dbaName: 'Acme', taxId: '123456789' });
    expect(last()).toBe('saving');
    expect(w.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ data: { dbaName: 'Acme', taxId: '123456789' } }));
    await vi.waitFor(() => expect(last()).toBe('saved'));
    expect(w.pending()).toBe(false);
  });
});

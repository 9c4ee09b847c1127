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

  it('sends nothing while the application is being saved, and lets the write under way land first', async () => {
    vi.useFakeTimers();
    const { w, create, update } = writer();
    w.write({ dbaName: 'Acme' });
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    // A write under way when Save is pressed: hold() waits for it.
    let land: () => void = () => {};
    update.mockImplementationOnce(
      () => new Promise((resolve) => (land = () => resolve({ ...SAVED, updatedAt: '2026-11-22T10:00:02.000Z' }))),
    );
    w.write({ dbaName: 'Acme Two' });
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(update).toHaveBeenCalledTimes(1);
    let held = false;
    const holding = w.hold().then(() => (held = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(held).toBe(false);
    land();
    await holding;
    // Held: a change (or a timer) sends nothing, so no write can race the save that deletes the draft.
    w.write({ dbaName: 'Acme Three' });
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS * 3);
    expect(update).toHaveBeenCalledTimes(1);
    // The save failed: writing goes on with what waited.
    w.resume();
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ data: { dbaName: 'Acme Three' } }));
  });
});

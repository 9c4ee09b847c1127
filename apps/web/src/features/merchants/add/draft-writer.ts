import type { MerchantDraft } from '@boardwalk/shared/schemas/merchant';

/** How long typing pauses before the draft is sent (one PUT per pause, not per key). */
export const DRAFT_DEBOUNCE_MS = 800;

/** idle: nothing typed yet; saving/saved; stale: changed in another tab; failed: retried on the next change. */
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'stale' | 'failed';

type Body = { step: number; data: Record<string, unknown> };
type Saved = Pick<MerchantDraft, 'id' | 'updatedAt'>;

export type DraftWriterOptions = {
  initial: Pick<MerchantDraft, 'id' | 'updatedAt' | 'data'> | undefined;
  initialStep: number;
  create: (body: Body) => Promise<Saved>;
  update: (body: Body & { id: string; updatedAt: string }) => Promise<Saved>;
  /** Tells whether the failure was the 409 of a draft written meanwhile by another tab. */
  isStale: (error: unknown) => boolean;
  onStatus: (status: DraftStatus) => void;
  onCreated: (id: string) => void;
};

/**
 * Writes the half-filled application to the server: the first change creates the draft at once
 * (so its id is in the URL from the start), later changes are sent a pause after typing stops,
 * one request at a time, each with the updatedAt of the last answer. A 409 stops the writer.
 */
export function createDraftWriter(options: DraftWriterOptions) {
  let id = options.initial?.id;
  let updatedAt = options.initial?.updatedAt;
  let body: Body = { step: options.initialStep, data: options.initial?.data ?? {} };
  let unsent = false;
  let busy = false;
  let stopped = false;
  // Held while the application is being saved: the save deletes the draft, so a write sent
  // meanwhile would find it gone (404).
  let held = false;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function send(): Promise<void> {
    if (stopped || held || busy || !unsent) return Promise.resolve();
    inFlight = sendNow();
    return inFlight;
  }

  async function sendNow(): Promise<void> {
    busy = true;
    unsent = false;
    options.onStatus('saving');
    let failed = false;
    try {
      const sent = body;
      const saved = id && updatedAt ? await options.update({ id, updatedAt, ...sent }) : await options.create(sent);
      updatedAt = saved.updatedAt;
      if (!id) {
        id = saved.id;
        options.onCreated(saved.id);
      }
      if (!stopped) options.onStatus(unsent ? 'saving' : 'saved');
    } catch (error) {
      failed = true;
      if (options.isStale(error)) {
        stopped = true;
        options.onStatus('stale');
      } else {
        unsent = true;
        options.onStatus('failed');
      }
    } finally {
      busy = false;
    }
    // Typed while the write was under way: that goes too, after the usual pause.
    if (!failed && unsent) schedule();
  }

  function schedule() {
    if (stopped) return;
    unsent = true;
    // "Draft saved" only while everything typed is on the server: a change waiting for its pause
    // already reads "Saving draft…" (a reload then, the leave prompt aside, would lose it).
    options.onStatus('saving');
    clearTimeout(timer);
    if (!id && !busy) void send();
    else timer = setTimeout(() => void send(), DRAFT_DEBOUNCE_MS);
  }

  return {
    write(data: Record<string, unknown>) {
      body = { ...body, data };
      schedule();
    },
    setStep(step: number) {
      if (body.step === step) return;
      body = { ...body, step };
      if (id) schedule();
    },
    /** Sends what waits for its pause now (the page is being left inside the app). */
    flush() {
      clearTimeout(timer);
      if (id) void send();
    },
    /** Before saving the application: no more writes, and the one under way has landed. */
    async hold() {
      held = true;
      clearTimeout(timer);
      await inFlight;
    },
    /** The save failed: writes go on, what was typed meanwhile after the usual pause. */
    resume() {
      held = false;
      if (unsent) schedule();
    },
    pending: () => !stopped && (unsent || busy),
    /** Still writing: not saved as a merchant, discarded or taken over by another tab. */
    open: () => !stopped,
    draftId: () => id,
    /** Stops writing: the application was saved (the server deleted its draft) or discarded. */
    close() {
      stopped = true;
      unsent = false;
      clearTimeout(timer);
    },
  };
}

export type DraftWriter = ReturnType<typeof createDraftWriter>;

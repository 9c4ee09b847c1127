import type { MerchantDraft } from '@boardwalk/shared/schemas/merchant';
import { problemBody } from '@boardwalk/shared/problem';
import { fakeFetch, type FakeRoutes } from './fake-fetch.ts';
import { draft, DRAFT_ID, pickerRoutes } from './merchant-fixtures.ts';

/** A draft store like the API's: POST creates, PUT needs the updatedAt last answered (else 409). */
export function draftServer(start: MerchantDraft | undefined, routes: FakeRoutes = {}) {
  let stored = start;
  let version = 0;
  const api = fakeFetch({
    ...pickerRoutes(),
    'GET /api/merchant-drafts': () => ({ body: { drafts: stored ? [stored] : [] } }),
    'POST /api/merchant-drafts': ({ body }) => {
      stored = draft({ ...(body as Pick<MerchantDraft, 'step' | 'data'>), updatedAt: stamp() });
      return { status: 201, body: stored };
    },
    [`GET /api/merchant-drafts/${DRAFT_ID}`]: () =>
      stored ? { body: stored } : { status: 404, body: problemBody(404) },
    [`PUT /api/merchant-drafts/${DRAFT_ID}`]: ({ body }) => {
      const { updatedAt, ...rest } = body as MerchantDraft;
      if (!stored || updatedAt !== stored.updatedAt) return { status: 409, body: problemBody(409) };
      stored = { ...stored, ...rest, updatedAt: stamp() };
      return { body: stored };
    },
    [`DELETE /api/merchant-drafts/${DRAFT_ID}`]: () => {
      stored = undefined;
      return { status: 204 };
    },
    ...routes,
  });
  function stamp() {
    version += 1;
    return `2026-02-01T00:00:0${version % 10}.${String(version).padStart(3, '0')}Z`;
  }
  return {
    ...api,
    stored: () => stored,
    /** Another tab wrote the draft meanwhile. */
    touchElsewhere: (data: Record<string, unknown>) => {
      stored = { ...stored!, data, updatedAt: stamp() };
    },
  };
}

import { problemBody } from '@boardwalk/shared/problem';
import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { appSources, filesMatching } from '../test/app-sources.ts';
import { fakeFetch } from '../test/fake-fetch.ts';
import { appFetch, appUpload, onUnauthorized, UploadError } from './http.ts';
import { api } from './api.ts';
import { fetchServerSettings, putServerSettings } from './settings/settings-sync.ts';
import { fetchSession } from './session/session-client.ts';

function countUnauthorized() {
  const seen = { count: 0 };
  const off = onUnauthorized(() => {
    seen.count += 1;
  });
  return { seen, off };
}

// The staff app, and the merchant's application page (apply/, its own entry without the staff API).
const staffSources = appSources.filter(([file]) => !file.startsWith('apply/'));
const applySources = appSources.filter(([file]) => file.startsWith('apply/'));

describe('one network door and one 401 path (lib/http.ts)', () => {
  it('is the only module that calls fetch', () => {
    expect(appSources.length).toBeGreaterThan(50);
    expect(filesMatching(staffSources, /(?<![\w.])fetch\(/)).toEqual(['lib/http.ts']);
    // The merchant's application page is its own entry with its own small door (decision 097).
    expect(filesMatching(applySources, /(?<![\w.])fetch\(/)).toEqual(['apply/apply-api.ts']);
  });

  it('is the only module that looks at a 401', () => {
    expect(filesMatching(staffSources, /(?:===?|!==?)\s*401\b|\b401\s*(?:===?|!==?)/)).toEqual(['lib/http.ts']);
  });

  it('announces a 401 from an RTK Query endpoint, the settings sync and the session client', async () => {
    fakeFetch({
      'GET /api/probe': () => ({ status: 401, body: problemBody(401) }),
      'GET /api/me/settings': () => ({ status: 401, body: problemBody(401) }),
      'PUT /api/me/settings': () => ({ status: 401, body: problemBody(401) }),
      'GET /api/auth/session': () => ({ status: 401, body: problemBody(401) }),
    });
    const probe = api.injectEndpoints({
      endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/api/probe' }) }),
      overrideExisting: true,
    });
    const { seen, off } = countUnauthorized();
    try {
      const store = configureStore({
        reducer: { [api.reducerPath]: api.reducer },
        middleware: (getDefault) => getDefault().concat(api.middleware),
      });
      await store.dispatch(probe.endpoints.probe.initiate());
      expect(seen.count).toBe(1);
      await fetchServerSettings();
      await putServerSettings({ mode: 'dark' });
      expect(seen.count).toBe(3);
      await fetchSession().catch(() => undefined);
      expect(seen.count).toBe(4);
    } finally {
      off();
    }
  });

  it('stays quiet on other answers and sends same-origin credentials', async () => {
    const net = fakeFetch({
      'GET /api/ok': () => ({ body: { ok: true } }),
      'GET /api/forbidden': () => ({ status: 403, body: problemBody(403) }),
    });
    const { seen, off } = countUnauthorized();
    try {
      expect((await appFetch('/api/ok')).status).toBe(200);
      expect((await appFetch('/api/forbidden')).status).toBe(403);
      expect(seen.count).toBe(0);
      expect(net.fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
    } finally {
      off();
    }
  });
});

describe('appUpload (XMLHttpRequest, for upload progress)', () => {
  /** Answers every send with `status` and a problem body. */
  function stubXhr(status: number) {
    class Answering {
      upload = { addEventListener() {} };
      onload: (() => void) | null = null;
      withCredentials = false;
      status = 0;
      responseText = '';
      open() {}
      setRequestHeader() {}
      send() {
        this.status = status;
        this.responseText = JSON.stringify(problemBody(status));
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', Answering);
  }

  it('announces a 401 like appFetch and rejects with the status and problem body', async () => {
    stubXhr(401);
    const { seen, off } = countUnauthorized();
    try {
      const failure = await appUpload('/api/merchants/x/documents', new FormData()).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(UploadError);
      expect(failure).toMatchObject({ status: 401, data: { status: 401 } });
      expect(seen.count).toBe(1);
    } finally {
      off();
      vi.unstubAllGlobals();
    }
  });
});

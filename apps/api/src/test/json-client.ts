import type { TestApp } from './harness.ts';

export type JsonResponse<B> = { status: number; body: B; headers: Headers };

/** JSON requests through the real app with a session cookie ('' for anonymous). */
export function jsonClient(t: TestApp, cookie = '') {
  async function call<B>(method: string, path: string, body?: unknown): Promise<JsonResponse<B>> {
    const headers: Record<string, string> = { origin: 'http://localhost' };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as B, headers: res.headers };
  }
  return {
    get: <B = Record<string, unknown>>(path: string) => call<B>('GET', path),
    post: <B = Record<string, unknown>>(path: string, body: unknown) => call<B>('POST', path, body),
    patch: <B = Record<string, unknown>>(path: string, body: unknown) => call<B>('PATCH', path, body),
    put: <B = Record<string, unknown>>(path: string, body: unknown) => call<B>('PUT', path, body),
    delete: <B = Record<string, unknown>>(path: string) => call<B>('DELETE', path),
  };
}

export type JsonClient = ReturnType<typeof jsonClient>;

/** RFC 9457 body as the API sends it. */
export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
};

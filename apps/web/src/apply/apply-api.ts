import type {
  ApplicationBusiness,
  ApplicationChecklist,
  ApplicationStep,
  ApplicationView,
} from '@boardwalk/shared/schemas/application';
import { PUBLIC_SETTINGS_PATH } from '../lib/start-answers.ts';

/**
 * The merchant page's few calls, to /api/apply/<token> only: it has no other API. The device
 * cookie is HttpOnly and path-scoped; the browser sends it, this code never sees it.
 */

export type Problem = { status: number; code?: string; detail?: string; errors?: Record<string, string[]> };

export class ApplyError extends Error {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.detail ?? `Request failed (${problem.status})`);
    this.problem = problem;
  }
}

/** The token from /apply/<token> (empty when the address has none). */
export function tokenFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/apply\/?/, '').split('/')[0] ?? '');
}

/** A signer's own link is /apply/sign/<token> (docs/decisions/107); its token, or null. */
export function signerTokenFromPath(pathname: string): string | null {
  const match = /^\/apply\/sign\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

async function call<T>(token: string, method: string, path: string, body?: unknown, base = '/api/apply/'): Promise<T> {
  // A form (a file) is sent as the browser frames it, multipart with its boundary.
  const form = body instanceof FormData;
  const res = await fetch(`${base}${encodeURIComponent(token)}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined || form ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) throw new ApplyError({ status: res.status, ...(json as Omit<Problem, 'status'>) });
  return json as T;
}

export { call as applyCall };

/** `codeTextTo`: the masked phone a code may be texted to, null when only email is offered (docs/decisions/115). */
export type Opened = { portalName: string; verified: boolean; codeSentTo: string; codeTextTo: string | null };
export type CodeChannel = 'email' | 'sms';

export const applyApi = {
  open: (token: string) => call<Opened>(token, 'GET', ''),
  sendCode: (token: string, channel: CodeChannel = 'email') =>
    call<{ codeSentTo: string }>(token, 'POST', '/code', { channel }),
  verify: (token: string, code: string) => call<{ verified: true }>(token, 'POST', '/verify', { code }),
  read: (token: string) => call<ApplicationView>(token, 'GET', '/application'),
  saveBusiness: (token: string, business: ApplicationBusiness) =>
    call<ApplicationView>(token, 'PUT', '/application/business', business),
  /** Any step: the body is the step's fields (owners: `{ owners }`); the answer is the whole view. */
  saveStep: (token: string, step: ApplicationStep, body: unknown) =>
    call<ApplicationView>(token, 'PUT', `/application/${step}`, body),
  checklist: (token: string) => call<ApplicationChecklist>(token, 'GET', '/documents'),
  /** One file for one checklist item; the answer is the whole checklist. */
  upload: (token: string, itemKey: string, file: File) => {
    const form = new FormData();
    form.set('file', file, file.name);
    return call<ApplicationChecklist>(token, 'POST', `/documents/${encodeURIComponent(itemKey)}`, form);
  },
  askNewLink: (token: string) => call<unknown>(token, 'POST', '/new-link'),
  portalName: async () => {
    const res = await fetch(PUBLIC_SETTINGS_PATH);
    return res.ok ? ((await res.json()) as { portalName: string }).portalName : '';
  },
};

/** What a failed save means for a step: field errors (first message each) and the status line. */
export function saveFailure(e: unknown): { errors: Record<string, string>; status: string; closed: boolean } {
  const problem = e instanceof ApplyError ? e.problem : undefined;
  const errors = Object.fromEntries(Object.entries(problem?.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
  const status =
    problem?.status === 401 ? 'Your session ended: reload the page.' : 'Not saved: check the fields marked.';
  return { errors, status, closed: problem?.status === 410 };
}

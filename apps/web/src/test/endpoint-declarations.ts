import { vi } from 'vitest';
import { api } from '../lib/api.ts';

/** One RTK Query endpoint as declared: where, its name, and the request it makes. */
export type EndpointDeclaration = { file: string; name: string; method: string; path: string };

/** What a path parameter becomes in a declaration's path: `/api/users/:param/sessions`. */
const PARAM = '__param__';

/**
 * Stands in for any endpoint argument: every property is itself, and it reads as PARAM wherever a
 * string is wanted, so `({ userId }) => `/api/users/${userId}`` gives `/api/users/__param__`.
 */
function probeArg(): unknown {
  const proxy: unknown = new Proxy(() => undefined, {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive || key === 'toString' || key === 'valueOf') return () => PARAM;
      if (typeof key === 'symbol') return undefined;
      return proxy;
    },
    ownKeys: () => [],
    apply: () => proxy,
  });
  return proxy;
}

type Definition = { query?: (arg: unknown) => string | { url: string; method?: string } };

function requestOf(definition: Definition): { method: string; path: string } {
  const request = definition.query?.(probeArg());
  if (request === undefined) return { method: 'GET', path: '(queryFn)' };
  const { url, method = 'GET' } = typeof request === 'string' ? { url: request } : request;
  // A parameter read off a rest object (`({ a, ...record }) => record.id`) comes out undefined.
  const path = String(url).split('?')[0] ?? '';
  return { method: method.toUpperCase(), path: path.replaceAll(PARAM, ':param').replaceAll('/undefined', '/:param') };
}

/** The source file that called injectEndpoints, from the call's stack (src-relative). */
function callerFile(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').slice(1);
  const frame = frames.find((line) => /\/src\//.test(line) && !/\/src\/test\/endpoint-declarations\.ts/.test(line));
  return frame?.match(/\/src\/([^?:)]+)/)?.[1] ?? '(unknown)';
}

const fakeBuild = {
  query: (definition: Definition) => definition,
  mutation: (definition: Definition) => definition,
  infiniteQuery: (definition: Definition) => definition,
};

/**
 * Imports every app module that injects endpoints and records each declaration, by spying on
 * `api.injectEndpoints` (the modules still get their hooks). Run it in a test file of its own:
 * modules imported before the spy is set are not seen.
 */
export async function collectEndpointDeclarations(
  modules: Record<string, () => Promise<unknown>>,
): Promise<EndpointDeclaration[]> {
  const declarations: EndpointDeclaration[] = [];
  const inject = api.injectEndpoints.bind(api);
  const spy = vi.spyOn(api, 'injectEndpoints').mockImplementation((options: Parameters<typeof inject>[0]) => {
    const file = callerFile(new Error().stack);
    const definitions = options.endpoints(fakeBuild as never) as Record<string, Definition>;
    for (const [name, definition] of Object.entries(definitions)) {
      declarations.push({ file, name, ...requestOf(definition) });
    }
    return inject(options);
  });
  try {
    for (const load of Object.values(modules)) await load();
  } finally {
    spy.mockRestore();
  }
  return declarations;
}

/** `METHOD path` → the declarations of it, for those declared more than once. */
export function duplicateDeclarations(declarations: EndpointDeclaration[]): Record<string, string[]> {
  const byRequest = new Map<string, string[]>();
  for (const { file, name, method, path } of declarations) {
    const key = `${method} ${path}`;
    byRequest.set(key, [...(byRequest.get(key) ?? []), `${file} ${name}`]);
  }
  return Object.fromEntries([...byRequest].filter(([, where]) => where.length > 1));
}

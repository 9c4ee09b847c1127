import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Strip = (value: unknown) => unknown;
const identity: Strip = (value) => value;

/** One stripper per schema, built once: walking the zod definitions on every answer cost more than the answer. */
const compiled = new WeakMap<z.ZodType, Strip>();

/**
 * `value` with every object key its schema does not declare removed, at any depth. It does not
 * validate or transform: a response is cut down to its contract, so that a column added to a
 * table (a merchant's tax id, say) cannot leak through a route that returns whole rows.
 */
export function stripToSchema(schema: z.ZodType, value: unknown): unknown {
  return stripperOf(schema)(value);
}

function stripperOf(schema: z.ZodType): Strip {
  let strip = compiled.get(schema);
  if (!strip) {
    // Set before compiling: a recursive (lazy) schema finds its own stripper, through the indirection.
    let inner: Strip = identity;
    compiled.set(schema, (value) => inner(value));
    inner = compile(schema);
    compiled.set(schema, inner);
    strip = inner;
  }
  return strip;
}

function compile(schema: z.ZodType): Strip {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!def.shape) return identity;
      const fields = Object.entries(def.shape).map(([key, field]) => [key, stripperOf(field)] as const);
      return (value) => {
        if (!isPlainObject(value)) return value;
        const kept: Record<string, unknown> = {};
        for (const [key, strip] of fields) if (key in value) kept[key] = strip(value[key]);
        return kept;
      };
    }
    case 'array': {
      if (!def.element) return identity;
      const strip = stripperOf(def.element);
      return (value) => (Array.isArray(value) ? value.map(strip) : value);
    }
    case 'record': {
      if (!def.valueType) return identity;
      const strip = stripperOf(def.valueType);
      return (value) =>
        isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)])) : value;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const strip = stripperOf(def.innerType!);
      return (value) => (value == null ? value : strip(value));
    }
    case 'pipe':
      // A transform's output has no declared shape; its input does.
      return stripperOf(defOf(def.out!).type === 'transform' ? def.in! : def.out!);
    case 'lazy':
      return (value) => stripperOf(def.getter!())(value);
    case 'union': {
      const options = def.options ?? [];
      return (value) => {
        const match = options.find((o) => o.safeParse(value).success) ?? options[0];
        return match ? stripperOf(match)(value) : value;
      };
    }
    case 'intersection': {
      const left = stripperOf(def.left!);
      const right = stripperOf(def.right!);
      return (value) => {
        const l = left(value);
        const r = right(value);
        return isPlainObject(l) && isPlainObject(r) ? { ...l, ...r } : l;
      };
    }
    default:
      return identity;
  }
}

/**
 * Answers already cut down to their contract before they were serialised and stored (the read
 * cache's bodies, decision 052): conformToContract lets them through as they are. Known by the
 * Response itself (decision 056: asking a @hono/node-server answer for its body stream turns it
 * into an undici Response read back chunk by chunk). Should Hono copy such an answer into a new
 * Response before conformToContract sees it, the copy is read back and cut down again: slower,
 * and the same answer.
 */
const conformedAnswers = new WeakSet<Response>();

export function markConformed(res: Response): Response {
  conformedAnswers.add(res);
  return res;
}

/** The zod schema a route declares for a JSON answer with this status, if any. */
function jsonSchemaOf(responses: RouteConfig['responses'], status: number): z.ZodType | undefined {
  const response = (responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)[status];
  const schema = response?.content?.['application/json']?.schema;
  return schema && typeof (schema as z.ZodType).safeParse === 'function' ? (schema as z.ZodType) : undefined;
}

/**
 * Route middleware (defineRoute adds it to every route): a JSON answer keeps only what the
 * route's response schema for that status declares. Problem answers pass unchanged. The usual
 * answer, `c.json(body, status)`, is cut down before it is serialised (decision 027: parsing the
 * serialised answer back cost a list page more CPU than building it); any other JSON answer is
 * read back and cut down after the handler.
 */
export function conformToContract(responses: RouteConfig['responses']): MiddlewareHandler {
  // Named, so that a test can see it on every route the app registers.
  return async function conformToContractMiddleware(c, next) {
    const json = c.json;
    // The answer c.json made already cut down (Hono may copy it into a new Response with the same body).
    let conformed: Response | undefined;
    c.json = ((object: unknown, arg?: unknown, headers?: unknown) => {
      const schema = typeof arg === 'number' ? jsonSchemaOf(responses, arg) : undefined;
      if (!schema) return (json as (...a: unknown[]) => Response)(object, arg, headers);
      const res = (json as (...a: unknown[]) => Response)(stripToSchema(schema, object), arg, headers);
      conformed = res;
      return res;
    }) as typeof c.json;
    await next();
    const { status } = c.res;
    if (conformed && (conformed === c.res || conformed.status === status)) return;
    if (conformedAnswers.has(c.res)) return;
    const schema = jsonSchemaOf(responses, status);
    if (!schema || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const body = stripToSchema(schema, await c.res.json());
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    // Unset first: assigning over a response would merge the old headers back in.
    c.res = undefined;
    c.res = new Response(JSON.stringify(body), { status, headers });
  };
}

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

/**
 * `value` with every object key its schema does not declare removed, at any depth. It does not
 * validate or transform: a response is cut down to its contract, so that a column added to a
 * table (a merchant's tax id, say) cannot leak through a route that returns whole rows.
 */
export function stripToSchema(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value) || !def.shape) return value;
      const kept: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape)) {
        if (key in value) kept[key] = stripToSchema(field, value[key]);
      }
      return kept;
    }
    case 'array':
      return Array.isArray(value) && def.element ? value.map((v) => stripToSchema(def.element!, v)) : value;
    case 'record':
      if (!isPlainObject(value) || !def.valueType) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripToSchema(def.valueType!, v)]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return value == null ? value : stripToSchema(def.innerType!, value);
    case 'pipe':
      // A transform's output has no declared shape; its input does.
      return stripToSchema(defOf(def.out!).type === 'transform' ? def.in! : def.out!, value);
    case 'lazy':
      return stripToSchema(def.getter!(), value);
    case 'union': {
      const options = def.options ?? [];
      const match = options.find((o) => o.safeParse(value).success) ?? options[0];
      return match ? stripToSchema(match, value) : value;
    }
    case 'intersection': {
      const left = stripToSchema(def.left!, value);
      const right = stripToSchema(def.right!, value);
      return isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : left;
    }
    default:
      return value;
  }
}

/** The zod schema a route declares for a JSON answer with this status, if any. */
function jsonSchemaOf(responses: RouteConfig['responses'], status: number): z.ZodType | undefined {
  const response = (responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)[status];
  const schema = response?.content?.['application/json']?.schema;
  return schema && typeof (schema as z.ZodType).safeParse === 'function' ? (schema as z.ZodType) : undefined;
}

/**
 * Route middleware (defineRoute adds it to every route): a JSON answer keeps only what the
 * route's response schema for that status declares. Problem answers pass unchanged.
 */
export function conformToContract(responses: RouteConfig['responses']): MiddlewareHandler {
  // Named, so that a test can see it on every route the app registers.
  return async function conformToContractMiddleware(c, next) {
    await next();
    const { status } = c.res;
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

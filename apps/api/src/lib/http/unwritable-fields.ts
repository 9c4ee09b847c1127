import { UNKNOWN_FIELD_MESSAGE } from '@boardwalk/shared/problem';
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import type { UnwritableFields, WrittenElsewhere } from './unwritable-field-types.ts';

// A PATCH refuses every field it does not write (decision 075); the types are in
// unwritable-field-types.ts.

const ROUTE_HINT = /^(GET|POST|PUT|PATCH|DELETE) \//;

/** The field error of a field the route does not write. */
export function unwritableFieldMessage(field: string, fields: UnwritableFields | undefined): string {
  const elsewhere = fields?.writtenElsewhere[field];
  if (elsewhere && ROUTE_HINT.test(elsewhere)) return `Read-only here: use ${elsewhere}`;
  if (elsewhere) return `Read-only here: send ${elsewhere}`;
  if (fields?.recordFields.has(field)) return 'Read-only: the server sets it';
  return UNKNOWN_FIELD_MESSAGE;
}

const isZodObject = (schema: unknown): schema is z.ZodObject => schema instanceof z.ZodObject;

function jsonSchemaOf(content: unknown): unknown {
  return (content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema;
}

/**
 * The route's request with its JSON body made strict, and what its validation hook needs. The
 * body of every PATCH must be a zod object: anything else fails at start-up, not in production.
 */
export function strictPatchBody(
  config: Pick<RouteConfig, 'method' | 'path' | 'request' | 'responses'>,
  writtenElsewhere: WrittenElsewhere = {},
): { request: RouteConfig['request']; fields: UnwritableFields } {
  const body = config.request?.body;
  const schema = jsonSchemaOf(body?.content);
  if (!body || !isZodObject(schema)) {
    throw new Error(`PATCH ${config.path}: the JSON body must be a zod object, so that it can refuse unknown fields`);
  }
  // A strict copy keeps the fields and refinements; the description is the one thing zod keeps apart.
  const strict = schema.strict();
  const described = schema.description ? strict.describe(schema.description) : strict;
  const record = jsonSchemaOf((config.responses as Record<string, { content?: unknown }>)[200]?.content);
  return {
    request: {
      ...config.request,
      body: { ...body, content: { ...body.content, 'application/json': { schema: described } } },
    },
    fields: {
      recordFields: new Set(isZodObject(record) ? Object.keys(record.shape) : []),
      writtenElsewhere,
    },
  };
}

/** Route middleware: hands the validation hook (app.ts) the route's words for refused fields. */
export function declareUnwritableFields(fields: UnwritableFields): MiddlewareHandler<AppEnv> {
  return async function declareUnwritableFieldsMiddleware(c, next) {
    c.set('unwritableFields', fields);
    await next();
  };
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import { problemBody, PROBLEM_TITLES } from '@boardwalk/shared/problem';
import type { AppEnv } from '../context.ts';
import { addRateLimitHeaders, declaredTags, RATE_LIMIT_HEADERS } from './api-document-parts.ts';
import type { DeclaredAbility } from './authorize.ts';
import { deriveOperationId } from './operation-id.ts';

/**
 * The OpenAPI 3.1 document served at /api/openapi.json, rendered by /api-docs and checked
 * against real answers by the API tests (test/document-check.ts). It is generated from the route
 * definitions; this adds what every operation shares and no route spells out: the two ways to
 * authenticate, and the problem answers the middleware in front of every route can give.
 */
export function apiDocument(app: OpenAPIHono<AppEnv>, version: string) {
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Boardwalk API', version, description: DESCRIPTION },
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
  });
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'bw_live_…',
        description: 'An API token from Settings → API Tokens, sent as `Authorization: Bearer <token>`.',
      },
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'authjs.session-token',
        description: 'The portal’s own session (the browser). Unsafe methods must come from the same origin.',
      },
    },
  };
  doc.components.headers = RATE_LIMIT_HEADERS;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const methods = Object.keys(item).filter((m) => HTTP_METHODS.has(m));
    for (const method of methods) {
      const operation = (item as Record<string, Operation>)[method]!;
      operation.operationId ??= deriveOperationId(method, path, methods, answersRows(operation));
      addSharedProblems(operation, path);
      if (tokenMayCall(operation)) addRateLimitHeaders(operation);
    }
  }
  doc.tags = declaredTags(doc.paths ?? {});
  return doc;
}

/** A GET answering rows: an array, a page (`total` beside the rows), or an object whose first key holds them. */
function answersRows(operation: Operation): boolean {
  const ok = operation.responses['200'] as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  const schema = ok?.content?.['application/json']?.schema;
  const first = Object.values(schema?.properties ?? {})[0];
  return schema?.type === 'array' || schema?.properties?.total !== undefined || first?.type === 'array';
}

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema> };

/** A route with permissions is one an API token may call (scopes permitting); 'authenticated' ones refuse tokens. */
function tokenMayCall(operation: Operation): boolean {
  return Array.isArray(operation['x-ability']);
}

type Operation = {
  operationId?: string;
  tags?: string[];
  'x-ability'?: DeclaredAbility;
  requestBody?: unknown;
  parameters?: unknown[];
  security?: unknown[];
  responses: Record<string, unknown>;
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** The problem answers of the layers in front of a handler, added where the route did not describe its own. */
function addSharedProblems(operation: Operation, path: string) {
  const ability = operation['x-ability'];
  const shared: Record<number, string> = {
    500: 'Something went wrong on the server; the error was logged, the answer holds no details.',
  };
  if (ability === 'public') operation.security = [];
  else {
    shared[401] = 'Not signed in, or the token is missing, expired or revoked';
    shared[429] = 'Too many requests; `Retry-After` says when to try again';
    shared[403] =
      ability === 'authenticated'
        ? 'Not with an API token, or the user must first replace a temporary password or set up two-factor sign-in'
        : 'The role (or the token’s scopes) may not do this';
  }
  if (operation.requestBody || operation.parameters?.length) {
    shared[400] = 'Invalid input; `errors` maps each field to its messages';
  }
  if (operation.requestBody) {
    shared[413] = 'The body is larger than this route accepts';
    shared[415] = 'The body is not in a media type this route accepts';
  }
  if (path.includes('{')) shared[404] = 'No such record';
  for (const [status, description] of Object.entries(shared)) {
    operation.responses[status] ??= problemResponse(Number(status) as keyof typeof PROBLEM_TITLES, description);
  }
}

function problemResponse(status: keyof typeof PROBLEM_TITLES, description: string) {
  return {
    description,
    content: {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/Problem' },
        // The body the API sends, `code` included (the schema requires it).
        example: problemBody(status, { detail: description }),
      },
    },
  };
}

const DESCRIPTION = `The API behind the Boardwalk portal. The portal itself uses it with its session cookie;
integrations use an API token (\`Authorization: Bearer bw_live_…\`) whose scopes never exceed its
creator's role.

- Lists: \`GET /api/<entity>?q=&page=&pageSize=&sort=&order=&<filters>\` answer
  \`{ <key>: rows, total, params, allData }\`; \`page\` is 0-based, \`pageSize\` at most 100.
- Create with \`{ data }\` (201), update with \`PATCH\` and the record's \`updatedAt\` (409 when
  someone changed it since, 428 without it), delete answers 204.
- Errors are RFC 9457 problem JSON: \`{ type, title, status, detail, code?, errors? }\`, where
  \`errors\` maps each invalid field to its messages.`;

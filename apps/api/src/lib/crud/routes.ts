import type { Action, Permission } from '@boardwalk/shared';
import { z as zod, type z } from 'zod';
import { defineRoute } from '../http/define-route.ts';
import { authResponses, idParams, jsonBody, jsonResponse, documentedProblem } from '../http/openapi.ts';

export type CrudRouteOptions<
  Row extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodObject,
> = {
  /** '/api/agents'. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** Ability subject: 'agent', ... */
  subject: string;
  /** The list's response key: 'agentAccounts', ... */
  key: string;
  /** For summaries: 'agent account'. */
  label: string;
  schemas: { row: Row; create: Create; update: Update; query: Query };
  /** Permissions an operation needs besides its own on `subject` (another subject it reads or changes). */
  alsoNeeds?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'remove', readonly Permission[]>>;
};

/**
 * The five route definitions of a reference entity: list, get, create, update,
 * delete, each with its ability and documented answers. The entity's routes file calls this.
 */
export function crudRoutes<
  Row extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodObject,
>(options: CrudRouteOptions<Row, Create, Update, Query>) {
  const { path, tag, subject, key, label, schemas, alsoNeeds = {} } = options;
  const needs = (action: Action, operation: keyof typeof alsoNeeds) =>
    [{ action, subject }, ...(alsoNeeds[operation] ?? [])] as const;
  const listSchema = zod.object({
    [key]: zod.array(schemas.row),
    total: zod.number().int().describe('Rows matching q and the filters'),
    params: zod.record(zod.string(), zod.unknown()).describe('The parsed query, defaults filled'),
    allData: zod.array(schemas.row).describe('Every non-deleted row when allData=true (for pickers); otherwise []'),
  });
  const tags = [tag];
  return {
    key,
    list: defineRoute({
      method: 'get',
      path,
      tags,
      summary: `List ${label}s`,
      ability: needs('read', 'list'),
      request: { query: schemas.query },
      responses: {
        200: jsonResponse(`A page of ${label}s`, listSchema),
        400: documentedProblem('Invalid query'),
        ...authResponses,
      },
    }),
    get: defineRoute({
      method: 'get',
      path: `${path}/{id}`,
      tags,
      summary: `Get one ${label} (deleted ones too)`,
      ability: needs('read', 'get'),
      request: { params: idParams },
      responses: {
        200: jsonResponse(`The ${label}`, schemas.row),
        404: documentedProblem('No such id'),
        ...authResponses,
      },
    }),
    create: defineRoute({
      method: 'post',
      path,
      tags,
      summary: `Create a ${label}`,
      ability: needs('create', 'create'),
      request: { body: jsonBody(zod.object({ data: schemas.create })) },
      responses: {
        201: jsonResponse(`The new ${label}`, schemas.row),
        400: documentedProblem('Invalid fields (errors holds them)'),
        409: documentedProblem('A unique value is taken'),
        ...authResponses,
      },
    }),
    update: defineRoute({
      method: 'patch',
      path: `${path}/{id}`,
      tags,
      summary: `Update a ${label} (partial; updatedAt as last read is required)`,
      ability: needs('update', 'update'),
      writtenElsewhere: { deletedAt: `DELETE ${path}/{id}` },
      request: { params: idParams, body: jsonBody(schemas.update) },
      responses: {
        200: jsonResponse(`The updated ${label}`, schemas.row),
        400: documentedProblem('Invalid fields (errors holds them)'),
        404: documentedProblem('No such id'),
        409: documentedProblem('A unique value is taken, or the record changed since it was read'),
        428: documentedProblem('updatedAt is missing: an update must say which version it was based on'),
        ...authResponses,
      },
    }),
    remove: defineRoute({
      method: 'delete',
      path: `${path}/{id}`,
      tags,
      summary: `Delete a ${label} (soft: it stays where it is referenced)`,
      ability: needs('delete', 'remove'),
      request: { params: idParams },
      responses: {
        204: { description: 'Deleted' },
        404: documentedProblem('No such id'),
        409: documentedProblem('In use'),
        ...authResponses,
      },
    }),
  };
}

export type CrudRoutes = ReturnType<typeof crudRoutes>;

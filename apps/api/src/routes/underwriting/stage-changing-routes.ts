import type { TestApp } from '../../test/harness.ts';

/**
 * Every route whose body can name a stage (docs/decisions/098), for the tests of the hooks every
 * stage change passes (decisions, the sanctions gate): each is covered, or says why it moves no
 * merchant. A new route that takes a stageId fails those tests until it is.
 */
export const STAGE_CHANGING_ROUTES = [
  'POST /api/merchants',
  'POST /api/merchants/{id}/stage',
  'POST /api/merchants/bulk/stage',
  'POST /api/automations',
  'PATCH /api/automations/{id}',
];
export const MOVES_NO_MERCHANT: Record<string, string> = {
  'POST /api/merchants/{id}/stage/preview': 'describes a move; changes nothing',
  'PUT /api/decision-stages': 'the mapping itself',
  'POST /api/automations/preview': 'describes what would run; changes nothing',
  'POST /api/automations/dry-run': 'a dry run: nothing is changed',
  'POST /api/assignment-rules': 'a rule names the stage it assigns in; it moves no merchant',
  'PUT /api/assignment-rules/{id}': 'a rule names the stage it assigns in; it moves no merchant',
};

/** Does a request body schema (OpenAPI JSON schema) name `stageId` anywhere inside? */
function namesStageId(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(namesStageId);
  if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (s.properties && typeof s.properties === 'object' && 'stageId' in s.properties) return true;
    return Object.values(s).some(namesStageId);
  }
  return false;
}

/** The operations of the app's OpenAPI document whose body can name a stage, as "METHOD /path". */
export function routesNamingAStage(t: TestApp): string[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: 't' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { requestBody?: unknown }>)
      .filter(([, op]) => namesStageId(op.requestBody))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

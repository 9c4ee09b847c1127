import { duplicateCheckInputSchema, duplicateListSchema, MERCHANT_REVEAL_SUBJECT } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['merchants'];
/** A lookup by tax id or bank account spends the reveal budget (merchant-reveal.service.ts). */
const overBudget = documentedProblem(
  'Too many reveals and lookups by tax id or bank account in a short time (Retry-After)',
);
/**
 * Both answer which merchants hold a tax id or bank account: the one typed, or the one a merchant
 * holds (which a writer may have set to a guess). A lookup by a sensitive identifier is a reveal,
 * so a token needs the merchant-reveal scope (docs/decisions/071).
 */
const ability = [
  { action: 'read', subject: 'merchant' },
  { action: 'read', subject: MERCHANT_REVEAL_SUBJECT },
] as const;
const answer = jsonResponse(
  'At most 20 merchants sharing a tax id, a bank account, or a DBA name and phone (deleted ones flagged)',
  duplicateListSchema,
);

export const merchantDuplicatesRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/duplicates',
  tags,
  summary:
    "Possible duplicates of a merchant; by its tax id or bank account it is a lookup: audited, and counted with the caller's reveals",
  ability,
  request: { params: idParams },
  responses: { 200: answer, ...problems(400, 401, 403, 404), 429: overBudget },
});

export const checkDuplicatesRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/duplicates',
  tags,
  summary:
    "Possible duplicates of the values typed in the add form; by a tax id or bank account it is a lookup: audited, and counted with the caller's reveals (one per identifier)",
  ability,
  request: { body: jsonBody(duplicateCheckInputSchema) },
  responses: { 200: answer, ...problems(400, 401, 403), 429: overBudget },
});

import { defineAbilityFor, type AgentScope, type AppAbility } from '@boardwalk/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { settings } from '../../db/schema/settings.ts';
import type { AppEnv } from '../context.ts';
import { ProblemError } from '../problem.ts';

/**
 * Which merchants the caller reaches, in one place (docs/decisions/110). Staff reach every one;
 * a ROLE_AGENT user, when the "Agents see their own merchants" setting is on, reaches the merchants
 * of the agent accounts they are linked to; everyone else reaches none (and the route gate has
 * already refused them). The rule is the shared ability's row condition, turned into a WHERE.
 */
const scopes = new WeakMap<Request, Promise<AgentScope | null>>();

async function loadAgentScope(c: Context<AppEnv>, userId: string): Promise<AgentScope | null> {
  const db = c.get('db');
  const [setting] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'agentsSeeOwnMerchants'));
  if (setting?.value !== true) return null;
  const rows = await db
    .select({ id: agentAccounts.id })
    .from(agentAccounts)
    .where(and(eq(agentAccounts.userId, userId), isNull(agentAccounts.deletedAt)));
  return { agentIds: rows.map((r) => r.id) };
}

/** The agent's scope for this request (read once per request), or null: not an agent signed in, or the setting is off. */
export function agentScopeOf(c: Context<AppEnv>): Promise<AgentScope | null> {
  const actor = c.get('actor');
  // API tokens never carry it: an agent's token gets no merchant scope (roleAllowsScope).
  if (!actor || actor.type !== 'user' || actor.role !== 'ROLE_AGENT') return Promise.resolve(null);
  let scope = scopes.get(c.req.raw);
  if (!scope) {
    scope = loadAgentScope(c, actor.userId);
    scopes.set(c.req.raw, scope);
  }
  return scope;
}

/** The caller's ability with its row conditions. */
export async function requestAbility(c: Context<AppEnv>, subjectType?: string): Promise<AppAbility> {
  return defineAbilityFor(c.get('actor'), subjectType, await agentScopeOf(c));
}

/** The WHERE that limits `merchants` to what the caller may read; undefined when every merchant. */
export async function merchantScope(c: Context<AppEnv>): Promise<SQL | undefined> {
  const rules = (await requestAbility(c, 'merchant')).rulesFor('read', 'merchant');
  if (rules.some((r) => !r.inverted && !r.conditions)) return undefined;
  const ids = rules.flatMap((r) => {
    const inList = (r.conditions as { agentId?: { $in?: string[] } } | undefined)?.agentId?.$in;
    return r.inverted || !inList ? [] : inList;
  });
  return ids.length > 0 ? inArray(merchants.agentId, ids) : sql`false`;
}

/** True when the caller reads every merchant (staff): routes skip their scope query then. */
export async function readsEveryMerchant(c: Context<AppEnv>): Promise<boolean> {
  return (await merchantScope(c)) === undefined;
}

/**
 * A route about one merchant: 404 (never 403, which would tell the merchant exists) unless the
 * caller reaches it. Deleted merchants are left to the route's own rule.
 */
export async function assertMerchantInScope(c: Context<AppEnv>, merchantId: string): Promise<void> {
  const scope = await merchantScope(c);
  if (!scope) return;
  const [row] = await c
    .get('db')
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), scope));
  if (!row) throw new ProblemError(404, 'No such merchant.');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every `/api/merchants/{id}` route and every route under it, in one place: a caller whose
 * merchants have a row condition gets 404 for one outside it, before the route runs. Staff and
 * callers without a condition pass untouched (the route's gate still answers 403 to the others).
 */
export const merchantPathScope = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('id');
  if (id && UUID.test(id) && (await agentScopeOf(c))) await assertMerchantInScope(c, id);
  return next();
});

/**
 * The agent account a new lead gets when an agent adds it: forced, whatever the body said. 403
 * when the agent is linked to no account (the ability's condition matches no merchant then).
 */
export async function leadAgentOf(c: Context<AppEnv>): Promise<string | undefined> {
  const scope = await agentScopeOf(c);
  if (!scope) return undefined;
  const agentId = scope.agentIds[0];
  if (!agentId || !(await requestAbility(c)).can('create', { type: 'merchant', agentId } as never)) {
    throw new ProblemError(403, 'Your user is linked to no agent account: ask an administrator to link one.');
  }
  return agentId;
}

/**
 * What an agent's new lead may say: their agent account, forced, and the default stage; where it
 * goes, who works it and the underwriting fields are staff's (the agent's form offers none of
 * them, and a hand-made request must not set them either).
 */
export function agentLead<T extends Record<string, unknown>>(data: T, agentId: string) {
  const {
    stageId: _stage,
    companyId: _company,
    leadSourceId: _source,
    assignedUserId: _assignee,
    riskLevel: _risk,
    underwritingDecision: _decision,
    underwritingReason: _reason,
    ...lead
  } = data;
  return { ...lead, agentId };
}

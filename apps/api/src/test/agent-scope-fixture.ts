import { agentAccounts } from '../db/schema/agent-accounts.ts';
import { settings } from '../db/schema/settings.ts';
import type { TestApp } from './harness.ts';
import { signIn, createUser, type TestUser } from './sign-in.ts';
import { insertTestMerchant } from './test-merchant.ts';

/** Turns "Agents see their own merchants" on or off straight in the settings table. */
export async function setAgentsSeeOwnMerchants(t: TestApp, on: boolean): Promise<void> {
  await t.db
    .insert(settings)
    .values({ key: 'agentsSeeOwnMerchants', value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on } });
}

export type AgentWorld = {
  agentUser: TestUser;
  cookie: string;
  agentA: typeof agentAccounts.$inferSelect;
  agentB: typeof agentAccounts.$inferSelect;
  mine: Awaited<ReturnType<typeof insertTestMerchant>>;
  theirs: Awaited<ReturnType<typeof insertTestMerchant>>;
};

/**
 * A ROLE_AGENT user linked to agent account A, signed in; agent account B of nobody; one merchant
 * of each (docs/decisions/110). The setting is left as it is.
 */
export async function agentWorld(t: TestApp): Promise<AgentWorld> {
  const agentUser = await createUser(t.db, { role: 'ROLE_AGENT' });
  const tag = agentUser.id.slice(0, 8);
  const [agentA] = await t.db
    .insert(agentAccounts)
    .values({ name: `Agent A ${tag}`, agentCode: `A-${tag}`, userId: agentUser.id })
    .returning();
  const [agentB] = await t.db
    .insert(agentAccounts)
    .values({ name: `Agent B ${tag}`, agentCode: `B-${tag}` })
    .returning();
  const mine = await insertTestMerchant(t, { agentId: agentA!.id, dbaName: `Mine Mercantile ${tag}` });
  const theirs = await insertTestMerchant(t, { agentId: agentB!.id, dbaName: `Theirs Trading ${tag}` });
  const cookie = await signIn(t, agentUser.email, agentUser.password);
  return { agentUser, cookie, agentA: agentA!, agentB: agentB!, mine, theirs };
}

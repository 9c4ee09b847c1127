import type { AgentListQuery } from '@boardwalk/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';
import { ProblemError } from '../../lib/problem.ts';

const t = agentAccounts;

/** Only a live ROLE_AGENT user can be the one who signs in as an agent account. */
async function checkLinkedUser(tx: Db, userId: string | null | undefined) {
  if (!userId) return;
  const [user] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (user?.role !== 'ROLE_AGENT') {
    const message = 'Choose a user with the agent role';
    throw new ProblemError(400, message, { errors: { userId: [message] } });
  }
}

export const agentEntity: CrudEntity<typeof agentAccounts, AgentListQuery> = {
  subject: 'agent',
  label: 'agent account',
  table: t,
  sort: {
    name: t.name,
    agentCode: t.agentCode,
    splitPercent: [t.splitPercent, t.name],
    isActive: t.isActive,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  defaultOrder: [asc(sql`lower(${t.name})`)],
  search: [t.name, t.agentCode, t.email, t.phone],
  phones: ['phone'],
  filters: (q) => [
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
    q.companyId === undefined ? undefined : eq(t.companyId, q.companyId),
    q.userId === undefined ? undefined : eq(t.userId, q.userId),
  ],
  unique: {
    agent_accounts_code_unique: { field: 'agentCode', message: 'Another agent account already uses this code' },
    agent_accounts_user_unique: { field: 'userId', message: 'This user is already linked to another agent account' },
  },
  references: [{ field: 'companyId', table: companies, message: 'Choose an existing company' }],
  hooks: {
    beforeWrite: async (tx, _caller, { values }) => {
      if ('userId' in values) await checkLinkedUser(tx, values.userId);
    },
  },
};

export const agentService = createCrudService(agentEntity);

import { ROLE_RANK, type Role } from '@boardwalk/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/context.ts';
import { ProblemError } from '../../lib/problem.ts';

/** Nobody acts on, or hands out, a role above their own (issue 3 §1). */
export function assertRoleWithinReach(actor: Actor, role: Role, what: 'grant' | 'manage'): void {
  if (ROLE_RANK[role] <= ROLE_RANK[actor.role]) return;
  throw new ProblemError(
    403,
    what === 'grant' ? `Your role may not grant ${role}.` : `Your role may not change a ${role} user.`,
  );
}

/**
 * The last active superadmin cannot be suspended, demoted or deleted: the portal would have
 * nobody left to administer it. The other superadmin rows are locked (FOR UPDATE) so two
 * concurrent demotions cannot both pass. Call inside the transaction that makes the change.
 */
export async function assertNotLastSuperadmin(
  tx: Db,
  target: { id: string; role: Role; status: string },
): Promise<void> {
  if (target.role !== 'ROLE_SUPERADMIN' || target.status !== 'active') return;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'ROLE_SUPERADMIN'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        ne(users.id, target.id),
      ),
    )
    .for('update');
  if (others.length === 0) {
    throw new ProblemError(409, 'This is the last active superadmin: make another user superadmin first.');
  }
}

/** Field → { from, to } for the audit log; only the fields that really change. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to === undefined || sameValue(from, to)) continue;
    changes[key] = { from, to };
  }
  return changes;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b || ((a ?? null) === null && (b ?? null) === null);
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import { notify } from './notify.ts';

/**
 * The events users are told about (docs/decisions/109), each called inside the transaction of
 * the change that causes it. Nobody is told about what they did themselves.
 */

async function merchantName(tx: Db, merchantId: string): Promise<string> {
  const [row] = await tx.select({ name: merchants.dbaName }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? 'A merchant';
}

async function userName(tx: Db, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx
    .select({ displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return row.displayName || `${row.firstName} ${row.lastName}`.trim() || null;
}

/** A merchant was assigned to `userId`, by a person (`byUserId`) or by a rule or action (`via`). */
export async function notifyAssigned(
  tx: Db,
  input: { merchantId: string; userId: string | null; byUserId: string | null; via?: string; at: Date },
) {
  if (!input.userId || input.userId === input.byUserId) return 0;
  const [name, by] = await Promise.all([merchantName(tx, input.merchantId), userName(tx, input.byUserId)]);
  return notify(tx, [input.userId], {
    kind: 'assigned',
    title: `${name} was assigned to you`,
    body: input.via ?? (by ? `By ${by}` : ''),
    merchantId: input.merchantId,
    at: input.at,
  });
}

/** A note mentions users: each newly mentioned one (not the author) is told once per note. */
export async function notifyMentions(
  tx: Db,
  input: {
    merchantId: string;
    noteId: string;
    authorId: string | null;
    mentions: readonly string[];
    excerpt: string;
    at: Date;
  },
) {
  const others = input.mentions.filter((id) => id !== input.authorId);
  if (others.length === 0) return 0;
  const [name, by] = await Promise.all([merchantName(tx, input.merchantId), userName(tx, input.authorId)]);
  return notify(tx, others, {
    kind: 'mentioned',
    title: `${by ?? 'Someone'} mentioned you on ${name}`,
    body: input.excerpt,
    merchantId: input.merchantId,
    dedupeKey: `mention:${input.noteId}`,
    at: input.at,
  });
}

/**
 * An application link's answers were submitted, or the application was signed by everyone: the
 * merchant's assignee and whoever sent the link are told, once per request and step.
 */
export async function notifyApplication(
  tx: Db,
  request: { id: string; merchantId: string; createdBy?: string | null },
  what: 'submitted' | 'signed',
  at: Date = new Date(),
) {
  const [merchant] = await tx
    .select({ name: merchants.dbaName, assignee: merchants.assignedUserId })
    .from(merchants)
    .where(eq(merchants.id, request.merchantId));
  if (!merchant) return 0;
  return notify(tx, [merchant.assignee, request.createdBy], {
    kind: 'application',
    title: `${merchant.name}: the application was ${what}`,
    body: what === 'submitted' ? 'Review the answers on the Application tab.' : 'The signed PDF is in Documents.',
    merchantId: request.merchantId,
    dedupeKey: `application:${request.id}:${what}`,
    at,
  });
}

/** The administrators, who alone operate jobs (the `job` subject is admin-only). */
async function administrators(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.role, ['ROLE_ADMIN', 'ROLE_SUPERADMIN']), eq(users.status, 'active'), isNull(users.deletedAt)),
    );
  return rows.map((r) => r.id);
}

const HISTORY_LINK = {
  automation: '/history/automations',
  stage_action: '/history/stage-actions',
  cron: '/history/cron-jobs',
} as const;

/** A run failed for good (no retry left): administrators are told once per run. */
export async function notifyRunFailed(
  tx: Db,
  run: {
    id: string;
    origin: keyof typeof HISTORY_LINK;
    name: string;
    error: string;
    merchantId?: string | null;
    at: Date;
  },
) {
  const what = { automation: 'The automation', stage_action: 'The stage action', cron: 'The job' }[run.origin];
  const on = run.merchantId ? ` on ${await merchantName(tx, run.merchantId)}` : '';
  return notify(tx, await administrators(tx), {
    kind: 'job_failed',
    title: `${what} “${run.name}” failed${on}`,
    body: run.error,
    merchantId: run.merchantId ?? null,
    link: HISTORY_LINK[run.origin],
    dedupeKey: `failed:${run.origin}:${run.id}`,
    at: run.at,
  });
}

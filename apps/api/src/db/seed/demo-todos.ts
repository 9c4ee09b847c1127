import type { TodoPriority } from '@boardwalk/shared/schemas/todo';
import { and, asc, isNull, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { merchants } from '../schema/merchants.ts';
import { todos } from '../schema/todos.ts';
import { users } from '../schema/users.ts';
import { seededRandom } from './demo-random.ts';

const TITLES = [
  'Call the owner about the missing bank statement',
  'Chase the voided check',
  'Verify the business address',
  'Review the processing statements',
  'Confirm the expected monthly volume',
  'Send the welcome email',
  'Schedule the go-live call',
  'Ask for the owner’s ID',
  'Check the website’s refund policy',
  'Follow up on the underwriting questions',
  'Order the terminal',
  'Update the MCC after the call',
];
const LOOSE_TITLES = [
  'Prepare the weekly pipeline review',
  'Clean up the lead source list',
  'Read the new risk policy',
];
const TAGS = ['kyc', 'calls', 'docs', 'follow-up', 'go-live'];
const DEMO_TODOS = 40;

/** YYYY-MM-DD of `now` shifted by `days` (UTC calendar). */
function dayOffset(now: Date, days: number): string {
  const d = new Date(now.getTime() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * A few dozen demo todos over the staff users and some merchants: overdue, due today, upcoming,
 * undated, some important, some completed, one in the trash, so every view of /todo has rows.
 * Straight inserts (no audit rows or timeline entries: nothing was done by anyone yet).
 */
export async function seedDemoTodos(db: Db, options: { now: Date }) {
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deletedAt), ne(users.role, 'ROLE_AGENT')))
    .orderBy(asc(users.email));
  if (people.length === 0) return;
  const linked = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(isNull(merchants.deletedAt))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(30);
  const random = seededRandom(1010);
  const { now } = options;
  const rows: (typeof todos.$inferInsert)[] = [];
  for (let i = 0; i < DEMO_TODOS; i++) {
    const merchant = linked.length > 0 && random.chance(0.7) ? random.pick(linked) : undefined;
    const dated = random.chance(0.85);
    const completed = random.chance(0.15);
    const assignee = random.pick(people);
    rows.push({
      id: random.uuidAt(new Date(now.getTime() - (DEMO_TODOS - i) * 3_600_000)),
      title: merchant ? random.pick(TITLES) : random.pick(LOOSE_TITLES),
      dueOn: dated ? dayOffset(now, random.int(-5, 10)) : null,
      dueTime:
        dated && random.chance(0.4)
          ? `${String(random.int(8, 17)).padStart(2, '0')}:${random.pick(['00', '30'])}:00`
          : null,
      assigneeId: random.chance(0.9) ? assignee.id : null,
      merchantId: merchant?.id ?? null,
      priority: random.weighted<TodoPriority>({ low: 2, normal: 6, high: 2 }),
      tags: [...new Set(Array.from({ length: random.int(0, 2) }, () => random.pick(TAGS)))],
      isImportant: random.chance(0.2),
      isCompleted: completed,
      completedAt: completed ? now : null,
      completedBy: completed ? assignee.id : null,
      createdAt: now,
      updatedAt: now,
      createdBy: assignee.id,
      updatedBy: assignee.id,
      deletedAt: i === DEMO_TODOS - 1 ? now : null,
    });
  }
  await db.insert(todos).values(rows);
}

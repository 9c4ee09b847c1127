import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readSetting } from '../auth/settings.ts';
import type { Db } from '../db/client.ts';
import { overSlaAfterPauses, pausedSeconds } from '../domain/applications/sla-pause.ts';
import { queueRenderedMessage } from '../domain/messages/queue-message.ts';
import { rowsOf } from '../domain/reports/report-scope.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';
import type { JobSender } from '../lib/jobs/job-sender.ts';

/** Items listed per section of one digest; the counts are always complete. */
export const DIGEST_LIST_LIMIT = 20;

type TodoDue = { assignee_id: string; title: string; due_on: string; overdue: boolean; total: number };
type OverSla = { assignee_id: string; dba_name: string; stage: string; hours: number; waiting: number; total: number };
type Recipient = { id: string; email: string; name: string };

/**
 * Every morning (07:00 UTC) each active user with open todos due today or earlier,
 * or with merchants over their stage's SLA, gets one email listing them. The digest is rendered
 * here, not from a template (decision 039: the template context describes one merchant, a digest
 * is a list per person), and goes out through the same message.send job and emails log. One
 * digest per user per UTC day (idempotency key `digest:<user>:<day>`): a second run that day,
 * or a retry, sends nothing more.
 */
export const dailyDigestJob = defineCronJob({
  name: 'daily-digest',
  cron: '0 7 * * *',
  description: 'Emails each user their open todos due today or earlier and their merchants over SLA.',
  payload: z.strictObject({}),
  run: ({ db, now, jobs }) => {
    if (!jobs) throw new Error('The daily digest needs the job engine to send its messages.');
    return queueDailyDigests(db, jobs, now());
  },
});

async function todosDue(db: Db, today: string) {
  return rowsOf<TodoDue>(
    db,
    sql`SELECT assignee_id, title, due_on::text AS due_on, overdue, total::int AS total FROM (
          SELECT t.assignee_id, t.title, t.due_on, t.due_on < ${today}::date AS overdue,
                 row_number() OVER (PARTITION BY t.assignee_id ORDER BY t.due_on, t.due_time NULLS LAST, t.id) AS n,
                 count(*) OVER (PARTITION BY t.assignee_id) AS total
            FROM todos t
           WHERE t.deleted_at IS NULL AND NOT t.is_completed AND t.assignee_id IS NOT NULL
             AND t.due_on <= ${today}::date) x
         WHERE n <= ${DIGEST_LIST_LIMIT} ORDER BY assignee_id, n`,
  );
}

/** Over SLA once the time waiting on the merchant is taken off (docs/decisions/108 and 114). */
async function merchantsOverSla(db: Db, now: Date) {
  const waited = pausedSeconds(sql`m.id`, sql`m.stage_entered_at`, now);
  return rowsOf<OverSla>(
    db,
    sql`SELECT assignee_id, dba_name, stage, hours::int AS hours, waiting::int AS waiting, total::int AS total FROM (
          SELECT m.assigned_user_id AS assignee_id, m.dba_name, s.name AS stage,
                 floor((extract(epoch FROM (${now}::timestamptz - m.stage_entered_at)) - ${waited}) / 3600) AS hours,
                 floor(${waited} / 3600) AS waiting,
                 row_number() OVER (PARTITION BY m.assigned_user_id ORDER BY m.stage_entered_at, m.id) AS n,
                 count(*) OVER (PARTITION BY m.assigned_user_id) AS total
            FROM merchants m JOIN stages s ON s.id = m.stage_id
           WHERE m.deleted_at IS NULL AND m.assigned_user_id IS NOT NULL AND s.sla_hours IS NOT NULL
             AND m.stage_entered_at < ${now}::timestamptz - make_interval(hours => s.sla_hours)
             AND ${overSlaAfterPauses(sql`m.id`, sql`m.stage_entered_at`, sql`s.sla_hours`, now)}) x
         WHERE n <= ${DIGEST_LIST_LIMIT} ORDER BY assignee_id, n`,
  );
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The digest of one person: subject, HTML (every value escaped) and text. */
export function renderDigest(portalName: string, todos: TodoDue[], overSla: OverSla[]) {
  const todoTotal = todos[0]?.total ?? 0;
  const slaTotal = overSla[0]?.total ?? 0;
  const parts = [
    todoTotal ? plural(todoTotal, 'todo due', 'todos due') : '',
    slaTotal ? plural(slaTotal, 'merchant over SLA', 'merchants over SLA') : '',
  ].filter(Boolean);
  const subject = `${portalName} daily digest: ${parts.join(', ')}`;
  const todoLines = todos.map((t) => `${t.title} (due ${t.due_on}${t.overdue ? ', overdue' : ''})`);
  const slaLines = overSla.map(
    (m) =>
      `${m.dba_name}: ${m.stage} for ${m.hours} hours` +
      (m.waiting > 0 ? ` (not counting ${m.waiting} hours waiting on the merchant)` : ''),
  );
  const more = (total: number, shown: number) => (total > shown ? [`…and ${total - shown} more`] : []);
  const section = (title: string, lines: string[]) =>
    lines.length
      ? `<h2>${escapeHtml(title)}</h2><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
      : '';
  const todoSection = [...todoLines, ...more(todoTotal, todos.length)];
  const slaSection = [...slaLines, ...more(slaTotal, overSla.length)];
  const html =
    section(`Todos due (${todoTotal})`, todoSection) +
    section(`Merchants over their stage's SLA (${slaTotal})`, slaSection);
  const text = [
    todoSection.length ? [`Todos due (${todoTotal})`, ...todoSection.map((l) => `- ${l}`)].join('\n') : '',
    slaSection.length
      ? [`Merchants over their stage's SLA (${slaTotal})`, ...slaSection.map((l) => `- ${l}`)].join('\n')
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject, html, text };
}

/** Queues today's digest for every active user who has something in it. */
export async function queueDailyDigests(db: Db, jobs: JobSender, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const [todos, overSla, portalName] = await Promise.all([
    todosDue(db, today),
    merchantsOverSla(db, now),
    readSetting(db, 'portalName'),
  ]);
  const ids = [...new Set([...todos.map((t) => t.assignee_id), ...overSla.map((m) => m.assignee_id)])];
  if (ids.length === 0) return { queued: 0, alreadyQueued: 0, day: today };
  const recipients = await rowsOf<Recipient>(
    db,
    sql`SELECT id, email, display_name AS name FROM users
         WHERE id IN (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) AND status = 'active' AND deleted_at IS NULL`,
  );
  let queued = 0;
  let alreadyQueued = 0;
  for (const user of recipients) {
    const digest = renderDigest(
      portalName,
      todos.filter((t) => t.assignee_id === user.id),
      overSla.filter((m) => m.assignee_id === user.id),
    );
    const result = await db.transaction((tx) =>
      queueRenderedMessage(
        tx,
        jobs,
        {
          channel: 'email',
          to: user.email,
          ...digest,
          merchantId: null,
          idempotencyKey: `digest:${user.id}:${today}`,
          cause: { type: 'digest', id: user.id },
        },
        now,
      ),
    );
    if (result.duplicate) alreadyQueued += 1;
    else queued += 1;
  }
  return { queued, alreadyQueued, day: today };
}

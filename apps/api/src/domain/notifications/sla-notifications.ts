import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../reports/report-scope.ts';
import { notify } from './notify.ts';

/** "About to end": this share of a stage's SLA is left. */
export const SLA_WARNING_SHARE = 0.2;
/** Stage entries one check looks at per kind; the next minute's check takes the rest. */
export const SLA_CHECK_LIMIT = 500;
/** An SLA that ended longer ago than this is not news (the first check after an upgrade). */
const ENDED_NEWS_HOURS = 24;

type Due = {
  merchant_id: string;
  dba_name: string;
  assignee_id: string;
  stage_id: string;
  stage: string;
  key: string;
  ends_at: string;
};

/**
 * Merchants whose assignee has not been told yet that the stage's SLA is about to end (`soon`)
 * or has ended (`ended`). The key names the merchant, the stage and the stage entry, so a merchant
 * that re-enters a stage is news again and a check every minute tells nobody twice (the unique
 * index on user and key, which the NOT EXISTS reads).
 */
async function dueEntries(db: Db, now: Date, kind: 'soon' | 'ended') {
  const ends = sql`m.stage_entered_at + make_interval(hours => s.sla_hours)`;
  const window =
    kind === 'soon'
      ? sql`${ends} > ${now}::timestamptz AND ${ends} - make_interval(secs => s.sla_hours * 3600 * ${SLA_WARNING_SHARE}::float8) <= ${now}::timestamptz`
      : sql`${ends} <= ${now}::timestamptz AND ${ends} > ${now}::timestamptz - make_interval(hours => ${ENDED_NEWS_HOURS})`;
  return rowsOf<Due>(
    db,
    sql`SELECT * FROM (
          SELECT m.id AS merchant_id, m.dba_name, m.assigned_user_id AS assignee_id, s.id AS stage_id, s.name AS stage,
                 ${`sla-${kind}:`}::text || m.id || ':' || s.id || ':' || floor(extract(epoch FROM m.stage_entered_at) * 1000)::bigint AS key,
                 (${ends})::text AS ends_at
            FROM merchants m JOIN stages s ON s.id = m.stage_id
            JOIN users u ON u.id = m.assigned_user_id AND u.status = 'active' AND u.deleted_at IS NULL
           WHERE m.deleted_at IS NULL AND s.sla_hours IS NOT NULL AND ${window}) d
         WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = d.assignee_id AND n.dedupe_key = d.key)
           -- Someone who turned SLA notifications off would otherwise head every check's list.
           AND NOT EXISTS (SELECT 1 FROM notification_preferences p
                            WHERE p.user_id = d.assignee_id AND p.kind = 'sla' AND NOT p.in_app AND NOT p.email)
         ORDER BY d.ends_at LIMIT ${SLA_CHECK_LIMIT}`,
  );
}

/** Tells assignees about SLAs about to end and ended; one transaction per merchant. */
export async function notifySlaDeadlines(db: Db, now: Date) {
  let soon = 0;
  let ended = 0;
  for (const kind of ['soon', 'ended'] as const) {
    for (const due of await dueEntries(db, now, kind)) {
      const written = await db.transaction((tx) =>
        notify(tx as unknown as Db, [due.assignee_id], {
          kind: 'sla',
          title:
            kind === 'soon'
              ? `${due.dba_name}: the SLA of ${due.stage} is about to end`
              : `${due.dba_name}: the SLA of ${due.stage} has ended`,
          body: `${kind === 'soon' ? 'Ends' : 'Ended'} ${new Date(due.ends_at).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          merchantId: due.merchant_id,
          dedupeKey: due.key,
          at: now,
        }),
      );
      if (kind === 'soon') soon += written;
      else ended += written;
    }
  }
  return { slaSoon: soon, slaEnded: ended };
}

import { AUDIT_EXPORT_MAX_ROWS } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { csvResponse } from '../../lib/csv.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { AUDIT_CSV_HEADER, auditCsvFilename, auditCsvLine } from '../../domain/history/audit-csv.ts';
import * as routes from './audit.routes.ts';
import * as service from '../../domain/history/audit.service.ts';

export function registerAuditRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listAudit, async (c) => c.json(await service.listAudit(c.get('db'), c.req.valid('query')), 200));

  app.openapi(routes.exportAudit, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { sort: _sort, order, ...filters } = c.req.valid('query');
    const total = await service.countAudit(db, filters);
    const rows = Math.min(total, AUDIT_EXPORT_MAX_ROWS);
    // Reading the log is not audited row by row; taking a copy of it out is.
    await writeAudit(db, {
      action: 'audit.export',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'audit',
      changes: { filters, order, rows, truncated: total > rows },
      ip: caller.ip,
    });

    return csvResponse(c, {
      header: AUDIT_CSV_HEADER,
      batches: service.auditBatches(db, filters, { order, limit: AUDIT_EXPORT_MAX_ROWS }),
      line: auditCsvLine,
      filename: auditCsvFilename(caller.now),
      headers: { 'X-Total-Count': String(total), 'X-Export-Truncated': String(total > rows) },
      what: 'audit export',
    });
  });
}

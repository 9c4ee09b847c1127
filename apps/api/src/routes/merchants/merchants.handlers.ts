import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerMerchantRecordRoutes } from './merchant-record.handlers.ts';

/**
 * The merchant routes (issue 9; SPEC §7, DESIGN §3). Each part registers its own routes file:
 * the list and views, the record (get, create, update, delete, restore, stage, assignment, reveal),
 * owners, notes, documents, timeline, duplicates, bulk, export, drafts, and search.
 */
export function registerMerchantRoutes(app: OpenAPIHono<AppEnv>) {
  // After the list's literal GET paths (views, export.csv): GET /api/merchants/{id} would take them.
  registerMerchantRecordRoutes(app);
}

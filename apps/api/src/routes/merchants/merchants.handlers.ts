import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerMerchantDocumentRoutes } from './merchant-documents.handlers.ts';
import { registerMerchantListRoutes } from './merchant-list.handlers.ts';
import { registerMerchantNoteRoutes } from './merchant-notes.handlers.ts';
import { registerMerchantRecordRoutes } from './merchant-record.handlers.ts';
import { registerMerchantSearchRoutes } from './merchant-search.handlers.ts';

/**
 * The merchant routes. Each part registers its own routes file:
 * the list and views, the record (get, create, update, delete, restore, stage, assignment, reveal),
 * owners, notes, documents, timeline, duplicates, bulk, export, drafts, and search.
 */
export function registerMerchantRoutes(app: OpenAPIHono<AppEnv>) {
  // First: its literal paths (the views, export.csv) must not reach the /api/merchants/{id} routes.
  registerMerchantListRoutes(app);
  registerMerchantSearchRoutes(app);
  registerMerchantRecordRoutes(app);
  registerMerchantNoteRoutes(app);
  registerMerchantDocumentRoutes(app);
}

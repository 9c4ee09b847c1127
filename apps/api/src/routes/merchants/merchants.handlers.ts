import type { OpenAPIHono } from '@hono/zod-openapi';
import { merchantPathScope } from '../../lib/http/merchant-scope.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerMerchantBulkRoutes } from './merchant-bulk.handlers.ts';
import { registerMerchantDocumentRoutes } from './merchant-documents.handlers.ts';
import { registerMerchantDraftRoutes } from './merchant-drafts.handlers.ts';
import { registerMerchantDuplicateRoutes } from './merchant-duplicates.handlers.ts';
import { registerMerchantEventRoutes } from './merchant-events.handlers.ts';
import { registerMerchantListRoutes } from './merchant-list.handlers.ts';
import { registerMerchantNoteRoutes } from './merchant-notes.handlers.ts';
import { registerMerchantOwnerRoutes } from './merchant-owners.handlers.ts';
import { registerMerchantRecordRoutes } from './merchant-record.handlers.ts';
import { registerMerchantSearchRoutes } from './merchant-search.handlers.ts';

/**
 * The merchant routes. Each part registers its own routes file: the list and views, search, the
 * add form's drafts, duplicates, bulk, the record (get, create, update, delete, restore, stage,
 * assignment, reveal), owners, the timeline, notes and documents.
 */
export function registerMerchantRoutes(app: OpenAPIHono<AppEnv>) {
  // First, the literal paths (the views, export.csv, /duplicates, /bulk/…): they must not reach
  // the /api/merchants/{id} routes, which answer 400 to an id that is not a uuid.
  registerMerchantListRoutes(app);
  registerMerchantSearchRoutes(app);
  registerMerchantDraftRoutes(app);
  registerMerchantDuplicateRoutes(app);
  registerMerchantBulkRoutes(app);
  // One merchant and everything under it: outside the caller's merchants, 404 (decision 110).
  app.use('/api/merchants/:id', merchantPathScope);
  app.use('/api/merchants/:id/*', merchantPathScope);
  registerMerchantRecordRoutes(app);
  registerMerchantOwnerRoutes(app);
  registerMerchantEventRoutes(app);
  registerMerchantNoteRoutes(app);
  registerMerchantDocumentRoutes(app);
}

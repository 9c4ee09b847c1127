import { Readable } from 'node:stream';
import { isPreviewableMime } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { contentDisposition, fileNameForType } from '../../lib/documents/file-name.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import { streamedBody } from '../../lib/http/body-limit.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { uploadRequestOf } from '../../lib/http/upload-request.ts';
import { ProblemError } from '../../lib/problem.ts';
import {
  downloadDocumentRoute,
  listDocumentsRoute,
  removeDocumentRoute,
  uploadDocumentRoute,
} from './merchant-documents.routes.ts';
import { documentMaxBytes } from '../../domain/merchants/documents/document-intake.ts';
import {
  listDocuments,
  openDocument,
  removeDocument,
  uploadDocument,
} from '../../domain/merchants/documents/merchant-documents.service.ts';

/**
 * The preview's policy: the file is shown by the browser itself with nothing of ours around it,
 * no script and no plugins. Images are sandboxed outright. A sandboxed PDF would not render (the
 * browsers' PDF viewers refuse sandboxed documents), so a PDF gets no sandbox but may not load
 * anything, and it may be framed by our own page only (the preview dialog).
 */
const INLINE_IMAGE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";
const INLINE_PDF_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export function registerMerchantDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  // The upload counts the file's bytes against the documentMaxBytes setting as they stream in:
  // the app's 1 MB default body cap steps aside for this path (GET has no body anyway).
  app.use('/api/merchants/:id/documents', streamedBody());

  app.openapi(listDocumentsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    return c.json({ documents: await listDocuments(db, id), maxBytes: await documentMaxBytes(db) }, 200);
  });

  app.openapi(uploadDocumentRoute, async (c) => {
    const { id } = c.req.valid('param');
    const store = documentStoreOf(c.get('deps').config);
    const document = await uploadDocument(c.get('db'), callerOf(c), store, id, uploadRequestOf(c));
    return c.json(document, 201);
  });

  app.openapi(downloadDocumentRoute, async (c) => {
    const { id, docId } = c.req.valid('param');
    const inline = c.req.valid('query').inline === '1';
    const store = documentStoreOf(c.get('deps').config);
    const { document, content } = await openDocument(c.get('db'), store, id, docId);
    if (inline && !isPreviewableMime(document.mimeType)) {
      content.destroy();
      throw new ProblemError(400, 'Only images and PDF files can be shown in the browser. Download this one.');
    }
    const headers = new Headers({
      'Content-Type': document.mimeType,
      'Content-Length': String(document.sizeBytes),
      // Documents stored before names followed their type get the type's extension here too.
      'Content-Disposition': contentDisposition(
        inline ? 'inline' : 'attachment',
        fileNameForType(document.fileName, document.mimeType),
      ),
      'X-Content-Type-Options': 'nosniff',
    });
    if (inline) {
      headers.set(
        'Content-Security-Policy',
        document.mimeType === 'application/pdf' ? INLINE_PDF_CSP : INLINE_IMAGE_CSP,
      );
      headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
    return new Response(Readable.toWeb(content) as unknown as BodyInit, { status: 200, headers });
  });

  app.openapi(removeDocumentRoute, async (c) => {
    const { id, docId } = c.req.valid('param');
    await removeDocument(c.get('db'), callerOf(c), id, docId);
    return c.body(null, 204);
  });
}

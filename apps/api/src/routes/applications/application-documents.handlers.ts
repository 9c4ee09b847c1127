import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import * as documents from '../../domain/applications/application-documents.ts';
import type { AppEnv } from '../../lib/context.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import { streamedBody } from '../../lib/http/body-limit.ts';
import { uploadRequestOf } from '../../lib/http/upload-request.ts';
import { APPLY_COOKIE, applyContextOf } from './apply.handlers.ts';
import * as routes from './application-documents.routes.ts';

export function registerApplicationDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  // The upload counts the file's bytes against the documentMaxBytes setting as they stream in, as
  // the staff upload does: the app's 1 MB default body cap steps aside for this path only.
  app.use('/api/apply/:token/documents/:itemKey', streamedBody());

  app.openapi(routes.readApplicantChecklistRoute, async (c) => {
    const { token } = c.req.valid('param');
    const view = await documents.readApplicantChecklist(
      c.get('db'),
      applyContextOf(c),
      token,
      getCookie(c, APPLY_COOKIE),
    );
    return c.json(view, 200);
  });

  app.openapi(routes.uploadApplicantDocumentRoute, async (c) => {
    const { token, itemKey } = c.req.valid('param');
    const view = await documents.uploadChecklistFile(
      c.get('db'),
      applyContextOf(c),
      documentStoreOf(c.get('deps').config),
      { token, device: getCookie(c, APPLY_COOKIE) },
      itemKey,
      uploadRequestOf(c),
    );
    return c.json(view, 201);
  });

  app.openapi(routes.readMerchantChecklistRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await documents.readMerchantChecklist(c.get('db'), id), 200);
  });
}

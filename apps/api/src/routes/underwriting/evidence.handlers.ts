import type { OpenAPIHono } from '@hono/zod-openapi';
import { buildEvidencePack } from '../../domain/underwriting/evidence-pack.ts';
import type { AppEnv } from '../../lib/context.ts';
import { contentDisposition } from '../../lib/documents/file-name.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { evidencePackRoute } from './evidence.routes.ts';

/** The underwriting evidence pack (docs/decisions/111). */
export function registerEvidenceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(evidencePackRoute, async (c) => {
    const { id } = c.req.valid('param');
    const files = c.req.valid('query').files === '1';
    const store = documentStoreOf(c.get('deps').config);
    const pack = await buildEvidencePack(c.get('db'), callerOf(c), store, id, { files });
    const headers = new Headers({
      'Content-Type': 'application/zip',
      'Content-Length': String(pack.bytes.byteLength),
      'Content-Disposition': contentDisposition('attachment', pack.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    return new Response(pack.bytes as unknown as BodyInit, { status: 200, headers });
  });
}

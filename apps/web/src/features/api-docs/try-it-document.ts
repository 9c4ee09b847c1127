import type { OpenApiDocument } from '../../entities/openapi/api.ts';

/**
 * The document as the try-it panel should offer it: only the bearer token. Its calls leave the
 * session cookie behind (see api-docs-page.tsx), so the cookie scheme could never work there,
 * and a call without a token is refused (401) instead of acting as the signed-in user.
 */
export function tryItDocument(document: OpenApiDocument): OpenApiDocument {
  const { sessionCookie: _cookie, ...schemes } = document.components?.securitySchemes ?? {};
  return {
    ...document,
    security: (document.security ?? []).filter((requirement) => !('sessionCookie' in requirement)),
    components: { ...document.components, securitySchemes: schemes },
  };
}

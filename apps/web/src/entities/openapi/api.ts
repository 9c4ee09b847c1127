import { api } from '../../lib/api.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** The OpenAPI 3.1 document as the API serves it; only Swagger UI reads it. */
export type OpenApiDocument = {
  components?: { securitySchemes?: Record<string, unknown> } & Record<string, unknown>;
  security?: Array<Record<string, unknown>>;
} & Record<string, unknown>;

export const apiDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenApiDocument: build.query<OpenApiDocument, void>({ query: () => OPENAPI_PATH }),
  }),
});

export const { useGetOpenApiDocumentQuery } = apiDocsApi;

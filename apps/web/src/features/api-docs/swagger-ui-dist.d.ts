// swagger-ui-dist ships no types; the one entry point the API documentation page uses.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  type SwaggerRequest = { url: string; headers: Record<string, string>; credentials?: RequestCredentials };
  type SwaggerUIOptions = {
    domNode: HTMLElement;
    spec: object;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    displayRequestDuration?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
    onComplete?: () => void;
  };
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  // The bundle's real shape (module.exports = SwaggerUIBundle), which this declaration must mirror.
  // eslint-disable-next-line no-restricted-syntax
  export default SwaggerUIBundle;
}

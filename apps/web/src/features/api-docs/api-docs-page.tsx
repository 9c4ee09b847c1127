import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { OPENAPI_PATH, useGetOpenApiDocumentQuery } from '../../entities/openapi/api.ts';
import { labelSwaggerControls } from './label-swagger-controls.ts';
import { tryItDocument } from './try-it-document.ts';

/**
 * /api-docs: the OpenAPI document rendered by Swagger UI, bundled and served by Boardwalk itself
 * (nothing fetched from elsewhere; the CSP stays as it is). Its try-it calls carry only the token
 * typed into Authorize, never the session cookie: what a reader tries is what an integration
 * with that token would get (decision 035).
 */
export function ApiDocsPage() {
  const { data: document, isError, refetch } = useGetOpenApiDocumentQuery();
  const target = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState<'pending' | 'ready' | 'failed'>('pending');

  useEffect(() => {
    if (!document) return;
    let current = true;
    const stopLabelling = target.current ? labelSwaggerControls(target.current) : undefined;
    Promise.all([
      import('swagger-ui-dist/swagger-ui-es-bundle.js'),
      import('swagger-ui-dist/swagger-ui.css'),
      import('./swagger-ui-contrast.css'),
    ])
      .then(([{ default: SwaggerUIBundle }]) => {
        if (!current || !target.current) return;
        SwaggerUIBundle({
          domNode: target.current,
          spec: tryItDocument(document),
          deepLinking: false,
          docExpansion: 'none',
          defaultModelsExpandDepth: 0,
          displayRequestDuration: true,
          persistAuthorization: false,
          requestInterceptor: (request) => ({ ...request, credentials: 'omit' }),
          onComplete: () => current && setRendered('ready'),
        });
      })
      .catch(() => current && setRendered('failed'));
    return () => {
      current = false;
      stopLabelling?.();
    };
  }, [document]);

  const failed = isError || rendered === 'failed';
  return (
    <>
      <PageHeader
        title="API Documentation"
        subtitle="Every route of the Boardwalk API. To try a call, choose Authorize and paste an API token."
        actions={
          <Button href={OPENAPI_PATH} download="boardwalk-openapi.json" variant="outlined">
            Download OpenAPI document
          </Button>
        }
      />
      {failed && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          The API documentation could not be loaded.
        </Alert>
      )}
      {!failed && rendered === 'pending' && <PageSpinner label="Loading the API documentation" />}
      {/* Swagger UI draws in light colours only: it keeps a light surface in dark mode too. */}
      <Paper
        variant="outlined"
        ref={target}
        sx={{
          bgcolor: '#fff',
          color: '#3b4151',
          colorScheme: 'light',
          display: rendered === 'ready' ? 'block' : 'none',
        }}
      />
    </>
  );
}

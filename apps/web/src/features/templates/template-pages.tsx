import { useParams } from 'react-router';
import { Alert, Button, Skeleton } from '@mui/material';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { useGetTemplateQuery } from '../../entities/templates/api.ts';
import { TemplateEditor } from './template-editor.tsx';

/** /template/add */
export function TemplateAddPage() {
  return (
    <>
      <PageHeader title="Add Template" />
      <TemplateEditor record={undefined} />
    </>
  );
}

/** /template/edit/:id */
export function TemplateEditPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetTemplateQuery(id);
  return (
    <>
      <PageHeader title={data ? `Edit Template: ${data.name}` : 'Edit Template'} />
      {isLoading ? (
        <Skeleton variant="rectangular" height={480} />
      ) : data ? (
        <TemplateEditor key={data.id} record={data} />
      ) : (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
          The template could not be loaded. {errorMessage(error)}
        </Alert>
      )}
    </>
  );
}

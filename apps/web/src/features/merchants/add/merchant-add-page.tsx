import { Alert, Button, Skeleton, Stack } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { PageHeader } from '../../../components/data-table/page-header.tsx';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import { useDeleteMerchantDraftMutation, useGetMerchantDraftQuery } from '../../../entities/merchant-drafts/api.ts';
import { MerchantAddForm } from './merchant-add-form.tsx';
import { OpenDrafts } from './open-drafts.tsx';

/**
 * /merchant/add. `?draft=<id>` names the server draft being filled in, so a reload
 * or a reopened tab continues it; without it the page offers the user's open drafts.
 */
export function MerchantAddPage() {
  const [params, setParams] = useSearchParams();
  const draftParam = params.get('draft');
  // The draft this form instance created itself holds what is on screen: no need to load it.
  const [createdHere, setCreatedHere] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const [discarding, setDiscarding] = useState(false);
  const [removeDraft, removal] = useDeleteMerchantDraftMutation();
  const load = draftParam !== null && draftParam !== createdHere;
  const draft = useGetMerchantDraftQuery(draftParam ?? '', { skip: !load, refetchOnMountOrArgChange: true });

  const startNew = () => {
    setCreatedHere(undefined);
    setGeneration((g) => g + 1);
    setParams({}, { replace: true });
  };

  const discard = async () => {
    if (!draftParam) return;
    try {
      await removeDraft(draftParam).unwrap();
      notifySuccess('Draft discarded');
      setDiscarding(false);
      startNew();
    } catch (error) {
      notifyError(errorMessage(error, 'The draft could not be discarded.'));
    }
  };

  let body;
  if (load && (draft.isFetching || (!draft.data && !draft.error))) {
    body = <Skeleton variant="rectangular" height={420} aria-label="Loading the draft" />;
  } else if (load && !draft.data) {
    body = (
      <Alert severity="error" action={<Button onClick={startNew}>Start a new application</Button>}>
        {errorStatus(draft.error) === 404
          ? 'This draft no longer exists: it was saved as a merchant or discarded.'
          : `The draft could not be loaded. ${errorMessage(draft.error)}`}
      </Alert>
    );
  } else {
    const initial = load ? draft.data : undefined;
    body = (
      <MerchantAddForm
        key={initial ? `${initial.id}@${initial.updatedAt}` : `new-${generation}`}
        initial={initial}
        onDraftCreated={(id) => {
          setCreatedHere(id);
          setParams({ draft: id }, { replace: true });
        }}
        onReloadDraft={(id) => {
          // Loading it again mounts a new form with the other tab's version.
          if (id === createdHere) setCreatedHere(undefined);
          else void draft.refetch();
        }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Add Merchant"
        actions={
          draftParam ? (
            <Button color="error" onClick={() => setDiscarding(true)}>
              Discard draft
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={3}>
        {draftParam === null && <OpenDrafts onContinue={(id) => setParams({ draft: id })} />}
        {body}
      </Stack>
      <ConfirmDialog
        open={discarding}
        title="Discard this draft?"
        message="What was typed in this application is deleted."
        confirmLabel="Discard"
        busy={removal.isLoading}
        onConfirm={() => void discard()}
        onClose={() => setDiscarding(false)}
      />
    </>
  );
}

import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Grid, Skeleton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PIPELINES, type Pipeline, type Stage } from '@boardwalk/shared/schemas/stage';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../components/confirm/use-confirm-delete.ts';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import {
  useDeleteStageMutation,
  useListStagesQuery,
  useReorderStagesMutation,
  useUpdateStageMutation,
} from '../../entities/stages/api.ts';
import { PipelineStages } from './pipeline-stages.tsx';
import { StageFormDialog } from './stage-form-dialog.tsx';
import { applyOrder, groupByPipeline } from './stage-order.ts';

/** The actions editor is loaded when first opened: it stays out of the page's first load. */
const StageActionsDialog = lazy(() =>
  import('./actions/stage-actions-dialog.tsx').then((module) => ({ default: module.StageActionsDialog })),
);

/** Every stage is in allData (asked for: the API leaves it empty otherwise); the page is not used. */
const LIST_ARGS = { page: 0, pageSize: 1, sort: 'position', order: 'asc', allData: 'true' };

type DialogState = { record: Stage | undefined; pipeline: Pipeline } | undefined;

/** A pipeline's new order, shown at once, and whether it is still being saved. */
type PendingOrder = { ids: string[]; saving: boolean };
type PendingOrders = Partial<Record<Pipeline, PendingOrder>>;

/** The orders still being saved: data that arrives meanwhile was read before the save. */
const stillSaving = (pending: PendingOrders): PendingOrders =>
  Object.values(pending).every((order) => order?.saving)
    ? pending
    : Object.fromEntries(Object.entries(pending).filter(([, order]) => order?.saving));

/** /stage/list: the six pipelines' stages, reorderable, with the default entry stage marked. */
export function StageListPage() {
  const ability = useAppAbility();
  const query = useListStagesQuery(LIST_ARGS);
  const [reorder] = useReorderStagesMutation();
  const [update] = useUpdateStageMutation();
  const [remove] = useDeleteStageMutation();
  const [dialog, setDialog] = useState<DialogState>();
  const [actionsOf, setActionsOf] = useState<Stage>();
  // The new order shows at once; it gives way to the server's with the first data after its save
  // (the save's own refetch). Data that lands while it is saving (another change's refetch) was
  // read before it and would put the old order back for a moment.
  const [pending, setPending] = useState<PendingOrders>({});
  useEffect(() => setPending(stillSaving), [query.data]);
  const groups = useMemo(() => groupByPipeline(query.data?.allData ?? []), [query.data]);
  const deletion = useConfirmDelete<Stage>({
    remove: (stage) => remove(stage.id),
    describe: (stage) => `Stage ${stage.name}`,
  });

  const onReorder = async (pipeline: Pipeline, ids: string[]) => {
    const order = { ids, saving: true };
    setPending((current) => ({ ...current, [pipeline]: order }));
    const settle = (next: PendingOrder | undefined) =>
      setPending((current) => (current[pipeline] === order ? { ...current, [pipeline]: next } : current));
    try {
      await reorder({ pipeline, ids }).unwrap();
      settle({ ids, saving: false });
      notifySuccess('Stage order saved');
    } catch (error) {
      settle(undefined);
      notifyError(errorMessage(error, 'The new order could not be saved.'));
    }
  };
  const onMakeDefault = async (stage: Stage) => {
    try {
      await update({ id: stage.id, isDefault: true, updatedAt: stage.updatedAt }).unwrap();
      notifySuccess(`${stage.name} is now the default entry stage`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const canCreate = ability.can('create', 'stage');
  return (
    <>
      <PageHeader
        title="Stages"
        subtitle="Drag a stage, or use its arrows, to change its place in the pipeline."
        actions={
          <>
            {/* Decisions tied to stages and their reasons (docs/decisions/098). */}
            <Button component={RouterLink} to="/reason-code/list">
              Decision stages and reasons
            </Button>
            {/* The underwriting scorecard's versions (docs/decisions/103). */}
            <Button component={RouterLink} to="/scorecard/list">
              Scorecards
            </Button>
            {/* The sanctions lists merchants are screened against (docs/decisions/119). */}
            {ability.can('read', 'sanctions-list') && (
              <Button component={RouterLink} to="/sanctions-list/list">
                Sanctions lists
              </Button>
            )}
            {canCreate && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ record: undefined, pipeline: 'sales' })}
              >
                Add stage
              </Button>
            )}
          </>
        }
      />
      {query.isLoading ? (
        <Skeleton variant="rectangular" height={360} />
      ) : query.error && !query.data ? (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          Stages could not be loaded. {errorMessage(query.error)}
        </Alert>
      ) : (
        <Grid container spacing={3}>
          {PIPELINES.map((pipeline) => (
            <Grid key={pipeline} size={{ xs: 12, lg: 6 }}>
              <PipelineStages
                pipeline={pipeline}
                stages={applyOrder(groups[pipeline], pending[pipeline]?.ids)}
                canCreate={canCreate}
                canUpdate={ability.can('update', 'stage')}
                canDelete={ability.can('delete', 'stage')}
                onReorder={(p, ids) => void onReorder(p, ids)}
                onAdd={(p) => setDialog({ record: undefined, pipeline: p })}
                onEdit={(stage) => setDialog({ record: stage, pipeline: stage.pipeline })}
                onDelete={deletion.ask}
                onMakeDefault={(stage) => void onMakeDefault(stage)}
                onActions={setActionsOf}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {dialog && (
        <StageFormDialog record={dialog.record} pipeline={dialog.pipeline} onClose={() => setDialog(undefined)} />
      )}
      {actionsOf && (
        <Suspense fallback={null}>
          <StageActionsDialog stage={actionsOf} onClose={() => setActionsOf(undefined)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deletion.target !== undefined}
        title="Delete stage?"
        message={
          deletion.target
            ? `Stage “${deletion.target.name}” will be removed from the pipeline. Merchants already in it keep it.`
            : ''
        }
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      />
    </>
  );
}

import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, Stack } from '@mui/material';
import { merchantListQuerySchema } from '@boardwalk/shared/schemas/merchant';
import { useListUrlState } from '../../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../../components/data-table/page-header.tsx';
import { QuickSearch } from '../../../components/data-table/quick-search.tsx';
import { useAppAbility } from '../../../lib/ability.tsx';
import { ExportButton } from '../list/export-button.tsx';
import { MerchantFilters } from '../list/merchant-filters.tsx';
import { MERCHANT_FILTER_KEYS, merchantExportUrl } from '../list/merchant-query.ts';
import { VIEW_LABELS } from '../list/merchant-views.ts';
import { useMerchantLookups } from '../list/use-merchant-lookups.ts';
import { LayoutToggle, ViewSwitcher } from '../list/view-switcher.tsx';
import { MerchantBoard } from './merchant-board.tsx';
import { useStageMove } from './use-stage-move.ts';
import { ReasonDialog, useStageDecision } from '../decision/decision-reason.tsx';
import type { DecisionOutcome } from '@boardwalk/shared/schemas/underwriting';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import type { Pipeline, Stage } from '@boardwalk/shared/schemas/stage';

/** The board's filters: the list's, less the stage (a column each) and deleted (live merchants only). */
const BOARD_FILTER_KEYS = MERCHANT_FILTER_KEYS.filter((key) => key !== 'stageId' && key !== 'deleted');

/** /merchant/{pipeline}/board: the pipeline's Kanban board, with the list's search and filters. */
export function MerchantBoardPage({ pipeline }: { pipeline: Pipeline }) {
  const ability = useAppAbility();
  const [searchParams] = useSearchParams();
  const list = useListUrlState({ filterKeys: BOARD_FILTER_KEYS, querySchema: merchantListQuerySchema });
  const lookups = useMerchantLookups(pipeline);
  const move = useStageMove(pipeline);
  // A drop on a stage that carries a decision asks for the reason first (docs/decisions/098).
  const decisionOf = useStageDecision();
  const [asking, setAsking] = useState<{ merchant: Merchant; to: Stage; decision: DecisionOutcome }>();
  const drop = (merchant: Merchant, to: Stage) => {
    const decision = merchant.stageId === to.id ? null : decisionOf(to.id, pipeline);
    if (decision) setAsking({ merchant, to, decision });
    else void move(merchant, to);
  };
  // Search and filters only: each column pages and sorts on its own.
  const filters = useMemo(() => {
    const { q, filters: values } = list.state;
    return { ...(q ? { q } : {}), ...values };
  }, [list.state]);

  return (
    <>
      <PageHeader
        title={`${VIEW_LABELS[pipeline]} board`}
        actions={
          <>
            <LayoutToggle view={pipeline} layout="board" search={searchParams} />
            <ExportButton url={merchantExportUrl(pipeline, filters)} fileName={`merchants-${pipeline}.csv`} />
          </>
        }
      />
      <Stack spacing={2} sx={{ mb: 2 }}>
        <ViewSwitcher view={pipeline} layout="board" search={searchParams} />
      </Stack>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack spacing={2}>
            <QuickSearch label="Search merchants" value={list.state.q} onChange={list.setQuery} />
            <MerchantFilters
              values={list.state.filters}
              onChange={list.setFilter}
              lookups={lookups}
              showStage={false}
              showDeleted={false}
            />
          </Stack>
        </CardContent>
      </Card>
      <MerchantBoard
        pipeline={pipeline}
        stages={lookups.boardStages}
        filters={filters}
        canMove={ability.can('update', 'merchant')}
        onMove={drop}
      />
      {asking && (
        <ReasonDialog
          stageName={asking.to.name}
          decision={asking.decision}
          onCancel={() => setAsking(undefined)}
          onConfirm={(reason) => {
            setAsking(undefined);
            void move(asking.merchant, asking.to, reason);
          }}
        />
      )}
    </>
  );
}

import { PIPELINE_LABELS, PIPELINES, type Pipeline } from '@boardwalk/shared/schemas/stage';
import {
  DECISION_OUTCOME_LABELS,
  DECISION_OUTCOMES,
  type DecisionStage,
  type DecisionOutcome,
} from '@boardwalk/shared/schemas/underwriting';
import { Alert, Button, Card, CardActions, CardContent, CardHeader, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../components/form/notify.ts';
import { useStageOptionsQuery } from '../../entities/stages/api.ts';
import { useGetDecisionStagesQuery, usePutDecisionStagesMutation } from '../../entities/underwriting/api.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useAppAbility } from '../../lib/ability.tsx';

type Mapping = Partial<Record<Pipeline, Partial<Record<DecisionOutcome, string>>>>;

const toMapping = (lines: DecisionStage[]): Mapping => {
  const out: Mapping = {};
  for (const l of lines) out[l.pipeline] = { ...out[l.pipeline], [l.decision]: l.stageId };
  return out;
};
const toLines = (mapping: Mapping): DecisionStage[] =>
  PIPELINES.flatMap((pipeline) =>
    DECISION_OUTCOMES.flatMap((decision) => {
      const stageId = mapping[pipeline]?.[decision];
      return stageId ? [{ pipeline, decision, stageId }] : [];
    }),
  );

/** Per pipeline, the stage each decision moves a merchant to; a stage named here asks for a reason. */
export function DecisionStagesCard() {
  const { data } = useGetDecisionStagesQuery();
  const { data: stages = [] } = useStageOptionsQuery();
  const [save, { isLoading }] = usePutDecisionStagesMutation();
  const canEdit = useAppAbility().can('update', 'decision-stage');
  const [mapping, setMapping] = useState<Mapping>({});
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (data) setMapping(toMapping(data.mappings));
  }, [data]);
  const active = stages.filter((s) => s.isActive && s.deletedAt === null);
  const submit = async () => {
    setFailure(undefined);
    try {
      await save({ mappings: toLines(mapping) }).unwrap();
      notifySuccess('Decision stages saved');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Card>
      <CardHeader
        title="Decision stages"
        subheader="Recording a decision moves the merchant to the stage its pipeline names; moving a merchant into such a stage asks for the reason."
      />
      <CardContent>
        <Stack spacing={2}>
          {(['sales', 'underwriting', 'operations'] as const).map((pipeline) => (
            <Stack
              key={pipeline}
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              aria-label={PIPELINE_LABELS[pipeline]}
            >
              {DECISION_OUTCOMES.map((decision) => (
                <TextField
                  key={decision}
                  select
                  size="small"
                  disabled={!canEdit}
                  label={`${PIPELINE_LABELS[pipeline]}: ${DECISION_OUTCOME_LABELS[decision]}`}
                  value={mapping[pipeline]?.[decision] ?? ''}
                  onChange={(event) =>
                    setMapping((m) => ({ ...m, [pipeline]: { ...m[pipeline], [decision]: event.target.value } }))
                  }
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">No stage</MenuItem>
                  {active.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {`${PIPELINE_LABELS[s.pipeline]} · ${s.name}`}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
          ))}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </CardContent>
      {canEdit && (
        <CardActions>
          <Button variant="contained" loading={isLoading} onClick={() => void submit()}>
            Save decision stages
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

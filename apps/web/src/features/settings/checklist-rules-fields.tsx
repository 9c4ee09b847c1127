import { Grid, Typography } from '@mui/material';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';

/**
 * The document checklist's rules (docs/decisions/102): which documents a merchant's application
 * asks for. Each rule has its own switch; its number stays as set while it is off.
 */
/** `control` is the settings form's; the paths are those of the `documentChecklist` setting. */
export function ChecklistRulesFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const at = (path: string) => `documentChecklist.${path}` as FieldPath<T>;
  const half = { xs: 12, sm: 6 };
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        Application documents
      </Typography>
      <Grid container spacing={2}>
        <Grid size={half}>
          <FormSwitch
            control={control}
            name={at('ownerPhotoId.enabled')}
            label="A photo ID of every owner with a large share"
          />
        </Grid>
        <Grid size={half}>
          <FormTextField
            control={control}
            name={at('ownerPhotoId.minOwnershipPercent')}
            label="Owner's share needing a photo ID (%)"
            type="number"
            required
            helperText="Owners with this share or more"
          />
        </Grid>
        <Grid size={half}>
          <FormSwitch control={control} name={at('bankStatements.enabled')} label="Three months of bank statements" />
          <FormSwitch
            control={control}
            name={at('bankStatements.highRiskIndustries')}
            label="…for an industry of high risk"
          />
        </Grid>
        <Grid size={half}>
          <FormTextField
            control={control}
            name={at('bankStatements.volumeOver')}
            label="…or a monthly card volume over ($)"
            type="number"
            required
            helperText="As the merchant states it in the application"
          />
        </Grid>
        <Grid size={12}>
          <FormSwitch control={control} name={at('voidedCheck.enabled')} label="A voided check, always" />
        </Grid>
      </Grid>
    </>
  );
}

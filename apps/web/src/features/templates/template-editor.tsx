import { useNavigate, Link as RouterLink } from 'react-router';
import { Grid, Link, Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  createTemplateSchema,
  TEMPLATE_CHANNELS,
  TEMPLATE_CHANNEL_LABELS,
  TEMPLATE_DEFAULTS,
  type Template,
} from '@boardwalk/shared/schemas/template';
import { enumOptions } from '../../components/data-table/list-filters.tsx';
import { FormCard } from '../../components/form/form-card.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { NoMailServerNotice } from '../../entities/templates/mail-delivery-notice.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from '../../entities/templates/api.ts';
import { TemplatePreview } from './template-preview.tsx';

const CHANNEL_OPTIONS = enumOptions(TEMPLATE_CHANNELS, TEMPLATE_CHANNEL_LABELS);
const MONOSPACE = {
  fontFamily: '"JetBrains Mono", "SFMono-Regular", Consolas, "Liberation Mono", monospace',
  fontSize: 14,
  lineHeight: 1.5,
};

/** The template form beside its live preview; used by /template/add and /template/edit/:id. */
export function TemplateEditor({ record }: { record: Template | undefined }) {
  const navigate = useNavigate();
  const [create] = useCreateTemplateMutation();
  const [update] = useUpdateTemplateMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'template', recordId: record?.id },
    schema: createTemplateSchema,
    defaultValues: formValuesFrom(TEMPLATE_DEFAULTS, record),
    save: (values) =>
      (record ? update({ ...values, id: record.id, updatedAt: record.updatedAt }) : create(values)).unwrap(),
    successMessage: record ? 'Template saved' : 'Template added',
    onSaved: (saved) => {
      if (!record) void navigate(`/template/edit/${saved.id}`, { replace: true });
    },
  });
  const { control } = form;
  const [channel = 'email', subject = '', body = ''] = useWatch({ control, name: ['channel', 'subject', 'body'] });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <FormCard
          title={record ? 'Template' : 'New template'}
          {...formProps}
          submitLabel={record ? 'Save template' : 'Add template'}
          onCancel={() => navigate('/template/list')}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="name" label="Name" required autoFocus={!record} />
            <FormSelect
              control={control}
              name="channel"
              label="Channel"
              required
              options={CHANNEL_OPTIONS}
              sx={{ maxWidth: { sm: 180 } }}
            />
          </Stack>
          {channel === 'email' && <FormTextField control={control} name="subject" label="Subject" required />}
          <FormTextField
            control={control}
            name="body"
            label="Body"
            required
            multiline
            minRows={14}
            helperText={
              <>
                Liquid, with placeholders such as {'{{ merchant.dba_name }}'}. Blank lines start paragraphs and line
                breaks are kept; an empty placeholder is false in {'{% if %}'}.{' '}
                <Link component={RouterLink} to="/template/wiki" target="_blank" rel="noopener">
                  All placeholders
                </Link>
              </>
            }
            slotProps={{ htmlInput: { spellCheck: false, style: MONOSPACE } }}
          />
          <FormTextField
            control={control}
            name="description"
            label="Description"
            helperText="Where this template is used"
          />
          <FormSwitch control={control} name="isActive" label="Active" />
        </FormCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        {channel === 'email' && <NoMailServerNotice sx={{ mb: 2 }} />}
        <TemplatePreview channel={channel} subject={subject} body={body} />
      </Grid>
    </Grid>
  );
}

import { useMemo, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import type { TemplateChannel, TemplatePreviewInput, TemplatePreviewResult } from '@boardwalk/shared/schemas/template';
import { MerchantSearchField, type MerchantChoice } from '../../entities/search/merchant-search-field.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { usePreviewTemplateQuery } from '../../entities/templates/api.ts';
import { emailDocument } from './email-document.ts';
import { previewErrors, type PreviewError } from './preview-errors.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

export const PREVIEW_DEBOUNCE_MS = 400;

/** One SMS holds 160 characters; a longer message is split into parts of 153. */
const smsSegments = (length: number) => (length <= 160 ? 1 : Math.ceil(length / 153));

const FIELD_LABELS: Record<string, string> = { subject: 'Subject', body: 'Body' };

function ErrorLine({ error }: { error: PreviewError }) {
  const where = [
    FIELD_LABELS[error.field] ?? error.field,
    error.line !== undefined ? `line ${error.line}` : undefined,
    error.column !== undefined ? `column ${error.column}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Box component="li" sx={{ mb: 1 }}>
      <strong>{where}:</strong> {error.message}
      {error.excerpt !== undefined && (
        <Box
          component="pre"
          sx={{ m: 0, mt: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowX: 'auto' }}
        >
          <code>
            {`${error.line} | ${error.excerpt}`}
            {error.column !== undefined && `\n${' '.repeat(String(error.line).length + 3 + error.column - 1)}^`}
          </code>
        </Box>
      )}
    </Box>
  );
}

/** The placeholders the template uses that the chosen merchant has empty: they print nothing, and are false in an if. */
function EmptyPlaceholders({ merchant }: { merchant: NonNullable<TemplatePreviewResult['merchant']> }) {
  if (merchant.emptyPlaceholders.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>Empty for {merchant.dbaName}</AlertTitle>
      {merchant.emptyPlaceholders.map((path) => `{{ ${path} }}`).join(', ')}: these print nothing, and an {'{% if %}'}{' '}
      on them is false.
    </Alert>
  );
}

export type TemplatePreviewProps = { channel: TemplateChannel; subject: string; body: string };

/**
 * The template rendered as the user types, with the sample merchant or a real one they pick, exactly
 * as it is sent (the HTML and its text part); syntax errors with their line.
 */
export function TemplatePreview({ channel, subject, body }: TemplatePreviewProps) {
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const input = useMemo<TemplatePreviewInput>(
    () => ({
      ...(channel === 'email' ? { channel, subject, body } : { channel, body }),
      ...(merchant ? { merchantId: merchant.id } : {}),
    }),
    [channel, subject, body, merchant],
  );
  const settled = useDebouncedValue(input, PREVIEW_DEBOUNCE_MS);
  const skip = settled.body.trim() === '';
  const { currentData, error, isFetching } = usePreviewTemplateQuery(settled, { skip });
  const errors = error ? previewErrors(error, { subject: settled.subject, body: settled.body }) : [];

  return (
    <Card>
      <CardHeader
        title="Preview"
        subheader={
          merchant ? `Rendered with ${merchant.dbaName}, as it would be sent` : 'Rendered with a sample merchant'
        }
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      {isFetching ? <LinearProgress aria-label="Rendering preview" /> : <Box sx={{ height: 4 }} />}
      <CardContent>
        <Box sx={{ mb: 2 }}>
          <MerchantSearchField label="Preview with a merchant" value={merchant} onChange={setMerchant} />
        </Box>
        {currentData?.merchant && !error && (
          <Box sx={{ mb: 2 }}>
            <EmptyPlaceholders merchant={currentData.merchant} />
          </Box>
        )}
        {skip ? (
          <Typography color="text.secondary">Write the message to see a preview.</Typography>
        ) : error ? (
          <Alert severity="error">
            <AlertTitle>The template has errors</AlertTitle>
            {errors.length > 0 ? (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {errors.map((e, i) => (
                  <ErrorLine key={i} error={e} />
                ))}
              </Box>
            ) : (
              errorMessage(error)
            )}
          </Alert>
        ) : currentData?.channel === 'email' ? (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              Subject
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="preview-subject">
              {currentData.subject}
            </Typography>
            <Box
              component="iframe"
              title="Email preview"
              sandbox=""
              srcDoc={emailDocument(currentData.html)}
              sx={{
                width: '100%',
                minHeight: 360,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
            <Typography variant="body2" color="text.secondary">
              Plain-text part
            </Typography>
            <Box
              component="pre"
              data-testid="preview-text"
              sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', fontSize: 13 }}
            >
              {currentData.text}
            </Box>
          </Stack>
        ) : currentData?.channel === 'sms' ? (
          <Stack spacing={1}>
            <Box
              sx={{ p: 2, borderRadius: 3, bgcolor: 'action.selected', whiteSpace: 'pre-wrap', maxWidth: 360 }}
              data-testid="preview-sms"
            >
              {currentData.text}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {currentData.text.length} characters · {smsSegments(currentData.text.length)} SMS segment(s)
            </Typography>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

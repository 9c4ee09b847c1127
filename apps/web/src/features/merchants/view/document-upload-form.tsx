import { useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@boardwalk/shared/schemas/merchant';
import {
  claimedDocumentMime,
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES_SENTENCE,
  formatFileSize,
} from '@boardwalk/shared/schemas/merchant-files';
import { notifySuccess } from '../../../components/form/notify.ts';
import { appUpload, UploadError, type UploadProgress } from '../../../lib/http.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { documentsPath } from '../../../entities/merchants/notes-documents-api.ts';

/**
 * The Documents tab's upload: drag-and-drop or the file picker, a document type, a progress bar
 * (XMLHttpRequest through lib/http.ts appUpload) and Cancel. A file of a type the API refuses or
 * over the limit is refused before it is sent; the API's own refusal is shown as well.
 */

/** Why this file cannot be uploaded, found before sending it; null when it may be sent. */
export function fileRefusal(file: File, maxBytes: number | undefined): string | null {
  if (claimedDocumentMime(file.type, file.name) === null) {
    return `${file.name} cannot be uploaded: upload ${DOCUMENT_TYPES_SENTENCE}.`;
  }
  if (maxBytes !== undefined && file.size > maxBytes) {
    return `${file.name} is ${formatFileSize(file.size)}: files may be at most ${formatFileSize(maxBytes)}.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

type Upload = { file: File; progress: UploadProgress | null; abort: AbortController };

export type UploadFormProps = { merchantId: string; maxBytes: number | undefined; onUploaded: () => void };

export function UploadForm({ merchantId, maxBytes, onUploaded }: UploadFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<DocumentType>('other');
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const refusal = fileRefusal(chosen, maxBytes);
    setProblem(refusal);
    setFile(refusal ? null : chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!upload) choose(event.dataTransfer.files[0]);
  };

  const send = async () => {
    if (!file) return;
    const form = new FormData();
    form.set('type', type);
    form.set('file', file, file.name);
    const current: Upload = { file, progress: null, abort: new AbortController() };
    setUpload(current);
    setProblem(null);
    try {
      await appUpload(documentsPath(merchantId), form, {
        signal: current.abort.signal,
        reportProgress: (progress) => setUpload({ ...current, progress }),
      });
      notifySuccess(`${file.name} uploaded`);
      setFile(null);
      setType('other');
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (error) {
      const aborted = error instanceof UploadError && error.status === 'ABORTED';
      setProblem(aborted ? 'The upload was cancelled.' : errorMessage(error, `${file.name} could not be uploaded.`));
    } finally {
      setUpload(null);
    }
  };

  const percent = upload?.progress ? Math.round((upload.progress.loaded / upload.progress.total) * 100) : 0;
  return (
    <Stack spacing={1.5}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="document-drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          Drag a file here, or
        </Typography>
        <Button variant="outlined" component="label" disabled={!!upload}>
          Choose a file
          <input
            ref={input}
            hidden
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-label="Document file"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          {DOCUMENT_TYPES_SENTENCE}
          {maxBytes !== undefined ? `, at most ${formatFileSize(maxBytes)}` : ''}
        </Typography>
      </Box>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {file && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {file.name} ({formatFileSize(file.size)})
          </Typography>
          <TextField
            select
            size="small"
            label="Document type"
            value={type}
            onChange={(event) => setType(event.target.value as DocumentType)}
            disabled={!!upload}
            sx={{ minWidth: 200 }}
          >
            {DOCUMENT_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {DOCUMENT_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          {upload ? (
            <Button onClick={() => upload.abort.abort()}>Cancel</Button>
          ) : (
            <Button variant="contained" onClick={() => void send()}>
              Upload
            </Button>
          )}
        </Stack>
      )}
      {upload && (
        <Box>
          <LinearProgress
            variant={upload.progress ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={`Uploading ${upload.file.name}`}
          />
          <Typography variant="caption" color="text.secondary">
            {upload.progress ? `${percent}% of ${formatFileSize(upload.progress.total)}` : 'Starting…'}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

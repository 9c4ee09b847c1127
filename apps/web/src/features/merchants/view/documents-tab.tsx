import { useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentType,
  type MerchantDocument,
} from '@boardwalk/shared/schemas/merchant';
import {
  claimedDocumentMime,
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES_SENTENCE,
  formatFileSize,
  isPreviewableMime,
} from '@boardwalk/shared/schemas/merchant-files';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { notifySuccess } from '../../../components/form/notify.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { appUpload, UploadError, type UploadProgress } from '../../../lib/http.ts';
import { errorMessage } from '../../../lib/problem.ts';
import {
  documentsPath,
  documentUrl,
  useDeleteMerchantDocumentMutation,
  useListMerchantDocumentsQuery,
} from './notes-documents-api.ts';

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

type UploadFormProps = { merchantId: string; maxBytes: number | undefined; onUploaded: () => void };

function UploadForm({ merchantId, maxBytes, onUploaded }: UploadFormProps) {
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

function PreviewDialog({ document, onClose }: { document: MerchantDocument | null; onClose: () => void }) {
  const src = document ? documentUrl(document, true) : '';
  return (
    <Dialog open={document !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{document?.fileName}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', minHeight: 300 }}>
        {document?.mimeType === 'application/pdf' ? (
          <Box
            component="iframe"
            title={document.fileName}
            src={src}
            sx={{ width: '100%', height: '70vh', border: 0 }}
          />
        ) : document ? (
          <Box component="img" alt={document.fileName} src={src} sx={{ maxWidth: '100%', maxHeight: '70vh' }} />
        ) : null}
      </DialogContent>
      <DialogActions>
        {document && (
          <Button component="a" href={documentUrl(document)} download={document.fileName}>
            Download
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The Documents tab of /merchant/view/{id} (issue 9 §3): upload by drag-and-drop or the file
 * picker, with a type and a progress bar; the list with size, uploader and date; a preview of
 * images and PDFs, download, and delete with confirmation. A file of a type the API refuses or
 * over the size limit is refused here before it is sent, and the API's own refusal is shown too.
 */
export function DocumentsTab({ merchantId }: { merchantId: string }) {
  const { data, isLoading, error, refetch } = useListMerchantDocumentsQuery(merchantId);
  const [deleteDocument] = useDeleteMerchantDocumentMutation();
  const [preview, setPreview] = useState<MerchantDocument | null>(null);
  const confirm = useConfirmDelete<MerchantDocument>({
    remove: (document) => deleteDocument({ merchantId, documentId: document.id }),
    describe: (document) => document.fileName,
  });
  const documents = data?.documents ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <UploadForm merchantId={merchantId} maxBytes={data?.maxBytes} onUploaded={() => void refetch()} />
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(error, 'The documents could not be loaded.')}
          </Alert>
        ) : isLoading ? (
          <Typography color="text.secondary">Loading documents…</Typography>
        ) : documents.length === 0 ? (
          <Typography color="text.secondary">No documents yet.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Documents">
              <TableHead>
                <TableRow>
                  <TableCell>File</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell>Uploaded by</TableCell>
                  <TableCell>Uploaded</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {documents.map((document) => (
                  <TableRow key={document.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{document.fileName}</TableCell>
                    <TableCell>{DOCUMENT_TYPE_LABELS[document.type]}</TableCell>
                    <TableCell align="right">{formatFileSize(document.sizeBytes)}</TableCell>
                    <TableCell>{document.uploadedBy?.name ?? '—'}</TableCell>
                    <TableCell>{formatDateTime(document.createdAt)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {isPreviewableMime(document.mimeType) && (
                        <Button
                          size="small"
                          onClick={() => setPreview(document)}
                          aria-label={`Preview ${document.fileName}`}
                        >
                          Preview
                        </Button>
                      )}
                      <Button
                        size="small"
                        component="a"
                        href={documentUrl(document)}
                        download={document.fileName}
                        aria-label={`Download ${document.fileName}`}
                      >
                        Download
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => confirm.ask(document)}
                        aria-label={`Delete ${document.fileName}`}
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
      <PreviewDialog document={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        open={confirm.target !== undefined}
        title="Delete this document?"
        message={`${confirm.target?.fileName ?? 'The document'} is removed from the merchant. It stays in the audit log.`}
        busy={confirm.busy}
        onConfirm={() => void confirm.confirm()}
        onClose={confirm.cancel}
      />
    </Paper>
  );
}

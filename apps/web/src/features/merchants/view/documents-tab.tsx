import { useState } from 'react';
import { useDispatch } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DOCUMENT_TYPE_LABELS, type MerchantDocument } from '@boardwalk/shared/schemas/merchant';
import { formatFileSize, isPreviewableMime } from '@boardwalk/shared/schemas/merchant-files';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { api } from '../../../lib/api.ts';
import { DateTimeText } from '../../../components/date-time-text.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { UploadForm } from './document-upload-form.tsx';
import { events } from '../../../entities/merchants/api.ts';
import {
  documentUrl,
  useDeleteMerchantDocumentMutation,
  useListMerchantDocumentsQuery,
} from '../../../entities/merchants/notes-documents-api.ts';

function PreviewDialog({ document, onClose }: { document: MerchantDocument | null; onClose: () => void }) {
  const src = document ? documentUrl(document, true) : '';
  return (
    <Dialog open={document !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{document?.fileName}</DialogTitle>
      {/* Centred both ways: a stretched flex item would distort an image smaller than the box. */}
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 300 }}>
        {document?.mimeType === 'application/pdf' ? (
          <Box
            component="iframe"
            title={document.fileName}
            src={src}
            sx={{ width: '100%', height: '70vh', border: 0 }}
          />
        ) : document ? (
          <Box
            component="img"
            alt={document.fileName}
            src={src}
            sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
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
 * The Documents tab of /merchant/view/{id}: upload by drag-and-drop or the file
 * picker, with a type and a progress bar; the list with size, uploader and date; a preview of
 * images and PDFs, download, and delete with confirmation. A file of a type the API refuses or
 * over the size limit is refused here before it is sent, and the API's own refusal is shown too.
 */
export function DocumentsTab({ merchantId }: { merchantId: string }) {
  const { data, isLoading, error, refetch } = useListMerchantDocumentsQuery(merchantId);
  const dispatch = useDispatch();
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
        <UploadForm
          merchantId={merchantId}
          maxBytes={data?.maxBytes}
          onUploaded={() => {
            void refetch();
            dispatch(api.util.invalidateTags([events(merchantId)]));
          }}
        />
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
                    <TableCell>
                      <DateTimeText value={document.createdAt} />
                    </TableCell>
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

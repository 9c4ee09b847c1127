import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DOCUMENT_TYPE_LABELS, type MerchantDocument } from '@boardwalk/shared/schemas/merchant';
import { formatFileSize, isPreviewableMime } from '@boardwalk/shared/schemas/merchant-files';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { useBoundedPage, type BoundedListOptions } from '../../../components/data-table/bounded-list.ts';
import { dateTimeColumn } from '../../../components/data-table/cells.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { useListLocalState } from '../../../components/data-table/list-local-state.ts';
import { api } from '../../../lib/api.ts';
import { UploadForm } from './document-upload-form.tsx';
import { events } from '../../../entities/merchants/api.ts';
import {
  documentUrl,
  useDeleteMerchantDocumentMutation,
  useListMerchantDocumentsQuery,
} from '../../../entities/merchants/notes-documents-api.ts';

/** The API answers a merchant's documents whole: searched by name and type, sorted and paged here. */
const DOCUMENT_LIST: BoundedListOptions<MerchantDocument> = {
  searchText: (document) => `${document.fileName} ${DOCUMENT_TYPE_LABELS[document.type]}`,
  sortValue: (document, field) =>
    field === 'type'
      ? DOCUMENT_TYPE_LABELS[document.type]
      : field === 'uploadedBy'
        ? document.uploadedBy?.name
        : document[field as keyof MerchantDocument],
};

type DocumentActions = { preview: (document: MerchantDocument) => void; remove: (document: MerchantDocument) => void };

function documentColumns({ preview, remove }: DocumentActions): GridColDef<MerchantDocument>[] {
  return [
    { field: 'fileName', headerName: 'File', flex: 1, minWidth: 200 },
    {
      field: 'type',
      headerName: 'Type',
      width: 160,
      valueGetter: (_value, document) => DOCUMENT_TYPE_LABELS[document.type],
    },
    {
      field: 'sizeBytes',
      headerName: 'Size',
      type: 'number',
      width: 100,
      valueFormatter: (value: number) => formatFileSize(value),
    },
    {
      field: 'uploadedBy',
      headerName: 'Uploaded by',
      width: 160,
      valueGetter: (_value, document) => document.uploadedBy?.name ?? '—',
    },
    dateTimeColumn<MerchantDocument>('createdAt', 'Uploaded'),
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 130,
      getActions: ({ row }) => [
        ...(isPreviewableMime(row.mimeType)
          ? [
              <GridActionsCellItem
                key="preview"
                icon={<VisibilityIcon fontSize="small" />}
                label={`Preview ${row.fileName}`}
                onClick={() => preview(row)}
              />,
            ]
          : []),
        // A link, not a button: the browser downloads it as the file it is (its name, its bytes).
        <GridActionsCellItem
          key="download"
          icon={<DownloadIcon fontSize="small" />}
          label={`Download ${row.fileName}`}
          component="a"
          {...({ href: documentUrl(row), download: row.fileName } as object)}
        />,
        <GridActionsCellItem
          key="delete"
          icon={<DeleteOutlineIcon fontSize="small" />}
          label={`Delete ${row.fileName}`}
          onClick={() => remove(row)}
        />,
      ],
    },
  ];
}

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
  const { data, isFetching, error, refetch } = useListMerchantDocumentsQuery(merchantId);
  const dispatch = useDispatch();
  const [deleteDocument] = useDeleteMerchantDocumentMutation();
  const [preview, setPreview] = useState<MerchantDocument | null>(null);
  const confirm = useConfirmDelete<MerchantDocument>({
    remove: (document) => deleteDocument({ merchantId, documentId: document.id }),
    describe: (document) => document.fileName,
  });
  const documents = data?.documents;
  // A tab of the merchant's page: its page and search are not the page's history.
  const list = useListLocalState({ defaultPageSize: 10 });
  const shown = useBoundedPage(documents, list.state, DOCUMENT_LIST);
  const { ask } = confirm;
  const columns = useMemo(() => documentColumns({ preview: setPreview, remove: ask }), [ask]);
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
        {documents !== undefined && documents.length === 0 ? (
          <Typography color="text.secondary">No documents yet.</Typography>
        ) : (
          <DataTable<MerchantDocument>
            gridId="merchant-documents"
            // DataTable names the grid by the plural: "Documents".
            noun={{ singular: 'document', plural: 'documents' }}
            columns={columns}
            rows={shown.rows}
            total={shown.total}
            loading={isFetching}
            error={error}
            onRetry={() => void refetch()}
            list={list}
          />
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

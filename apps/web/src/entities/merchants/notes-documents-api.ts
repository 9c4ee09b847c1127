import type { MerchantDocument, Note } from '@boardwalk/shared/schemas/merchant';
import type { DocumentList } from '@boardwalk/shared/schemas/merchant-files';
import { api } from '../../lib/api.ts';
import { events } from './api.ts';

/**
 * The notes and documents tabs of /merchant/view/{id}. Their own tags, added here so
 * that the app's tag list stays as it is; a note or document written here refetches these and the
 * merchant's timeline (where it shows).
 */
const tagged = api.enhanceEndpoints({ addTagTypes: ['MerchantNote', 'MerchantDocument'] });

export const notesPath = (merchantId: string) => `/api/merchants/${merchantId}/notes`;
export const documentsPath = (merchantId: string) => `/api/merchants/${merchantId}/documents`;
export const documentUrl = (document: Pick<MerchantDocument, 'merchantId' | 'id'>, inline = false) =>
  `${documentsPath(document.merchantId)}/${document.id}/download${inline ? '?inline=1' : ''}`;

type NoteRef = { merchantId: string; noteId: string };

export const notesDocumentsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listMerchantNotes: build.query<{ notes: Note[] }, string>({
      query: (merchantId) => notesPath(merchantId),
      providesTags: (_result, _error, merchantId) => [{ type: 'MerchantNote', id: merchantId }],
    }),
    createMerchantNote: build.mutation<Note, { merchantId: string; body: string; mentions?: string[] }>({
      query: ({ merchantId, body, mentions }) => ({
        url: notesPath(merchantId),
        method: 'POST',
        body: mentions && mentions.length > 0 ? { body, mentions } : { body },
      }),
      invalidatesTags: (_result, _error, { merchantId }) => [
        { type: 'MerchantNote', id: merchantId },
        events(merchantId),
      ],
    }),
    updateMerchantNote: build.mutation<Note, NoteRef & { body: string; updatedAt: string; mentions?: string[] }>({
      // Without mentions the note keeps those it has (the API's rule).
      query: ({ merchantId, noteId, body, updatedAt, mentions }) => ({
        url: `${notesPath(merchantId)}/${noteId}`,
        method: 'PATCH',
        body: mentions ? { id: noteId, body, updatedAt, mentions } : { id: noteId, body, updatedAt },
      }),
      invalidatesTags: (_result, _error, { merchantId }) => [
        { type: 'MerchantNote', id: merchantId },
        events(merchantId),
      ],
    }),
    deleteMerchantNote: build.mutation<void, NoteRef>({
      query: ({ merchantId, noteId }) => ({ url: `${notesPath(merchantId)}/${noteId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { merchantId }) => [
        { type: 'MerchantNote', id: merchantId },
        events(merchantId),
      ],
    }),
    listMerchantDocuments: build.query<DocumentList, string>({
      query: (merchantId) => documentsPath(merchantId),
      providesTags: (_result, _error, merchantId) => [{ type: 'MerchantDocument', id: merchantId }],
    }),
    deleteMerchantDocument: build.mutation<void, { merchantId: string; documentId: string }>({
      query: ({ merchantId, documentId }) => ({ url: `${documentsPath(merchantId)}/${documentId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { merchantId }) => [
        { type: 'MerchantDocument', id: merchantId },
        events(merchantId),
      ],
    }),
  }),
});

export const {
  useListMerchantNotesQuery,
  useCreateMerchantNoteMutation,
  useUpdateMerchantNoteMutation,
  useDeleteMerchantNoteMutation,
  useListMerchantDocumentsQuery,
  useDeleteMerchantDocumentMutation,
} = notesDocumentsApi;

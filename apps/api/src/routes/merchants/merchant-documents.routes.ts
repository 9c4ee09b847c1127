import { DOCUMENT_TYPES, documentListSchema, documentSchema } from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { authResponses, idParams, documentedProblem, jsonResponse, problems } from '../../lib/http/openapi.ts';

const merchantParams = idParams;
const documentParams = idParams.extend({ docId: idParams.shape.id });
const notFound = documentedProblem('No such merchant (or a deleted one, for a write), or no such document on it');

export const UPLOAD_PATH = '/api/merchants/{id}/documents';

export const listDocumentsRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/documents',
  tags: ['merchants'],
  summary: "A merchant's documents, newest first",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: merchantParams },
  responses: {
    200: jsonResponse('The documents', documentListSchema),
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

/**
 * The multipart body is read by the handler as it streams (lib/documents/multipart-upload.ts),
 * so it is documented here but not declared as `request.body`: a declared form body would be
 * parsed (and buffered whole) by the validator before the size limit could act.
 */
export const uploadDocumentRoute = defineRoute({
  method: 'post',
  path: UPLOAD_PATH,
  tags: ['merchants'],
  summary:
    'Upload a document: multipart/form-data with `file` (PDF, PNG, JPEG, HEIC or an office file; its first bytes ' +
    'must match its type) and optionally `type` (' +
    DOCUMENT_TYPES.join(', ') +
    '). Larger than the documentMaxBytes setting → 413, read as it streams. Writes document_added on the timeline.',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: merchantParams },
  responses: {
    201: jsonResponse('The stored document (with its SHA-256)', documentSchema),
    ...problems(400),
    404: notFound,
    413: documentedProblem('The file is larger than the documentMaxBytes setting allows'),
    415: documentedProblem('Not an allowed type, or the content does not match the declared type'),
    ...authResponses,
  },
});

export const downloadDocumentRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/documents/{docId}/download',
  tags: ['merchants'],
  summary:
    'The file, with its stored content type, as an attachment. `?inline=1` (images and PDF only) shows it in the ' +
    'browser for the preview, sandboxed by its Content-Security-Policy.',
  ability: { action: 'read', subject: 'merchant' },
  request: {
    params: documentParams,
    query: z.object({ inline: z.enum(['0', '1']).optional() }),
  },
  responses: {
    200: {
      description: 'The bytes',
      // The stored content type of the document (PDF, PNG, JPEG, HEIC, office files).
      content: { '*/*': { schema: z.string().meta({ format: 'binary' }) } },
    },
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

export const removeDocumentRoute = defineRoute({
  method: 'delete',
  path: '/api/merchants/{id}/documents/{docId}',
  tags: ['merchants'],
  summary: 'Remove a document (soft; writes document_removed on the timeline)',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: documentParams },
  responses: {
    204: { description: 'Removed' },
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

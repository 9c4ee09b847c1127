import {
  MERCHANT_NOTE_SUBJECT,
  createNoteSchema,
  noteListSchema,
  noteSchema,
  updateNoteSchema,
} from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import {
  authResponses,
  idParams,
  documentedProblem,
  jsonBody,
  jsonResponse,
  problems,
} from '../../lib/http/openapi.ts';

const merchantParams = idParams;
const noteParams = idParams.extend({ noteId: idParams.shape.id });
const notFound = documentedProblem('No such merchant (or a deleted one, for a write), or no such note on it');

export const listNotesRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/notes',
  tags: ['merchants'],
  summary: "A merchant's notes, newest first, with their authors' names",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: merchantParams },
  responses: {
    200: jsonResponse('The notes', noteListSchema),
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

export const createNoteRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/notes',
  tags: ['merchants'],
  summary: 'Add a note (writes a note_added timeline entry and an audit row)',
  // Its own subject, so that an agent who sees their own merchants may add notes and change nothing else.
  ability: [
    { action: 'create', subject: MERCHANT_NOTE_SUBJECT },
    { action: 'read', subject: 'merchant' },
  ],
  request: { params: merchantParams, body: jsonBody(createNoteSchema) },
  responses: {
    201: jsonResponse('The note', noteSchema),
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

export const updateNoteRoute = defineRoute({
  method: 'patch',
  path: '/api/merchants/{id}/notes/{noteId}',
  tags: ['merchants'],
  summary: 'Edit a note: its author or an admin, with the updatedAt it was based on',
  ability: { action: 'update', subject: 'merchant' },
  writtenElsewhere: { deletedAt: 'DELETE /api/merchants/{id}/notes/{noteId}' },
  request: { params: noteParams, body: jsonBody(updateNoteSchema) },
  responses: {
    200: jsonResponse('The note', noteSchema),
    ...problems(400, 409, 428),
    404: notFound,
    ...authResponses,
  },
});

export const removeNoteRoute = defineRoute({
  method: 'delete',
  path: '/api/merchants/{id}/notes/{noteId}',
  tags: ['merchants'],
  summary: 'Remove a note (soft): its author or an admin',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: noteParams },
  responses: {
    204: { description: 'Removed' },
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

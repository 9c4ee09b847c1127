import { z } from 'zod';
import { ROLE_RANK, type Role } from '../roles.ts';
import { updateMetaShape } from './fields.ts';
import { createNoteSchema, DOCUMENT_MIME_TYPES, documentSchema, noteSchema } from './merchant.ts';

/**
 * Merchant notes and documents: what the API and the web tabs share beyond the
 * record schemas in merchant.ts.
 */

/** PATCH /api/merchants/{id}/notes/{noteId}: the new text and the updatedAt it was based on. */
export const updateNoteSchema = createNoteSchema.extend(updateMetaShape);
export type UpdateNoteInput = z.input<typeof updateNoteSchema>;

/** GET /api/merchants/{id}/notes: newest first. */
export const noteListSchema = z.object({ notes: z.array(noteSchema) });
/**
 * GET /api/merchants/{id}/documents: newest first, with the upload limit (the documentMaxBytes
 * setting), so the upload form can refuse a file that is too large before sending it.
 */
export const documentListSchema = z.object({ documents: z.array(documentSchema), maxBytes: z.number().int() });
export type DocumentList = z.infer<typeof documentListSchema>;

/**
 * Why `actor` may not edit or remove a note (null: allowed). The author may; so may an admin
 * (moderation). Staff cannot rewrite what a colleague wrote.
 */
export function noteChangeRefusal(actor: { id: string; role: Role }, authorId: string | null): string | null {
  if (actor.id === authorId) return null;
  if (ROLE_RANK[actor.role] >= ROLE_RANK.ROLE_ADMIN) return null;
  return 'Only the author or an admin may change this note.';
}

export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** Types a browser shows itself: `?inline=1` is allowed for these only (the preview). */
export const DOCUMENT_PREVIEW_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export function isPreviewableMime(mime: string): boolean {
  return (DOCUMENT_PREVIEW_MIME_TYPES as readonly string[]).includes(mime);
}

/** File name endings of the allowed types: what a picker accepts, and the type a browser that sent none meant. */
export const DOCUMENT_EXTENSIONS: Record<string, DocumentMimeType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  heic: 'image/heic',
  heif: 'image/heif',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/**
 * The allowed type a file claims: its declared type when that is allowed, else (a browser that
 * sent none or `application/octet-stream`, as some do for HEIC) the type its name ends with.
 * Null: not an allowed type.
 */
export function claimedDocumentMime(declared: string, fileName: string): DocumentMimeType | null {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if ((DOCUMENT_MIME_TYPES as readonly string[]).includes(type)) return type as DocumentMimeType;
  if (type !== '' && type !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return DOCUMENT_EXTENSIONS[extension] ?? null;
}

/** The picker's `accept` and the sentence naming what is allowed. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES, ...Object.keys(DOCUMENT_EXTENSIONS).map((e) => `.${e}`)].join(
  ',',
);
export const DOCUMENT_TYPES_SENTENCE = 'PDF, PNG, JPEG, HEIC, Word, Excel, PowerPoint or OpenDocument files';

/** "2.4 MB" for sizes and limits. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

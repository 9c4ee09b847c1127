import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { createNoteRoute, listNotesRoute, removeNoteRoute, updateNoteRoute } from './merchant-notes.routes.ts';
import { createNote, listNotes, removeNote, updateNote } from '../../domain/merchants/notes/merchant-notes.service.ts';

export function registerMerchantNoteRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listNotesRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ notes: await listNotes(c.get('db'), id) }, 200);
  });
  app.openapi(createNoteRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await createNote(c.get('db'), callerOf(c), id, c.req.valid('json')), 201);
  });
  app.openapi(updateNoteRoute, async (c) => {
    const { id, noteId } = c.req.valid('param');
    return c.json(await updateNote(c.get('db'), callerOf(c), id, noteId, c.req.valid('json')), 200);
  });
  app.openapi(removeNoteRoute, async (c) => {
    const { id, noteId } = c.req.valid('param');
    await removeNote(c.get('db'), callerOf(c), id, noteId);
    return c.body(null, 204);
  });
}

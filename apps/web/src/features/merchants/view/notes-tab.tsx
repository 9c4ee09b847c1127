import { useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { createNoteSchema, type Note } from '@boardwalk/shared/schemas/merchant';
import { noteChangeRefusal } from '@boardwalk/shared/schemas/merchant-files';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { DraftNotice } from '../../../components/form/draft-notice.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import { DateTimeText } from '../../../components/date-time-text.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useAppAbility } from '../../../lib/ability.tsx';
import { MERCHANT_NOTE_SUBJECT } from '@boardwalk/shared/ability';
import {
  useCreateMerchantNoteMutation,
  useDeleteMerchantNoteMutation,
  useListMerchantNotesQuery,
  useUpdateMerchantNoteMutation,
} from '../../../entities/merchants/notes-documents-api.ts';
import { mentionsIn, useNoteMentions, type MentionUser } from './note-mentions.tsx';

/** Ctrl+Enter (⌘+Enter on a Mac) in a note's text sends it. */
function submitOnCtrlEnter(submit: () => Promise<void>) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
}

/** The users picked with `@` while writing a note; a form's text setter for the autocomplete. */
function useMentionedUsers(setBody: (text: string) => void) {
  const [chosen, setChosen] = useState<MentionUser[]>([]);
  const mentions = useNoteMentions(setBody, (user) => setChosen((before) => [...before, user]));
  return { chosen, reset: () => setChosen([]), ...mentions };
}

function AddNoteForm({ merchantId }: { merchantId: string }) {
  const [createNote] = useCreateMerchantNoteMutation();
  const { form, onSubmit, submitting, draft } = useEntityForm({
    schema: createNoteSchema,
    defaultValues: { body: '' },
    save: (values) => createNote({ merchantId, body: values.body, mentions: mentionsIn(values.body, chosen) }).unwrap(),
    successMessage: 'Note added',
    onSaved: (_note, f) => {
      f.reset({ body: '' });
      reset();
    },
    draft: { id: 'merchant-note', recordId: merchantId },
  });
  const { chosen, reset, fieldProps, menu, onKeyDown } = useMentionedUsers((text) =>
    form.setValue('body', text, { shouldDirty: true }),
  );
  const submitKeys = submitOnCtrlEnter(onSubmit);
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={1}>
        <DraftNotice draft={draft} />
        <FormTextField
          control={form.control}
          name="body"
          label="Add a note"
          multiline
          minRows={3}
          helperText="Ctrl+Enter adds it; @ mentions a user, who is notified"
          {...fieldProps}
          onKeyDown={(event) => {
            if (!onKeyDown(event)) submitKeys(event);
          }}
        />
        {menu}
        <Box>
          <Button type="submit" variant="contained" loading={submitting}>
            Add note
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function EditNoteForm({ note, onDone }: { note: Note; onDone: () => void }) {
  const [updateNote] = useUpdateMerchantNoteMutation();
  const { form, onSubmit, submitting, rootError, draft } = useEntityForm({
    schema: createNoteSchema,
    defaultValues: { body: note.body },
    save: (values) => {
      const added = mentionsIn(values.body, chosen);
      return updateNote({
        merchantId: note.merchantId,
        noteId: note.id,
        body: values.body,
        updatedAt: note.updatedAt,
        // Only when the edit mentions someone new: the note keeps its earlier mentions.
        ...(added.length > 0 ? { mentions: [...new Set([...(note.mentions ?? []), ...added])] } : {}),
      }).unwrap();
    },
    successMessage: 'Note saved',
    onSaved: onDone,
    draft: { id: 'merchant-note-edit', recordId: note.id },
  });
  const { chosen, fieldProps, menu, onKeyDown } = useMentionedUsers((text) =>
    form.setValue('body', text, { shouldDirty: true }),
  );
  const submitKeys = submitOnCtrlEnter(onSubmit);
  const cancel = () => {
    draft.discard();
    onDone();
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={1}>
        <DraftNotice draft={draft} />
        {rootError && <Alert severity="error">{rootError}</Alert>}
        <FormTextField
          control={form.control}
          name="body"
          label="Note"
          multiline
          minRows={2}
          autoFocus
          helperText="Ctrl+Enter saves it; @ mentions a user"
          {...fieldProps}
          onKeyDown={(event) => {
            if (!onKeyDown(event)) submitKeys(event);
          }}
        />
        {menu}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small" loading={submitting}>
            Save
          </Button>
          <Button size="small" onClick={cancel} disabled={submitting}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function NoteItem({ note, mayChange, onDelete }: { note: Note; mayChange: boolean; onDelete: (note: Note) => void }) {
  const [editing, setEditing] = useState(false);
  const edited = note.updatedAt !== note.createdAt;
  return (
    <Box component="li" aria-label={`Note by ${note.author?.name ?? 'unknown'}`} sx={{ listStyle: 'none', py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{note.author?.name ?? 'Unknown user'}</Typography>
        <Typography variant="caption" color="text.secondary">
          <DateTimeText value={note.createdAt} />
          {edited ? ' · edited' : ''}
        </Typography>
        {mayChange && !editing && (
          <Box sx={{ ml: 'auto' }}>
            <Button size="small" onClick={() => setEditing(true)} aria-label="Edit note">
              Edit
            </Button>
            <Button size="small" color="error" onClick={() => onDelete(note)} aria-label="Delete note">
              Delete
            </Button>
          </Box>
        )}
      </Stack>
      {editing ? (
        <Box sx={{ mt: 1 }}>
          <EditNoteForm note={note} onDone={() => setEditing(false)} />
        </Box>
      ) : (
        <NoteBody body={note.body} />
      )}
    </Box>
  );
}

/** Past this many characters or lines a note shows its beginning, with Show more. */
const NOTE_PREVIEW = { chars: 400, lines: 6 } as const;

/** The beginning of a long note: its first lines, cut at a word within the character budget. */
export function notePreview(body: string): string | null {
  const lines = body.split('\n');
  if (body.length <= NOTE_PREVIEW.chars && lines.length <= NOTE_PREVIEW.lines) return null;
  const head = lines.slice(0, NOTE_PREVIEW.lines).join('\n').slice(0, NOTE_PREVIEW.chars);
  const cut = head.length === NOTE_PREVIEW.chars ? head.slice(0, Math.max(head.lastIndexOf(' '), 1)) : head;
  return `${cut.trimEnd()}…`;
}

function NoteBody({ body }: { body: string }) {
  const [expanded, setExpanded] = useState(false);
  const preview = notePreview(body);
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
        {preview && !expanded ? preview : body}
      </Typography>
      {preview && (
        <Button size="small" sx={{ px: 0.5, mt: 0.5 }} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}

/**
 * The Notes tab of /merchant/view/{id}: add a note (Ctrl+Enter sends it; what is
 * typed is kept as a draft), newest first, edit and delete one's own (an admin any).
 */
export function NotesTab({ merchantId }: { merchantId: string }) {
  const { data, isLoading, error, refetch } = useListMerchantNotesQuery(merchantId);
  const [deleteNote] = useDeleteMerchantNoteMutation();
  const user = useSession().data?.user;
  // An agent who sees their own merchants adds notes but changes none (decision 110).
  const ability = useAppAbility();
  const mayAdd = ability.can('create', MERCHANT_NOTE_SUBJECT);
  const mayUpdate = ability.can('update', 'merchant');
  const confirm = useConfirmDelete<Note>({
    remove: (note) => deleteNote({ merchantId, noteId: note.id }),
    describe: () => 'Note',
  });
  const notes = data?.notes ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        {mayAdd && <AddNoteForm merchantId={merchantId} />}
        {mayAdd && <Divider />}
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(error, 'The notes could not be loaded.')}
          </Alert>
        ) : isLoading ? (
          <Typography color="text.secondary">Loading notes…</Typography>
        ) : notes.length === 0 ? (
          <Typography color="text.secondary">No notes yet.</Typography>
        ) : (
          <Box component="ul" aria-label="Notes" sx={{ m: 0, p: 0 }}>
            {notes.map((note) => (
              <NoteItem
                key={note.id}
                note={note}
                mayChange={mayUpdate && !!user && noteChangeRefusal(user, note.author?.id ?? null) === null}
                onDelete={confirm.ask}
              />
            ))}
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={confirm.target !== undefined}
        title="Delete this note?"
        message="The note is removed from the merchant. It stays in the audit log."
        busy={confirm.busy}
        onConfirm={() => void confirm.confirm()}
        onClose={confirm.cancel}
      />
    </Paper>
  );
}

import { Button, Card, CardHeader, List, ListItem, ListItemText, Stack } from '@mui/material';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { MerchantDraft } from '@boardwalk/shared/schemas/merchant';
import { useDeleteMerchantDraftMutation, useListMerchantDraftsQuery } from '../../../entities/merchant-drafts/api.ts';

const describe = (draft: MerchantDraft) => `Draft ${draft.title || 'without a name'}`;

/** The user's half-filled applications, to continue or discard (shown when no draft is open). */
export function OpenDrafts({ onContinue }: { onContinue: (id: string) => void }) {
  const { data: drafts } = useListMerchantDraftsQuery();
  const [remove] = useDeleteMerchantDraftMutation();
  const deletion = useConfirmDelete<MerchantDraft>({ remove: (draft) => remove(draft.id), describe });
  if (!drafts || drafts.length === 0) return null;
  return (
    <Card component="section" aria-label="My open applications">
      <CardHeader title="My open applications" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <List dense>
        {drafts.map((draft) => (
          <ListItem
            key={draft.id}
            secondaryAction={
              <Stack direction="row" spacing={1}>
                <Button onClick={() => onContinue(draft.id)} aria-label={`Continue ${draft.title || 'draft'}`}>
                  Continue
                </Button>
                <Button
                  color="error"
                  onClick={() => deletion.ask(draft)}
                  aria-label={`Discard ${draft.title || 'draft'}`}
                >
                  Discard
                </Button>
              </Stack>
            }
          >
            <ListItemText
              primary={draft.title || 'Application without a DBA name yet'}
              secondary={`Last changed ${formatDateTime(draft.updatedAt)}`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deletion.target !== undefined}
        title="Discard this draft?"
        message={`${deletion.target?.title || 'The application'} and what was typed in it are deleted.`}
        confirmLabel="Discard"
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      />
    </Card>
  );
}

import type { ApplicationSigner } from '@boardwalk/shared/schemas/application-signing';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { DateTimeText } from '../../../components/date-time-text.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { showToast } from '../../../lib/toast-queue.ts';
import { useGetApplicationSigningQuery, useSendSignerLinkMutation } from '../../../entities/applications/api.ts';
import { documentUrl } from '../../../entities/merchants/notes-documents-api.ts';

type Props = { merchantId: string; requestId: string; editable: boolean };

function signerState(signer: ApplicationSigner): { label: string; color: 'success' | 'warning' | 'default' } {
  if (signer.signed) return { label: 'Signed', color: 'success' };
  if (signer.stale) return { label: 'Signed before a change: must sign again', color: 'warning' };
  return { label: 'Pending', color: 'default' };
}

/**
 * Who signs a submitted application and who has (docs/decisions/107): a pending signer's own
 * link can be emailed again (confirmed first), and the signed PDF opens once all have signed.
 */
export function ApplicationSigners({ merchantId, requestId, editable }: Props) {
  const ref = { merchantId, requestId };
  const { data, isLoading, error } = useGetApplicationSigningQuery(ref);
  const [send, sending] = useSendSignerLinkMutation();
  const [asked, setAsked] = useState<ApplicationSigner | null>(null);

  if (isLoading) return <Skeleton variant="rectangular" height={80} aria-label="Loading the signers" />;
  if (error) return <Alert severity="error">The signers could not be loaded. {errorMessage(error)}</Alert>;
  const signers = data?.signers ?? [];

  const confirm = async () => {
    if (!asked) return;
    try {
      await send({ ...ref, signerId: asked.id }).unwrap();
      showToast({ message: `Link sent to ${asked.name}`, variant: 'success' });
      setAsked(null);
    } catch (e) {
      showToast({ message: errorMessage(e), variant: 'error' });
    }
  };

  return (
    <Box component="section" aria-labelledby="application-signers" sx={{ mt: 2 }}>
      <Typography id="application-signers" component="h3" variant="subtitle1">
        Signers
      </Typography>
      {signers.length === 0 ? (
        <Typography color="text.secondary">No signers yet.</Typography>
      ) : (
        <List dense disablePadding>
          {signers.map((signer) => {
            const state = signerState(signer);
            return (
              <ListItem
                key={signer.id}
                disableGutters
                secondaryAction={
                  editable && !signer.signed ? (
                    <Button size="small" onClick={() => setAsked(signer)} aria-label={`Send link to ${signer.name}`}>
                      Send link
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{signer.name}</span>
                      <Chip size="small" label={state.label} color={state.color} />
                    </Stack>
                  }
                  secondary={
                    <>
                      {signer.email}
                      {signer.signedAt && (
                        <>
                          {' · signed '}
                          <DateTimeText value={signer.signedAt} />
                        </>
                      )}
                      {!signer.signed && signer.linkSentAt && (
                        <>
                          {' · link sent '}
                          <DateTimeText value={signer.linkSentAt} />
                        </>
                      )}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {data?.signedDocumentId && (
        <Button
          component="a"
          href={documentUrl({ merchantId, id: data.signedDocumentId })}
          variant="outlined"
          sx={{ mt: 1 }}
        >
          Signed application (PDF)
        </Button>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Send the signing link?"
        message={`We email ${asked?.name ?? ''} their own link to sign, at ${asked?.email ?? ''}.`}
        confirmLabel="Send"
        busy={sending.isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setAsked(null)}
      />
    </Box>
  );
}

import type { MerchantEvent } from '@boardwalk/shared/schemas/merchant';
import { Alert, Box, Button, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppAbility } from '../../../lib/ability.tsx';
import { DateTimeText } from '../../../components/date-time-text.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { changeLines, eventSentence } from './event-text.ts';
import { useMerchantEventsQuery } from '../../../entities/merchants/api.ts';

export const TIMELINE_PAGE_SIZE = 25;

/** One page of the timeline; pages are separate requests, so "Load more" leaves the others as they are. */
/** An email event's way to the message: the emails log, filtered to this merchant (for those who may read logs). */
function MessageLink({ event }: { event: MerchantEvent }) {
  const ability = useAppAbility();
  if (event.type !== 'email' || !event.data.messageId || !ability.can('read', 'log')) return null;
  return (
    <Link
      component={RouterLink}
      to={`/history/emails?merchantId=${event.merchantId}`}
      variant="body2"
      sx={{ display: 'block' }}
    >
      Open in the emails log
    </Link>
  );
}

function TimelinePage({ merchantId, page }: { merchantId: string; page: number }) {
  const { data, error, isLoading, refetch } = useMerchantEventsQuery({
    id: merchantId,
    page,
    pageSize: TIMELINE_PAGE_SIZE,
  });
  if (isLoading) return <Skeleton height={64} />;
  if (!data) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
        The timeline could not be loaded. {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <>
      {data.events.map((event) => (
        <ListItem key={event.id} divider alignItems="flex-start" disableGutters>
          <ListItemText
            primary={eventSentence(event)}
            secondary={
              <>
                <Typography component="span" variant="body2" color="text.secondary">
                  <DateTimeText value={event.at} />
                </Typography>
                {event.data.excerpt && (
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                    “{event.data.excerpt}”
                  </Typography>
                )}
                {event.data.note && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                    Note: {event.data.note}
                  </Typography>
                )}
                <MessageLink event={event} />
                {changeLines(event).map((line) => (
                  <Typography key={line} component="span" variant="body2" sx={{ display: 'block' }}>
                    {line}
                  </Typography>
                ))}
              </>
            }
          />
        </ListItem>
      ))}
    </>
  );
}

/** The merchant's timeline, newest first, 25 at a time with "Load more". */
export function TimelineTab({ merchantId }: { merchantId: string }) {
  const [pages, setPages] = useState(1);
  const first = useMerchantEventsQuery({ id: merchantId, page: 0, pageSize: TIMELINE_PAGE_SIZE });
  const total = first.data?.total ?? 0;
  return (
    <Stack spacing={1}>
      {first.data && total === 0 && <Typography color="text.secondary">Nothing has happened yet.</Typography>}
      <List aria-label="Timeline">
        {Array.from({ length: pages }, (_, page) => (
          <TimelinePage key={page} merchantId={merchantId} page={page} />
        ))}
      </List>
      {pages * TIMELINE_PAGE_SIZE < total && (
        <Box>
          <Button onClick={() => setPages((p) => p + 1)}>Load more</Button>
        </Box>
      )}
    </Stack>
  );
}

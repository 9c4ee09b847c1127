import { DUPLICATE_REASON_TEXT } from '@boardwalk/shared/schemas/merchant';
import { Alert, Button, Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import { useMerchantDuplicatesQuery } from '../../../entities/merchants/api.ts';

/** Merchants sharing this one's tax id, bank account, or DBA name and phone. */
export function DuplicatesTab({ merchantId }: { merchantId: string }) {
  const { data, error, isLoading, refetch } = useMerchantDuplicatesQuery(merchantId);
  if (isLoading) return <Skeleton height={64} />;
  if (!data && errorStatus(error) === 429) {
    // Compared on a tax id or bank account, this list is a lookup that spends the reveal budget.
    return (
      <Alert severity="info" action={<Button onClick={() => void refetch()}>Check again</Button>}>
        Not checked for duplicates just now: you have looked up or revealed many sensitive values in the last few
        minutes. Check again in a few minutes.
      </Alert>
    );
  }
  if (!data) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
        The possible duplicates could not be loaded. {errorMessage(error)}
      </Alert>
    );
  }
  if (data.length === 0) return <Typography color="text.secondary">No possible duplicates.</Typography>;
  return (
    <List aria-label="Possible duplicates">
      {data.map((d) => (
        <ListItem key={d.id} divider disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={`/merchant/view/${d.id}`}>
                {d.dbaName}
              </Link>
            }
            secondary={`${d.stage.name}${d.deleted ? ' (deleted)' : ''} — ${d.reasons.map((r) => DUPLICATE_REASON_TEXT[r]).join(', ')}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

import type { ChecklistItem } from '@boardwalk/shared/schemas/application';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useGetApplicationChecklistQuery } from '../../../entities/applications/api.ts';
import { errorMessage } from '../../../lib/problem.ts';

/**
 * The documents the merchant's application asks for (docs/decisions/102) and whether each was
 * uploaded through the link: from the latest request's answers, else from the record. The files
 * themselves are on the Documents tab.
 */
export function ApplicationChecklistPanel({ merchantId }: { merchantId: string }) {
  const { data, isLoading, error } = useGetApplicationChecklistQuery(merchantId);
  if (isLoading) return <Skeleton variant="rectangular" height={120} aria-label="Loading the document checklist" />;
  if (error) return <Alert severity="error">The document checklist could not be loaded. {errorMessage(error)}</Alert>;
  const items = data?.items ?? [];
  const missing = items.filter((i) => i.state === 'missing').length;
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader
        title="Document checklist"
        subheader={
          items.length === 0
            ? undefined
            : missing === 0
              ? 'Everything uploaded'
              : `${missing} of ${items.length} missing`
        }
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {items.length === 0 ? (
          <Typography>The checklist rules ask no documents of this merchant.</Typography>
        ) : (
          <List dense disablePadding aria-label="Document checklist">
            {items.map((item) => (
              <ChecklistRow key={item.key} item={item} />
            ))}
          </List>
        )}
        {!data?.requestId && items.length > 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No application request yet: the merchant uploads these through the link.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function ChecklistRow({ item }: { item: ChecklistItem }) {
  const uploaded = item.state === 'uploaded';
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Chip size="small" label={uploaded ? 'Uploaded' : 'Missing'} color={uploaded ? 'success' : 'warning'} />
      }
    >
      <ListItemText
        primary={item.label}
        secondary={uploaded ? item.files.map((f) => f.fileName).join(', ') : item.hint}
      />
    </ListItem>
  );
}

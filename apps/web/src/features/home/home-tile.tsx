import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A tile of /home: a titled card that shows skeleton lines while loading and a sentence when empty. */
export function HomeTile({
  title,
  loading,
  empty,
  children,
  id,
}: {
  title: string;
  loading: boolean;
  /** Shown instead of the content when set (nothing to list). */
  empty?: string | null;
  children?: ReactNode;
  id: string;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {loading ? (
          <Stack spacing={1} aria-label={`Loading ${title}`} role="status">
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="60%" />
          </Stack>
        ) : empty ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

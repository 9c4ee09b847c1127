import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { primaryTextColour } from '../../lib/theme/accessible-colours.ts';

/**
 * Grey placeholder lines while a tile loads. Plain boxes rather than MUI's Skeleton, Stack and
 * Link: each of those is a chunk of its own on the first load of /home, which has no room for
 * them under its transfer ceiling (scripts/check-spa-budgets.ts; decision 030).
 */
function SkeletonLines({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', gap: 1 }}>
      {['100%', '100%', '60%'].map((width, i) => (
        <Box
          key={i}
          className="home-skeleton"
          sx={{ height: '1.1em', width, borderRadius: 1, bgcolor: 'action.hover' }}
        />
      ))}
    </Box>
  );
}

/** A router link in the primary colour at text contrast (as the theme's MuiLink). */
export function TileLink({ to, children, variant }: { to: string; children: ReactNode; variant?: 'body2' }) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      variant={variant ?? 'body1'}
      sx={{
        color: (theme) => primaryTextColour(theme),
        textDecoration: 'none',
        '&:hover, &:focus-visible': { textDecoration: 'underline' },
      }}
    >
      {children}
    </Typography>
  );
}

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
          <SkeletonLines label={`Loading ${title}`} />
        ) : empty ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

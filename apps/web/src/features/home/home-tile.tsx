import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { primaryTextColour } from '../../lib/theme/accessible-colours.ts';

/**
 * One row of a tile's list (a line of body text and its padding), the unit in which a tile
 * reserves its height: the skeleton, the empty sentence and the first rows of content all take
 * the same height, so an answer arriving does not move what is below the tile (layout shift on a
 * phone screen; decision 049).
 */
export const TILE_ROW_PX = 32;

/** A grey bar standing in for one line of text, the height of that line. */
export function SkeletonBar({ width = '100%', height = '1.5em' }: { width?: string; height?: string }) {
  return <Box className="home-skeleton" sx={{ height, width, borderRadius: 1, bgcolor: 'action.hover' }} />;
}

/**
 * Grey placeholder lines while a tile loads, one per reserved row. Plain boxes rather than MUI's
 * Skeleton, Stack and Link: each of those is a chunk of its own on the first load of /home, which
 * has no room for them under its transfer ceiling (scripts/check-spa-budgets.ts; decision 030).
 */
function SkeletonLines({ label, rows }: { label: string; rows: number }) {
  return (
    <Box role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Box key={i} sx={{ height: TILE_ROW_PX, py: 0.5 }}>
          <SkeletonBar width={i === rows - 1 ? '60%' : '100%'} height="100%" />
        </Box>
      ))}
    </Box>
  );
}

/**
 * A router link in the primary colour at text contrast (as the theme's MuiLink). `inText`: the
 * link sits inside a sentence, so it is underlined, not told apart by its colour alone (WCAG
 * 1.4.1, axe's link-in-text-block); a link that is a row of its own is underlined on hover.
 */
export function TileLink({
  to,
  children,
  variant,
  inText = false,
}: {
  to: string;
  children: ReactNode;
  variant?: 'body2';
  inText?: boolean;
}) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      variant={variant ?? 'body1'}
      sx={{
        color: (theme) => primaryTextColour(theme),
        textDecoration: inText ? 'underline' : 'none',
        '&:hover, &:focus-visible': { textDecoration: 'underline' },
      }}
    >
      {children}
    </Typography>
  );
}

/**
 * A tile of /home: a titled card that shows skeleton lines while loading and a sentence when
 * empty, both in the height of `rows` rows, which the content takes at least too.
 */
export function HomeTile({
  title,
  loading,
  empty,
  children,
  id,
  rows = 5,
}: {
  title: string;
  loading: boolean;
  /** Shown instead of the content when set (nothing to list). */
  empty?: string | null;
  children?: ReactNode;
  id: string;
  /** The height the tile keeps whatever its answer, in rows of TILE_ROW_PX. */
  rows?: number;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Box sx={{ minHeight: rows * TILE_ROW_PX }}>
          {loading ? (
            <SkeletonLines label={`Loading ${title}`} rows={rows} />
          ) : empty ? (
            <Typography color="text.secondary">{empty}</Typography>
          ) : (
            children
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

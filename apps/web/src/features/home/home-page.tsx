import { memo, Suspense, useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { AfterFirstCommit } from '../../components/after-first-commit.tsx';
import type { ComponentType } from 'react';
import { roleLabel } from '../../lib/role-label.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { ActivityTile, KpiTile, MyStagesTile, OverSlaTile } from './desk-tiles.tsx';
import { useHomeSummary } from './home-api.ts';

function greetingFor(hour: number) {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * The greeting card, the page's largest paint. Memoised, as the tiles are: the desk's and the
 * todos' answers re-render /home at the default priority, and it does not change with them.
 */
const Greeting = memo(function Greeting({ name, role }: { name: string; role: string | undefined }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {greetingFor(new Date().getHours())}, {name}!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your desk: your merchants, what is over its SLA, and what happened lately.
        </Typography>
        {role ? <Chip label={roleLabel(role)} color="primary" variant="outlined" size="small" /> : null}
      </CardContent>
    </Card>
  );
});

/**
 * A tile another feature puts at the top of /home (the app shell passes them in:
 * app/home-tiles.tsx), with the height it keeps while it loads: an empty card of that height
 * holds its place until its code arrives, so the tiles below it do not move (decision 049).
 */
export type HomeTileEntry = { key: string; Tile: ComponentType; minHeight: number };

/** /home: the signed-in user's desk, with other features' tiles (my todos) first. */
export function HomePage({ leadingTiles = [] }: { leadingTiles?: readonly HomeTileEntry[] }) {
  const { data } = useSession();
  const user = data?.user;
  const name = user?.name || user?.email || '';
  const summary = useHomeSummary();
  // The desk's answer is rendered at transition priority, in slices: it arrives through the
  // store's synchronous subscription, and rendering the four tiles in that task was one of the
  // long tasks of /home's first load (decision 058). The skeletons stay until it is ready.
  const desk = useDeferredValue(summary.data);
  const tile = { data: desk, loading: summary.isLoading || desk !== summary.data };
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Greeting name={name} role={user?.role} />
      {/* The tiles come one commit after the greeting, the page's largest paint (decision 063). */}
      <AfterFirstCommit>
        {leadingTiles.map(({ key, Tile, minHeight }) => (
          // A tile may be lazy: it appears when it arrives, the desk does not wait for it.
          <Suspense key={key} fallback={<Card aria-hidden sx={{ minHeight }} />}>
            <Tile />
          </Suspense>
        ))}
        {summary.isError ? (
          <Typography color="error" role="alert">
            The desk could not be loaded. Reload the page to try again.
          </Typography>
        ) : null}
        <KpiTile {...tile} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
          <MyStagesTile {...tile} />
          <OverSlaTile {...tile} />
          <ActivityTile {...tile} />
        </Box>
      </AfterFirstCommit>
    </Box>
  );
}

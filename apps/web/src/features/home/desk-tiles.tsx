import type { HomeKpi, HomeSummary } from '@boardwalk/shared/schemas/home';
import { PIPELINE_LABELS } from '@boardwalk/shared/schemas/stage';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format-date.ts';
import { localDay, merchantLink, myStageLink, overSlaLink } from './home-links.ts';
import { HomeTile } from './home-tile.tsx';

type TileProps = { data: HomeSummary | undefined; loading: boolean };

const stageName = (s: { pipeline: keyof typeof PIPELINE_LABELS; name: string }) =>
  `${PIPELINE_LABELS[s.pipeline]} · ${s.name}`;

function CountRow({ href, label, count }: { href: string; label: string; count: number }) {
  return (
    <ListItem
      disableGutters
      sx={{ py: 0.25 }}
      secondaryAction={<Typography sx={{ fontWeight: 600 }}>{count}</Typography>}
    >
      <Link component={RouterLink} to={href} underline="hover">
        {label}
      </Link>
    </ListItem>
  );
}

export function MyStagesTile({ data, loading }: TileProps) {
  const rows = data?.myStages ?? [];
  return (
    <HomeTile
      id="home-my-stages"
      title="My merchants by stage"
      loading={loading}
      empty={rows.length === 0 ? 'No merchant is assigned to you yet. Merchants you are assigned show up here.' : null}
    >
      <List dense disablePadding>
        {rows.map((s) => (
          <CountRow key={s.stageId} href={myStageLink(s)} label={stageName(s)} count={s.count} />
        ))}
      </List>
    </HomeTile>
  );
}

export function OverSlaTile({ data, loading }: TileProps) {
  const mine = data?.overSlaMine ?? [];
  const all = data?.overSlaAll ?? null;
  const nothing = mine.length === 0 && (all === null || all.length === 0);
  return (
    <HomeTile
      id="home-over-sla"
      title="Over their stage's SLA"
      loading={loading}
      empty={nothing ? 'No merchant is over its stage’s SLA. Well done.' : null}
    >
      <Typography variant="subtitle2" component="h3">
        Mine
      </Typography>
      {mine.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          None of yours.
        </Typography>
      ) : (
        <List dense disablePadding>
          {mine.map((s) => (
            <CountRow
              key={s.stageId}
              href={overSlaLink(s, true)}
              label={`${stageName(s)} (${s.slaHours} h)`}
              count={s.count}
            />
          ))}
        </List>
      )}
      {all !== null ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
            Everyone's
          </Typography>
          {all.length === 0 ? (
            <Typography color="text.secondary" variant="body2">
              None.
            </Typography>
          ) : (
            <List dense disablePadding>
              {all.map((s) => (
                <CountRow
                  key={s.stageId}
                  href={overSlaLink(s, false)}
                  label={`${stageName(s)} (${s.slaHours} h)`}
                  count={s.count}
                />
              ))}
            </List>
          )}
        </>
      ) : null}
    </HomeTile>
  );
}

const EVENT_WORDS: Record<string, string> = {
  created: 'added',
  updated: 'changed',
  stage_changed: 'moved to another stage',
  assigned: 'reassigned',
  owner_added: 'owner added',
  owner_updated: 'owner changed',
  owner_removed: 'owner removed',
  note_added: 'note added',
  document_added: 'document uploaded',
  document_removed: 'document removed',
  deleted: 'deleted',
  restored: 'restored',
  email: 'email sent',
  automation: 'automation ran',
};

export function ActivityTile({ data, loading }: TileProps) {
  const rows = data?.recentActivity ?? [];
  return (
    <HomeTile
      id="home-activity"
      title="Recent activity on my merchants"
      loading={loading}
      empty={rows.length === 0 ? 'Nothing has happened on your merchants yet.' : null}
    >
      <List dense disablePadding>
        {rows.map((a) => (
          <ListItem key={a.id} disableGutters sx={{ py: 0.25 }}>
            <ListItemText
              primary={
                <>
                  <Link component={RouterLink} to={merchantLink(a.merchantId)} underline="hover">
                    {a.dbaName}
                  </Link>{' '}
                  {EVENT_WORDS[a.type] ?? a.type}
                </>
              }
              secondary={`${a.actorName ?? 'The system'} · ${formatDateTime(a.at)}`}
            />
          </ListItem>
        ))}
      </List>
    </HomeTile>
  );
}

/** "+3 vs the 30 days before", "no change", or nothing to compare with. */
export function trendText(kpi: HomeKpi, unit = ''): string {
  if (kpi.current === null || kpi.previous === null) return 'Nothing to compare with';
  const diff = kpi.current - kpi.previous;
  if (Math.abs(diff) < 0.05) return 'No change on the 30 days before';
  const shown = Number.isInteger(diff) ? String(Math.abs(diff)) : Math.abs(diff).toFixed(1);
  return `${diff > 0 ? 'Up' : 'Down'} ${shown}${unit} on the 30 days before`;
}

function Kpi({
  label,
  kpi,
  href,
  unit = '',
  digits = 0,
}: {
  label: string;
  kpi: HomeKpi;
  href: string;
  unit?: string;
  digits?: number;
}) {
  return (
    <Box>
      <Link component={RouterLink} to={href} underline="hover" variant="body2">
        {label}
      </Link>
      <Typography variant="h5" component="p">
        {kpi.current === null ? '—' : `${kpi.current.toFixed(digits)}${unit}`}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {trendText(kpi, unit)}
      </Typography>
    </Box>
  );
}

export function KpiTile({ data, loading }: TileProps) {
  const k = data?.kpis;
  const since = k ? localDay(k.currentStart) : '';
  return (
    <HomeTile id="home-kpis" title="Last 30 days, all merchants" loading={loading || !k}>
      {k ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Kpi label="New applications" kpi={k.newApplications} href={`/merchant/all?createdFrom=${since}`} />
          <Kpi label="Approvals" kpi={k.approvals} href="/merchant/all?decision=approved" />
          <Kpi label="Go-lives" kpi={k.goLives} href="/merchant/operations" />
          <Kpi
            label="Median days to approve"
            kpi={k.medianDaysToApprove}
            href={`/report?preset=custom&from=${since}&to=${localDay(new Date().toISOString())}`}
            unit=" d"
            digits={1}
          />
        </Box>
      ) : null}
    </HomeTile>
  );
}

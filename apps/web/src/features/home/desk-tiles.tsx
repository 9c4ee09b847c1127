import type { HomeKpi, HomeSummary } from '@boardwalk/shared/schemas/home';
import Box from '@mui/material/Box';
import { memo, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/format-date.ts';
import { localDay, merchantLink, myStageLink, overSlaLink } from './home-links.ts';
import { HomeTile, SkeletonBar, TileLink } from './home-tile.tsx';

/**
 * A tile's props: the desk's answer and whether it is still loading. The tiles are memoised: the
 * store's answer first re-renders /home at the default priority with the tiles' props unchanged
 * (the answer is deferred), and the skeletons need not render again in that task (decision 063).
 */
type TileProps = { data: HomeSummary | undefined; loading: boolean };

/**
 * "Sales · Lead". The pipeline's label is its name capitalised (as PIPELINE_LABELS has it): the
 * shared labels module and the date formatter would each be one more file on the first load of
 * /home, which sits at its transfer ceiling (decision 030).
 */
const stageName = (s: { pipeline: string; name: string }) =>
  `${s.pipeline.charAt(0).toUpperCase()}${s.pipeline.slice(1)} · ${s.name}`;
const when = (iso: string) => formatDateTime(iso);

function CountRow({ href, label, count }: { href: string; label: string; count: number }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <TileLink to={href}>{label}</TileLink>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {count}
      </Typography>
    </Box>
  );
}

/** A plain list: MUI's List would add a chunk to the first load of /home. */
function Rows({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

export const MyStagesTile = memo(function MyStagesTile({ data, loading }: TileProps) {
  const rows = data?.myStages ?? [];
  return (
    <HomeTile
      id="home-my-stages"
      title="My merchants by stage"
      loading={loading}
      empty={rows.length === 0 ? 'No merchant is assigned to you yet. Merchants you are assigned show up here.' : null}
    >
      <Rows>
        {rows.map((s) => (
          <CountRow key={s.stageId} href={myStageLink(s)} label={stageName(s)} count={s.count} />
        ))}
      </Rows>
    </HomeTile>
  );
});

export const OverSlaTile = memo(function OverSlaTile({ data, loading }: TileProps) {
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
        <Rows>
          {mine.map((s) => (
            <CountRow
              key={s.stageId}
              href={overSlaLink(s, true)}
              label={`${stageName(s)} (${s.slaHours} h)`}
              count={s.count}
            />
          ))}
        </Rows>
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
            <Rows>
              {all.map((s) => (
                <CountRow
                  key={s.stageId}
                  href={overSlaLink(s, false)}
                  label={`${stageName(s)} (${s.slaHours} h)`}
                  count={s.count}
                />
              ))}
            </Rows>
          )}
        </>
      ) : null}
    </HomeTile>
  );
});

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

/** An email event in words: a message only logged (no mail server) is not "sent" (decision 082). */
function messageWords(message: NonNullable<HomeSummary['recentActivity'][number]['message']>): string {
  const what = message.channel === 'sms' ? 'SMS' : 'email';
  const how = { queued: 'queued', sent: 'sent', logged: 'logged only, not sent', failed: 'not sent' }[message.outcome];
  return `${what} ${how}`;
}

export const ActivityTile = memo(function ActivityTile({ data, loading }: TileProps) {
  const rows = data?.recentActivity ?? [];
  return (
    <HomeTile
      id="home-activity"
      title="Recent activity on my merchants"
      loading={loading}
      empty={rows.length === 0 ? 'Nothing has happened on your merchants yet.' : null}
    >
      <Rows>
        {rows.map((a) => (
          <Box component="li" key={a.id} sx={{ py: 0.5 }}>
            <Typography>
              <TileLink to={merchantLink(a.merchantId)} inText>
                {a.dbaName}
              </TileLink>{' '}
              {a.message ? messageWords(a.message) : (EVENT_WORDS[a.type] ?? a.type)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${a.actorName ?? 'The system'} · ${when(a.at)}`}
            </Typography>
          </Box>
        ))}
      </Rows>
    </HomeTile>
  );
});

/** "+3 vs the 30 days before", "no change", or nothing to compare with. */
export function trendText(kpi: HomeKpi, unit = ''): string {
  if (kpi.current === null || kpi.previous === null) return 'Nothing to compare with';
  const diff = kpi.current - kpi.previous;
  if (Math.abs(diff) < 0.05) return 'No change on the 30 days before';
  const shown = Number.isInteger(diff) ? String(Math.abs(diff)) : Math.abs(diff).toFixed(1);
  return `${diff > 0 ? 'Up' : 'Down'} ${shown}${unit} on the 30 days before`;
}

/** A trend line is at most two lines of caption; it keeps both, so the tile's height does not depend on it. */
const TREND_HEIGHT = 'calc(2 * 1.66 * 0.75rem)';

/**
 * One figure. While the desk loads it keeps its shape: the label (fixed text), a bar the height
 * of the figure and one the height of the trend, so the tile does not change size on arrival.
 */
function Kpi({
  label,
  kpi,
  href,
  unit = '',
  digits = 0,
}: {
  label: string;
  kpi: HomeKpi | undefined;
  href: string | undefined;
  unit?: string;
  digits?: number;
}) {
  return (
    <Box>
      {href ? (
        <TileLink to={href} variant="body2">
          {label}
        </TileLink>
      ) : (
        // Inline, as the link is: the same line box, so the same height.
        <Typography variant="body2" component="span">
          {label}
        </Typography>
      )}
      {kpi ? (
        <>
          <Typography variant="h5" component="p">
            {kpi.current === null ? '—' : `${kpi.current.toFixed(digits)}${unit}`}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ minHeight: TREND_HEIGHT }}>
            {trendText(kpi, unit)}
          </Typography>
        </>
      ) : (
        <>
          <Box sx={{ height: 'calc(1.5rem * 1.334)', py: 0.5 }}>
            <SkeletonBar width="40%" height="100%" />
          </Box>
          <Box sx={{ height: TREND_HEIGHT, py: 0.25 }}>
            <SkeletonBar width="80%" height="100%" />
          </Box>
        </>
      )}
    </Box>
  );
}

export const KpiTile = memo(function KpiTile({ data, loading }: TileProps) {
  const k = loading ? undefined : data?.kpis;
  const since = k ? localDay(k.currentStart) : '';
  const link = (href: string) => (k ? href : undefined);
  return (
    // Not HomeTile's skeleton lines: the four figures keep their place while they load.
    <HomeTile id="home-kpis" title="Last 30 days, all merchants" loading={false} rows={0}>
      <Box
        role={k ? undefined : 'status'}
        aria-label={k ? undefined : 'Loading Last 30 days, all merchants'}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Kpi label="New applications" kpi={k?.newApplications} href={link(`/merchant/all?createdFrom=${since}`)} />
        <Kpi label="Approvals" kpi={k?.approvals} href={link('/merchant/all?decision=approved')} />
        <Kpi label="Go-lives" kpi={k?.goLives} href={link('/merchant/operations')} />
        <Kpi
          label="Median days to approve"
          kpi={k?.medianDaysToApprove}
          href={link(`/report?preset=custom&from=${since}&to=${localDay(new Date().toISOString())}`)}
          unit=" d"
          digits={1}
        />
      </Box>
    </HomeTile>
  );
});

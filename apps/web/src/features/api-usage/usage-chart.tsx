import type { ApiUsagePoint } from '@boardwalk/shared';
import { Box, Stack, Typography, useTheme, type Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useMemo } from 'react';
import { formatDateTime, formatDayHour } from '../../lib/format-date.ts';

type Line = { key: string; label: string; colour: string; values: number[] };

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/**
 * Requests and errors over time per token, as a small SVG line chart with the
 * same numbers in a visually hidden table for screen readers (docs/decisions/034 says why not
 * a chart library). At most the six busiest tokens get a line; the rest are summed.
 */
export function UsageChart({ series }: { series: ApiUsagePoint[] }) {
  const theme = useTheme();
  const { buckets, lines, max } = useMemo(() => chartData(series, theme.palette), [series, theme.palette]);
  if (buckets.length === 0) {
    return <Typography color="text.secondary">No requests in this range.</Typography>;
  }
  const x = (i: number) =>
    PAD.left +
    (buckets.length === 1
      ? (WIDTH - PAD.left - PAD.right) / 2
      : (i * (WIDTH - PAD.left - PAD.right)) / (buckets.length - 1));
  const y = (v: number) => PAD.top + (1 - v / max) * (HEIGHT - PAD.top - PAD.bottom);
  const tick = (bucket: string) => formatDayHour(bucket);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Requests and errors over time per token"
        sx={{ width: '100%', maxHeight: 260, display: 'block' }}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke={theme.palette.divider} />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
          {max}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
          0
        </text>
        <text x={x(0)} y={HEIGHT - 8} fontSize="11" fill={theme.palette.text.secondary}>
          {tick(buckets[0]!)}
        </text>
        {buckets.length > 1 && (
          <text
            x={x(buckets.length - 1)}
            y={HEIGHT - 8}
            textAnchor="end"
            fontSize="11"
            fill={theme.palette.text.secondary}
          >
            {tick(buckets[buckets.length - 1]!)}
          </text>
        )}
        {lines.map((line) => (
          <g key={line.key}>
            <polyline
              fill="none"
              stroke={line.colour}
              strokeWidth={2}
              strokeDasharray={line.key.endsWith(':errors') ? '4 3' : undefined}
              points={line.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
            />
            {line.values.length === 1 && <circle cx={x(0)} cy={y(line.values[0]!)} r={3} fill={line.colour} />}
          </g>
        ))}
      </Box>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mt: 1 }} aria-hidden>
        {lines.map((line) => (
          <Stack key={line.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 14,
                height: 0,
                borderTop: `2px ${line.key.endsWith(':errors') ? 'dashed' : 'solid'} ${line.colour}`,
              }}
            />
            <Typography variant="caption">{line.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box component="table" sx={visuallyHidden}>
        <caption>Requests and errors per time bucket and token</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {lines.map((line) => (
              <th key={line.key} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket, i) => (
            <tr key={bucket}>
              <th scope="row">{formatDateTime(bucket)}</th>
              {lines.map((line) => (
                <td key={line.key}>{line.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

const MAX_TOKENS = 6;

function chartData(series: ApiUsagePoint[], palette: Theme['palette']) {
  const buckets = [...new Set(series.map((p) => p.bucket))].sort();
  const index = new Map(buckets.map((b, i) => [b, i]));
  const totals = new Map<string, { label: string; total: number }>();
  for (const p of series) {
    const key = p.tokenId ?? 'session';
    const entry = totals.get(key) ?? { label: p.tokenName ?? (p.tokenId ? 'Token' : 'Sessions'), total: 0 };
    entry.total += p.requests;
    totals.set(key, entry);
  }
  const top = [...totals.entries()].sort((a, b) => b[1].total - a[1].total).slice(0, MAX_TOKENS);
  const keep = new Set(top.map(([key]) => key));
  const colours = [
    palette.primary.main,
    palette.secondary.main,
    palette.info.main,
    palette.success.main,
    palette.warning.main,
    palette.text.primary,
  ];
  const lines: Line[] = [];
  const others = {
    requests: new Array<number>(buckets.length).fill(0),
    errors: new Array<number>(buckets.length).fill(0),
  };
  const perKey = new Map<string, { requests: number[]; errors: number[] }>();
  for (const p of series) {
    const key = p.tokenId ?? 'session';
    const i = index.get(p.bucket)!;
    const target = keep.has(key)
      ? (perKey.get(key) ??
        perKey
          .set(key, {
            requests: new Array<number>(buckets.length).fill(0),
            errors: new Array<number>(buckets.length).fill(0),
          })
          .get(key)!)
      : others;
    target.requests[i]! += p.requests;
    target.errors[i]! += p.errors;
  }
  top.forEach(([key, { label }], n) => {
    const values = perKey.get(key)!;
    const colour = colours[n % colours.length]!;
    lines.push({ key: `${key}:requests`, label: `${label}: requests`, colour, values: values.requests });
    lines.push({ key: `${key}:errors`, label: `${label}: errors`, colour, values: values.errors });
  });
  if (totals.size > MAX_TOKENS) {
    lines.push({
      key: 'others:requests',
      label: 'Other tokens: requests',
      colour: palette.grey[500],
      values: others.requests,
    });
    lines.push({
      key: 'others:errors',
      label: 'Other tokens: errors',
      colour: palette.grey[500],
      values: others.errors,
    });
  }
  const max = Math.max(1, ...lines.flatMap((l) => l.values));
  return { buckets, lines, max };
}

import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardHeader,
  IconButton,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { TemplatePlaceholder } from '@boardwalk/shared/schemas/template';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { PlainTable } from '../../components/plain-table/plain-table.tsx';
import { notifySuccess } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useTemplatePlaceholdersQuery } from '../../entities/templates/api.ts';

const tag = (path: string) => `{{ ${path} }}`;

function groupPlaceholders(placeholders: TemplatePlaceholder[], filter: string) {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, { label: string; rows: TemplatePlaceholder[] }>();
  for (const p of placeholders) {
    if (needle && ![p.path, p.meaning, p.example, p.groupLabel].some((text) => text.toLowerCase().includes(needle)))
      continue;
    const group = groups.get(p.group) ?? { label: p.groupLabel, rows: [] };
    group.rows.push(p);
    groups.set(p.group, group);
  }
  return [...groups.entries()];
}

/** /template/wiki: every placeholder a template may use, from the renderer's own context definition. */
export function TemplateWikiPage() {
  const { data, error, isLoading, refetch } = useTemplatePlaceholdersQuery();
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupPlaceholders(data ?? [], filter), [data, filter]);
  const copy = (path: string) => {
    void navigator.clipboard?.writeText(tag(path)).then(() => notifySuccess(`Copied ${tag(path)}`));
  };

  return (
    <>
      <PageHeader
        title="Template Placeholders"
        subtitle="Write these in a template's subject or body; the preview fills them with a sample merchant."
      />
      <Stack spacing={3}>
        <Alert severity="info" aria-label="How placeholders behave">
          A placeholder the merchant has no value for is empty: it prints nothing, and it is false in a condition, so{' '}
          <code>{'{% if merchant.mid %}Your MID is {{ merchant.mid }}.{% endif %}'}</code> prints nothing for a merchant
          without a MID. Empty text, a missing value and spaces only all count as empty. In an email body without HTML
          layout tags, a blank line starts a new paragraph and a line break is kept; a body laid out with its own tags
          (&lt;p&gt;, &lt;br&gt;, &lt;div&gt;, …) is sent as written. Every email also carries a plain-text part.
        </Alert>
        <TextField
          label="Filter placeholders"
          type="search"
          size="small"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ maxWidth: 360 }}
        />
        {isLoading && <Skeleton variant="rectangular" height={320} />}
        {error && (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
            The placeholders could not be loaded. {errorMessage(error)}
          </Alert>
        )}
        {data && groups.length === 0 && (
          <Typography color="text.secondary">No placeholder matches “{filter}”.</Typography>
        )}
        {groups.map(([key, group]) => (
          <Card key={key}>
            <CardHeader title={group.label} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
            <PlainTable
              label={`${group.label} placeholders`}
              fixedLayout
              columns={[
                { label: 'Placeholder', width: '36%' },
                { label: 'Meaning' },
                { label: 'Example', width: '30%' },
              ]}
              rows={group.rows}
              rowKey={(p) => p.path}
              cells={(p) => [
                <Stack key="tag" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 14 }}>
                    {tag(p.path)}
                  </Typography>
                  <Tooltip title="Copy">
                    <IconButton size="small" aria-label={`Copy ${tag(p.path)}`} onClick={() => copy(p.path)}>
                      <ContentCopy fontSize="inherit" />
                    </IconButton>
                  </Tooltip>
                </Stack>,
                p.meaning,
                { content: p.example, sx: { overflowWrap: 'anywhere' } },
              ]}
            />
          </Card>
        ))}
      </Stack>
    </>
  );
}

import {
  MESSAGE_CHANNELS,
  MESSAGE_OUTCOMES,
  MESSAGE_OUTCOME_LABELS,
  messageListQuerySchema,
  type MessageSummary,
} from '@boardwalk/shared/schemas/message';
import { OUTBOUND_FAILURE_LABELS } from '@boardwalk/shared/schemas/outbound-failure';
import { dayRangeApiParams } from '../../components/data-table/day-range-params.ts';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Box, Card, CardContent, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateRangeFields } from '../../components/data-table/date-range-fields.tsx';
import { enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { NoMailServerNotice } from '../../entities/templates/mail-delivery-notice.tsx';
import { MerchantSearchField, type MerchantChoice } from '../../entities/search/merchant-search-field.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useAutomationFilter } from '../../entities/automations/automation-filter.ts';
import { useListEmailsQuery } from '../../entities/emails/api.ts';
import { EmailDrawer } from './email-drawer.tsx';
import { MessageStatusChip } from './status-chip.tsx';

export const EMAIL_FILTER_KEYS = ['status', 'channel', 'automationId', 'merchantId', 'from', 'to'] as const;

const STATUS_AND_CHANNEL: ListFilter[] = [
  { key: 'status', label: 'Status', options: enumOptions(MESSAGE_OUTCOMES, MESSAGE_OUTCOME_LABELS) },
  { key: 'channel', label: 'Channel', options: enumOptions(MESSAGE_CHANNELS, { email: 'Email', sms: 'SMS' }) },
];

/** Why a message failed, in plain words: the classified reason of a server's refusal, or the portal's own reason. */
function failureText(message: Pick<MessageSummary, 'status' | 'error' | 'failureReason'>): string {
  if (message.failureReason) return OUTBOUND_FAILURE_LABELS[message.failureReason];
  return message.status === 'failed' && message.error ? message.error : '—';
}

function columns(onShow: (row: MessageSummary) => void, onMerchant: (row: MessageSummary) => void) {
  const list: GridColDef<MessageSummary>[] = [
    dateTimeColumn<MessageSummary>('createdAt', 'Queued'),
    {
      field: 'channel',
      headerName: 'Channel',
      width: 90,
      sortable: false,
      valueFormatter: (v: string) => (v === 'sms' ? 'SMS' : 'Email'),
    },
    { field: 'to', headerName: 'To', flex: 1, minWidth: 200, sortable: false },
    {
      field: 'subject',
      headerName: 'Subject',
      flex: 1,
      minWidth: 220,
      sortable: false,
      valueFormatter: (v: string) => v || '—',
    },
    {
      field: 'merchantName',
      headerName: 'Merchant',
      width: 200,
      sortable: false,
      renderCell: ({ row }) =>
        row.merchantName ? (
          <Tooltip title="Show only this merchant's messages" describeChild>
            <Chip size="small" variant="outlined" label={row.merchantName} onClick={() => onMerchant(row)} />
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => <MessageStatusChip outcome={row.outcome} />,
    },
    { field: 'attempts', headerName: 'Attempts', width: 90, type: 'number', sortable: false },
    {
      field: 'failureReason',
      headerName: 'Why it failed',
      flex: 1,
      minWidth: 220,
      sortable: false,
      // The classified reason in plain words (decision 073); the portal's own reason otherwise.
      valueGetter: (_value: unknown, row: MessageSummary) => failureText(row),
    },
    {
      field: 'details',
      type: 'actions',
      headerName: 'Details',
      width: 80,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Tooltip title="Details">
          <IconButton
            size="small"
            aria-label={`Show the message to ${row.to || 'nobody'} of ${formatDateTime(row.createdAt)}`}
            onClick={() => onShow(row)}
          >
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return list;
}

/**
 * /history/emails: every email and SMS the portal sent or tried to send, filtered
 * by status, channel, the automation that sent it, merchant, dates and text (all in the URL), with the rendered message and
 * retry of a failed one in a drawer.
 */
export function HistoryEmailsPage() {
  const list = useListUrlState({
    sortable: ['createdAt'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: EMAIL_FILTER_KEYS,
    querySchema: messageListQuerySchema,
  });
  const params = useMemo(() => dayRangeApiParams(list.queryParams), [list.queryParams]);
  const query = useListEmailsQuery(params);
  const [shown, setShown] = useState<string>();
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const automationFilter = useAutomationFilter(list.state.filters.automationId, undefined);
  const filters = useMemo(() => [...STATUS_AND_CHANNEL, automationFilter], [automationFilter]);
  const { setFilter } = list;
  const gridColumns = useMemo(
    () =>
      columns(
        (row) => setShown(row.id),
        (row) => {
          setMerchant(row.merchantId ? { id: row.merchantId, dbaName: row.merchantName ?? '' } : null);
          setFilter('merchantId', row.merchantId ?? '');
        },
      ),
    [setFilter],
  );
  const merchantId = list.state.filters.merchantId;
  // The chosen merchant, or one named only by the URL (a link from the merchant's timeline).
  const merchantValue: MerchantChoice | null =
    merchant && merchant.id === merchantId
      ? merchant
      : merchantId
        ? {
            id: merchantId,
            dbaName: query.data?.emails.find((e) => e.merchantId === merchantId)?.merchantName ?? 'Chosen merchant',
          }
        : null;

  return (
    <Box>
      <PageHeader title="Emails" subtitle="Emails and SMS sent by stage actions, automations and the daily digest" />
      <NoMailServerNotice sx={{ mb: 2 }} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <MerchantSearchField
                value={merchantValue}
                onChange={(chosen) => {
                  setMerchant(chosen);
                  list.setFilter('merchantId', chosen?.id ?? '');
                }}
              />
              <DateRangeFields from={list.state.filters.from} to={list.state.filters.to} onChange={list.setFilter} />
            </Stack>
            <DataTable<MessageSummary>
              gridId="emails"
              noun={{ singular: 'message', plural: 'messages' }}
              columns={gridColumns}
              rows={query.data?.emails}
              total={query.currentData?.total}
              loading={query.isFetching}
              error={query.error}
              onRetry={() => void query.refetch()}
              list={list}
              filters={filters}
            />
          </Stack>
        </CardContent>
      </Card>
      <EmailDrawer id={shown} onClose={() => setShown(undefined)} />
    </Box>
  );
}

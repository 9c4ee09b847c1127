import { Alert, Box, Button, Skeleton, Tab, Tabs, useMediaQuery, type Theme } from '@mui/material';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useAppAbility } from '../../../lib/ability.tsx';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import { BankingTab, BusinessTab, OperationsTab, ProcessingTab, UnderwritingTab } from './detail-tabs.tsx';
import { DuplicatesTab } from './duplicates-tab.tsx';
import { useGetMerchantQuery } from '../../../entities/merchants/api.ts';
import { MerchantHeader } from './merchant-header.tsx';
import { DocumentsTab } from './documents-tab.tsx';
import { NotesTab } from './notes-tab.tsx';
import { OwnersTab } from './owners-tab.tsx';
import { TimelineTab } from './timeline-tab.tsx';
import { TodosTab } from './todos-tab.tsx';
import { ApplicationChecklistPanel } from './application-checklist-panel.tsx';
import { ApplicationConflicts } from './application-conflicts.tsx';
import { ApplicationPanel } from './application-panel.tsx';

export const MERCHANT_TABS = [
  { key: 'business', label: 'Business' },
  { key: 'owners', label: 'Owners' },
  { key: 'processing', label: 'Processing' },
  { key: 'banking', label: 'Banking' },
  { key: 'underwriting', label: 'Underwriting' },
  { key: 'operations', label: 'Operations' },
  { key: 'notes', label: 'Notes' },
  { key: 'todos', label: 'Todos' },
  { key: 'documents', label: 'Documents' },
  { key: 'application', label: 'Application' },
  { key: 'timeline', label: 'Timeline' },
  { key: 'duplicates', label: 'Possible duplicates' },
] as const;
type TabKey = (typeof MERCHANT_TABS)[number]['key'];

/** /merchant/view/{id}: the header and the record's tabs; the tab is kept in the URL (?tab=). */
export function MerchantViewPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const ability = useAppAbility();
  const { data: merchant, error, isLoading, refetch } = useGetMerchantQuery(id);
  // Eleven sections do not fit in one row at 1440 px: a rail beside the content on wide screens,
  // a row with scroll buttons on narrow ones, so that every section is in reach.
  const rail = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const asked = params.get('tab');
  const tab: TabKey = MERCHANT_TABS.some((t) => t.key === asked) ? (asked as TabKey) : 'business';

  if (isLoading) return <Skeleton variant="rectangular" height={320} aria-label="Loading the merchant" />;
  if (errorStatus(error) === 404) return <Navigate to="/404" replace />;
  if (!merchant) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
        The merchant could not be loaded. {errorMessage(error)}
      </Alert>
    );
  }
  const mayUpdate = ability.can('update', 'merchant');
  const editable = mayUpdate && merchant.deletedAt === null;
  const props = { merchant, editable };
  return (
    <>
      <MerchantHeader
        merchant={merchant}
        mayUpdate={mayUpdate}
        mayDelete={ability.can('delete', 'merchant')}
        onReload={() => void refetch()}
      />
      <Box sx={rail ? { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: 3 } : undefined}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) =>
            setParams(
              (current) => {
                current.set('tab', next);
                return current;
              },
              { replace: true },
            )
          }
          orientation={rail ? 'vertical' : 'horizontal'}
          variant="scrollable"
          scrollButtons={rail ? false : true}
          allowScrollButtonsMobile
          aria-label="Merchant sections"
          // Tab labels in the text colours (the brand purple on the page background is 3.9:1, under
          // the 4.5:1 text needs); the indicator beside the chosen one keeps the brand colour.
          sx={{
            ...(rail
              ? { borderRight: 1, alignSelf: 'start', '& .MuiTab-root': { alignItems: 'flex-start', minHeight: 40 } }
              : { mb: 3, borderBottom: 1 }),
            borderColor: 'divider',
            '& .MuiTab-root': { color: 'text.secondary' },
            '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
          }}
        >
          {MERCHANT_TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`merchant-tab-${t.key}`}
              aria-controls="merchant-tab-panel"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="merchant-tab-panel" aria-labelledby={`merchant-tab-${tab}`} sx={{ minWidth: 0 }}>
          {tab === 'business' && <BusinessTab {...props} />}
          {tab === 'owners' && <OwnersTab {...props} />}
          {tab === 'processing' && <ProcessingTab {...props} />}
          {tab === 'banking' && <BankingTab {...props} />}
          {tab === 'underwriting' && <UnderwritingTab {...props} />}
          {tab === 'operations' && <OperationsTab {...props} />}
          {tab === 'notes' && <NotesTab merchantId={merchant.id} />}
          {tab === 'todos' && <TodosTab merchantId={merchant.id} />}
          {tab === 'documents' && <DocumentsTab merchantId={merchant.id} />}
          {tab === 'application' && (
            <>
              <ApplicationPanel merchantId={merchant.id} contactEmail={merchant.contactEmail} editable={editable} />
              <ApplicationConflicts merchantId={merchant.id} editable={editable} />
              <ApplicationChecklistPanel merchantId={merchant.id} />
            </>
          )}
          {tab === 'timeline' && <TimelineTab merchantId={merchant.id} />}
          {tab === 'duplicates' && <DuplicatesTab merchantId={merchant.id} />}
        </Box>
      </Box>
    </>
  );
}

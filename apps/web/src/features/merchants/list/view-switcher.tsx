import { Link as RouterLink } from 'react-router';
import type { ReactNode } from 'react';
import { Button, ButtonGroup, Stack } from '@mui/material';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import type { MerchantView } from '@boardwalk/shared/schemas/merchant';
import { carriedSearch, hasBoard, VIEW_LABELS, VIEW_ORDER, viewPath, type ListLayout } from './merchant-views.ts';

type SwitchProps = { view: MerchantView; layout: ListLayout; search: URLSearchParams };

/**
 * Links to the other views (sales … dead, all merchants), keeping the layout where the other view
 * has it and the query (search and filters) as it is.
 */
export function ViewSwitcher({ view, layout, search }: SwitchProps) {
  return (
    <Stack component="nav" aria-label="Merchant views" direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {VIEW_ORDER.map((other) => {
        const current = other === view;
        return (
          <Button
            key={other}
            size="small"
            component={RouterLink}
            to={`${viewPath(other, layout)}${carriedSearch(search, hasBoard(other) ? layout : 'list')}`}
            variant={current ? 'contained' : 'text'}
            aria-current={current ? 'page' : undefined}
          >
            {VIEW_LABELS[other]}
          </Button>
        );
      })}
    </Stack>
  );
}

/**
 * List or Board, as links (each layout has its own address; a toggle button's aria-pressed is not
 * allowed on a link); the current one is marked as the current page. No board for "all".
 */
export function LayoutToggle({ view, layout, search }: SwitchProps) {
  if (!hasBoard(view)) return null;
  const item = (to: ListLayout, label: string, icon: ReactNode) => (
    <Button
      component={RouterLink}
      to={`${viewPath(view, to)}${carriedSearch(search, to)}`}
      startIcon={icon}
      variant={layout === to ? 'contained' : 'outlined'}
      aria-current={layout === to ? 'page' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <ButtonGroup size="small" aria-label="Layout">
      {item('list', 'List', <TableRowsOutlined />)}
      {item('board', 'Board', <ViewKanbanOutlined />)}
    </ButtonGroup>
  );
}

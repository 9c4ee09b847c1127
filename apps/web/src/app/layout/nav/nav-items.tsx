import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha, type Theme } from '@mui/material/styles';
import { Fragment, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { isNavGroup, isNavSectionTitle, type NavGroup, type NavItem, type NavLink } from '../../navigation.ts';
import { primaryFillColour } from '../../../lib/theme/accessible-colours.ts';
import { groupHasPath } from '../../nav-visibility.ts';

type Shared = {
  pathname: string;
  isOpen: (key: string) => boolean;
  toggle: (key: string) => void;
  onNavigate?: () => void;
  /** The collapsed menu: labels faded out (still named for assistive technology), titles shortened. */
  mini?: boolean;
};

const labelSx = (mini: boolean | undefined) => ({ opacity: mini ? 0 : 1, transition: 'opacity .25s ease-in-out' });

const itemSx = (depth: number) => ({
  minHeight: 42,
  py: 0.75,
  pl: depth > 0 ? 4.5 : 2.75,
  pr: 1.5,
  borderRadius: '0 100px 100px 0',
  transition: 'padding-left .25s ease-in-out',
  color: 'text.primary',
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
});

const activeSx = (theme: Theme) => ({
  color: theme.palette.primary.contrastText,
  // Darker than the template's light-to-main gradient, so the white label keeps 4.5:1.
  background: `linear-gradient(98deg, ${primaryFillColour(theme)}, ${theme.palette.primary.main} 94%)`,
  boxShadow: `0 4px 8px -4px ${alpha(theme.palette.common.black, 0.42)}`,
  '& .MuiListItemIcon-root': { color: theme.palette.primary.contrastText },
  '&:hover': { background: theme.palette.primary.main },
});

function Bullet({ active }: { active: boolean }) {
  return (
    <ListItemIcon sx={{ minWidth: 28, color: 'inherit' }} aria-hidden="true">
      <svg width="8" height="8" viewBox="0 0 8 8">
        <circle
          cx="4"
          cy="4"
          r={active ? 4 : 3}
          fill={active ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
    </ListItemIcon>
  );
}

function Badge({ item }: { item: Pick<NavLink, 'badgeContent' | 'badgeColor'> }) {
  if (!item.badgeContent) return null;
  return (
    <Chip
      size="small"
      label={item.badgeContent}
      color={item.badgeColor ?? 'primary'}
      sx={{ height: 20, fontSize: '0.75rem' }}
    />
  );
}

function NavLinkItem({ item, depth, pathname, onNavigate, mini }: { item: NavLink; depth: number } & Shared) {
  const active = item.path === pathname;
  const Icon = item.icon;
  return (
    <ListItem disablePadding sx={{ mt: 0.75 }}>
      <ListItemButton
        component={RouterLink}
        to={item.path}
        disabled={item.disabled}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        {...(item.openInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        sx={(theme: Theme) => ({ ...itemSx(depth), ...(active ? activeSx(theme) : {}) })}
      >
        {Icon ? (
          <ListItemIcon sx={{ minWidth: 34, color: 'inherit' }} aria-hidden="true">
            <Icon fontSize="small" />
          </ListItemIcon>
        ) : (
          <Bullet active={active} />
        )}
        <ListItemText
          primary={item.title}
          sx={labelSx(mini)}
          slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.9375rem' } } }}
        />
        <Badge item={item} />
      </ListItemButton>
    </ListItem>
  );
}

function NavGroupItem({
  item,
  depth,
  groupKey,
  ...shared
}: { item: NavGroup; depth: number; groupKey: string } & Shared) {
  const open = shared.isOpen(groupKey);
  const holdsRoute = groupHasPath(item, shared.pathname);
  const listId = useId();
  const Icon = item.icon;
  return (
    <ListItem disablePadding sx={{ mt: 0.75, display: 'block' }}>
      <ListItemButton
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => shared.toggle(groupKey)}
        sx={{
          ...itemSx(depth),
          ...(open ? { bgcolor: 'action.hover' } : holdsRoute ? { bgcolor: 'action.selected' } : {}),
        }}
      >
        {Icon ? (
          <ListItemIcon sx={{ minWidth: 34, color: 'inherit' }} aria-hidden="true">
            <Icon fontSize="small" />
          </ListItemIcon>
        ) : (
          <Bullet active={holdsRoute} />
        )}
        <ListItemText
          primary={item.title}
          sx={labelSx(shared.mini)}
          slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.9375rem' } } }}
        />
        <Badge item={item} />
        <ExpandMore
          aria-hidden="true"
          fontSize="small"
          sx={{
            ml: 0.5,
            ...labelSx(shared.mini),
            transition: 'transform .25s ease-in-out, opacity .25s ease-in-out',
            transform: open ? 'rotate(180deg)' : 'none',
          }}
        />
      </ListItemButton>
      <Collapse in={open} timeout={250} unmountOnExit>
        <List id={listId} component="ul" disablePadding aria-label={item.title}>
          <NavItems items={item.children} depth={depth + 1} parentKey={groupKey} {...shared} />
        </List>
      </Collapse>
    </ListItem>
  );
}

/** Renders already-filtered menu items (see visibleNavItems): links, groups, section titles. */
export function NavItems({
  items,
  depth = 0,
  parentKey = '',
  ...shared
}: { items: NavItem[]; depth?: number; parentKey?: string } & Shared) {
  return (
    <>
      {items.map((item) => {
        if (isNavSectionTitle(item)) {
          return (
            <ListSubheader
              key={`section-${item.sectionTitle}`}
              component="li"
              disableSticky
              sx={{
                mt: 3,
                mb: 0.5,
                pl: 2.75,
                lineHeight: '24px',
                bgcolor: 'transparent',
                color: 'text.secondary',
                textTransform: 'uppercase',
                fontSize: '0.75rem',
                letterSpacing: '0.4px',
              }}
            >
              <Box component="span" sx={labelSx(shared.mini)}>
                {item.sectionTitle}
              </Box>
            </ListSubheader>
          );
        }
        if (isNavGroup(item)) {
          const key = `${parentKey}/${item.title}`;
          return <NavGroupItem key={key} item={item} depth={depth} groupKey={key} {...shared} />;
        }
        return (
          <Fragment key={item.path}>
            <NavLinkItem item={item} depth={depth} {...shared} />
          </Fragment>
        );
      })}
    </>
  );
}

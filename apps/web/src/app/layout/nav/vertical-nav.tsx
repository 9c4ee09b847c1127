import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import { useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { useAppAbility } from '../../../lib/ability.tsx';
import { usePortalName } from '../../../lib/portal-name.ts';
import { TOOLBAR_MIN_HEIGHT } from '../../../lib/theme/constants.ts';
import { verticalNavItems, type NavItem } from '../../navigation.ts';
import { visibleNavItems } from '../../nav-visibility.ts';
import { NavItems } from './nav-items.tsx';
import { useOpenGroups } from './use-open-groups.ts';

export type VerticalNavProps = {
  items?: NavItem[];
  /** Called when a link is chosen (the temporary drawer closes). */
  onNavigate?: () => void;
  /** Shown as a close button in the temporary drawer. */
  onClose?: () => void;
  /** Collapsed to its icons (68px): labels fade, groups stay shut, until hovered. */
  mini?: boolean;
  /** The permanent menu's choice, and its button to change it. */
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
};

/** The menu landmark: brand, then the entries this user may see. */
export function VerticalNav({
  items = verticalNavItems,
  onNavigate,
  onClose,
  mini = false,
  collapsed = false,
  onToggleCollapsed,
}: VerticalNavProps) {
  const ability = useAppAbility();
  const portalName = usePortalName();
  const { pathname } = useLocation();
  const visible = useMemo(() => visibleNavItems(items, ability), [items, ability]);
  const { isOpen, toggle } = useOpenGroups(visible, pathname);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          minHeight: TOOLBAR_MIN_HEIGHT,
          pl: 3,
          pr: 1.5,
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          onClick={onNavigate}
          aria-label={`${portalName} Portal, landing page`}
          sx={{ textDecoration: 'none', display: 'flex' }}
        >
          <BrandLogo name={mini ? undefined : portalName} />
        </Box>
        {onClose ? (
          <IconButton aria-label="Close navigation" onClick={onClose} size="small">
            <Close fontSize="small" />
          </IconButton>
        ) : null}
        {onToggleCollapsed && !mini ? (
          <IconButton aria-label="Collapse the menu" aria-pressed={collapsed} onClick={onToggleCollapsed} size="small">
            {/* A ring, filled while the menu stays open (no icon module: the shell chunk is on every page). */}
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                width: 16,
                height: 16,
                borderRadius: '50%',
                border: '2px solid currentColor',
                bgcolor: collapsed ? 'transparent' : 'currentColor',
              }}
            />
          </IconButton>
        ) : null}
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', pb: 2 }}>
        <List component="ul" disablePadding sx={{ pr: 2, listStyle: 'none' }}>
          <NavItems
            items={visible}
            pathname={pathname}
            isOpen={mini ? () => false : isOpen}
            toggle={toggle}
            onNavigate={onNavigate}
            mini={mini}
          />
        </List>
      </Box>
    </Box>
  );
}

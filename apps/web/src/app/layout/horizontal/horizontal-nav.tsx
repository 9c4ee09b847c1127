import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import { Fragment, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppAbility } from '../../../lib/ability.tsx';
import { primaryTextColour } from '../../../lib/theme/accessible-colours.ts';
import { verticalNavItems } from '../../navigation.ts';
import { visibleNavItems } from '../../nav-visibility.ts';
import { horizontalMenus, menuHoldsPath, type HorizontalEntry } from './horizontal-menus.ts';

const entrySx = (active: boolean) => (theme: Theme) => ({
  color: active ? primaryTextColour(theme) : theme.palette.text.primary,
  textTransform: 'none' as const,
  fontWeight: active ? 600 : 500,
  whiteSpace: 'nowrap' as const,
  px: 1.5,
  bgcolor: active ? theme.palette.action.selected : 'transparent',
});

function Dropdown({ entry, pathname }: { entry: Extract<HorizontalEntry, { kind: 'menu' }>; pathname: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const Icon = entry.icon;
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={Icon ? <Icon fontSize="small" /> : undefined}
        endIcon={<ExpandMore fontSize="small" />}
        sx={entrySx(menuHoldsPath(entry, pathname))}
      >
        {entry.title}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { dense: true } }}>
        {entry.sections.map((section, index) => (
          <Fragment key={section.title ?? `loose-${index}`}>
            {section.title ? (
              <ListSubheader sx={{ lineHeight: '32px', textTransform: 'uppercase', fontSize: '0.75rem' }}>
                {section.title}
              </ListSubheader>
            ) : null}
            {section.links.map((link) => (
              <MenuItem
                key={link.path}
                component={RouterLink}
                to={link.path}
                onClick={close}
                selected={link.path === pathname}
                aria-current={link.path === pathname ? 'page' : undefined}
                sx={{ pl: section.title ? 3 : 2, minWidth: 220 }}
              >
                {link.title}
              </MenuItem>
            ))}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}

/** The horizontal menu bar: every entry of the vertical menu this user may see. */
export function HorizontalNav() {
  const ability = useAppAbility();
  const { pathname } = useLocation();
  const entries = useMemo(() => horizontalMenus(visibleNavItems(verticalNavItems, ability)), [ability]);
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, py: 1 }}
    >
      {entries.map((entry) => {
        if (entry.kind === 'menu') return <Dropdown key={`menu-${entry.title}`} entry={entry} pathname={pathname} />;
        const { link } = entry;
        const Icon = link.icon;
        const active = link.path === pathname;
        return (
          <Button
            key={link.path}
            component={RouterLink}
            to={link.path}
            aria-current={active ? 'page' : undefined}
            startIcon={Icon ? <Icon fontSize="small" /> : undefined}
            sx={entrySx(active)}
          >
            {link.title}
          </Button>
        );
      })}
    </Box>
  );
}

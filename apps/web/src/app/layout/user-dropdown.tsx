import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { initialsOf, roleLabel } from '../../lib/role-label.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { USER_MENU_WIDTH } from '../../lib/theme/constants.ts';

/**
 * Decorative. The initials are drawn by CSS, not written as text: a button named "Account menu
 * for …" must not show text that its name lacks (WCAG 2.5.3; axe's label-content-name-mismatch
 * counts text even under aria-hidden).
 */
function UserAvatar({ name, image, size }: { name: string; image: string | null | undefined; size: number }) {
  return (
    <Avatar
      src={image ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: size, height: size, bgcolor: 'primary.dark', color: 'primary.contrastText', fontSize: size * 0.4 }}
    >
      <Box component="span" data-initials={initialsOf(name)} sx={{ '&::before': { content: 'attr(data-initials)' } }} />
    </Avatar>
  );
}

/** The avatar menu: Profile (/user/view/{id}) and Logout (to / with no returnUrl). */
export function UserDropdown() {
  const { data, signOut } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const user = data?.user;
  if (!user) return null;
  const name = user.name || user.email;

  const close = () => setAnchor(null);
  const logout = async () => {
    close();
    // The gate sees this tab's own sign-out and goes to / (no returnUrl); so do we.
    await signOut();
    await navigate('/');
  };

  return (
    <>
      <IconButton
        aria-label={`Account menu for ${name}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ml: 0.5, p: 0.5 }}
      >
        <Badge
          overlap="circular"
          variant="dot"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          sx={{
            '& .MuiBadge-badge': {
              bgcolor: 'success.main',
              boxShadow: (t) => `0 0 0 2px ${t.palette.background.paper}`,
            },
          }}
        >
          <UserAvatar name={name} image={user.image} size={40} />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: USER_MENU_WIDTH, mt: 1.5 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
          <UserAvatar name={name} image={user.image} size={38} />
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography noWrap variant="body2" color="text.secondary">
              {roleLabel(user.role)}
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ my: 0.5 }} />
        <MenuItem component={RouterLink} to={`/user/view/${encodeURIComponent(user.id)}`} onClick={close}>
          <ListItemIcon>
            <PersonOutlineOutlined fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <Divider sx={{ my: 0.5 }} />
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

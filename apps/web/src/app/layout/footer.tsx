import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePortalName } from '../../lib/portal-name.ts';

/** SPEC §2: the year and a 'Made with' line. */
export function Footer({ maxWidth }: { maxWidth?: number }) {
  const portalName = usePortalName();
  return (
    <Box
      component="footer"
      sx={{ width: '100%', maxWidth: maxWidth ?? 'none', mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} {portalName}, Made with{' '}
        <Box component="span" role="img" aria-label="love" sx={{ color: 'error.main' }}>
          ♥
        </Box>{' '}
        for the back office
      </Typography>
    </Box>
  );
}

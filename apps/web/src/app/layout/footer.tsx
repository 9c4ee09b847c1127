import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePortalName } from '../../lib/portal-name.ts';

/** The year and a 'Made with' line; fixed keeps it at the bottom of the window. */
export function Footer({ maxWidth, fixed = false }: { maxWidth?: number; fixed?: boolean }) {
  const portalName = usePortalName();
  return (
    <Box
      component="footer"
      data-footer={fixed ? 'fixed' : 'static'}
      sx={{
        width: '100%',
        maxWidth: maxWidth ?? 'none',
        mx: 'auto',
        px: { xs: 2, sm: 3, md: 4 },
        py: 2,
        ...(fixed ? { position: 'sticky', bottom: 0, zIndex: 'appBar', bgcolor: 'background.default' } : {}),
      }}
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

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router';
import { START_PATH } from '../../lib/start-page.ts';

export type ErrorScreenProps = {
  code: string;
  title: string;
  text: string;
  icon: SvgIconComponent;
};

/**
 * The shared look of the 401, 404 and 500 pages: code, title, one line and Back to Home, which
 * goes to the first page the user may open (START_PATH), so a role that may not open /home is
 * not sent back to the page that refused it.
 */
export function ErrorScreen({ code, title, text, icon: Icon }: ErrorScreenProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        minHeight: '60vh',
        py: 6,
        px: 3,
      }}
    >
      <Icon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main', mb: 2 }} />
      <Typography
        component="p"
        variant="h1"
        sx={{ fontSize: { xs: '4rem', md: '5.5rem' }, fontWeight: 600, lineHeight: 1 }}
      >
        {code}
      </Typography>
      <Typography component="h1" variant="h5" sx={{ mt: 2, mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 4 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to={START_PATH} variant="contained">
        Back to Home
      </Button>
    </Box>
  );
}

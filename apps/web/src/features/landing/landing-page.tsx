import ArrowForward from '@mui/icons-material/ArrowForward';
import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { useAppAbility } from '../../lib/ability.tsx';
import { usePortalName } from '../../lib/portal-name.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { startPageFor } from '../../lib/start-page.ts';

const HIGHLIGHTS: { icon: SvgIconComponent; title: string; text: string }[] = [
  {
    icon: ViewKanbanOutlined,
    title: 'Stages',
    text: 'Every merchant moves through sales, underwriting and operations.',
  },
  { icon: FactCheckOutlined, title: 'Underwriting', text: 'Applications, owners and documents in one place.' },
  { icon: AutoModeOutlined, title: 'Automations', text: 'Emails, todos and webhooks run as merchants change stage.' },
];

/** The signed-in user's start page: Home, or Access Control for a role that may only see that. */
function useStartLink() {
  const to = startPageFor(useAppAbility());
  return { to, label: to === '/acl' ? 'Go to Access Control' : 'Go to Home' };
}

/** / : the landing page, also where logout ends. */
export function LandingPage() {
  const { data, status } = useSession();
  const portalName = usePortalName();
  const start = useStartLink();
  const signedIn = status === 'authenticated' && data;

  const action = signedIn ? (
    <Button component={RouterLink} to={start.to} variant="contained" size="large" endIcon={<ArrowForward />}>
      {start.label}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" size="large" endIcon={<ArrowForward />}>
      Sign in
    </Button>
  );

  return (
    <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, md: 6 }, py: 2 }}
      >
        <BrandLogo name={portalName} />
      </Box>
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: 2,
          py: 6,
        }}
      >
        <Typography component="h1" variant="h3" sx={{ fontWeight: 600, mb: 2 }}>
          {portalName} Portal
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560, mb: 4, fontSize: '1.125rem' }}>
          {signedIn
            ? // "Welcome", not "Welcome back": the page cannot tell a first visit from a return.
              `Welcome, ${data.user.name || data.user.email}.`
            : 'The back office for merchant onboarding. Sign in with your staff account to continue.'}
        </Typography>
        {action}
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 8,
            display: 'grid',
            gap: 3,
            width: '100%',
            maxWidth: 960,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <Card component="li" key={title}>
              <CardContent sx={{ textAlign: 'left' }}>
                <Icon color="primary" aria-hidden="true" sx={{ mb: 1 }} />
                <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { roleLabel } from '../../lib/role-label.ts';
import { useSession } from '../../lib/session/use-session.ts';

function greetingFor(hour: number) {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** /home: greets the user by display name. */
export function HomePage() {
  const { data } = useSession();
  const user = data?.user;
  const name = user?.name || user?.email || '';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {greetingFor(new Date().getHours())}, {name}!
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Welcome to the merchant onboarding back office. Use the menu to find merchants, todos and settings.
          </Typography>
          {user ? <Chip label={roleLabel(user.role)} color="primary" variant="outlined" size="small" /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}

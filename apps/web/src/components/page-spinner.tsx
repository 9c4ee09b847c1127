import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Full-area loading indicator while a page or the session is on its way. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', width: '100%' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router';

/**
 * The top progress bar while a navigation loads its page chunk. MUI's indeterminate
 * LinearProgress, fixed above the app bar: the router cannot tell how far a chunk has come, so
 * a bar that only pretends to advance would say nothing more.
 */
export function RouteProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return (
    <LinearProgress
      aria-label="Loading page"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}

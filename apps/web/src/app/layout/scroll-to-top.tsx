import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { SCROLL_TO_TOP_THRESHOLD } from '../../lib/theme/constants.ts';

/** Appears once the page has scrolled 400px (SPEC §9). */
export function ScrollToTop() {
  const visible = useScrollTrigger({ threshold: SCROLL_TO_TOP_THRESHOLD, disableHysteresis: true });
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 24, bottom: 40, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}

import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';

/** The button of ScrollToTop, loaded the first time it is needed. */
export function ScrollToTopButton({ visible }: { visible: boolean }) {
  return (
    <Zoom in={visible} appear>
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

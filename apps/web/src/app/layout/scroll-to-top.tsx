import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazy, Suspense, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD } from '../../lib/theme/constants.ts';

const ScrollToTopButton = lazy(() =>
  import('./scroll-to-top-button.tsx').then((m) => ({ default: m.ScrollToTopButton })),
);

/**
 * Appears once the page has scrolled 400px (SPEC §9). The button (Fab, Zoom and its icon) loads
 * the first time the page scrolls that far, then stays mounted to zoom in and out (decision 055).
 */
export function ScrollToTop() {
  const visible = useScrollTrigger({ threshold: SCROLL_TO_TOP_THRESHOLD, disableHysteresis: true });
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton visible={visible} />
    </Suspense>
  );
}

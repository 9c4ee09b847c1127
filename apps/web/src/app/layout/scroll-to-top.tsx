import { lazy, Suspense, useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD } from '../../lib/theme/constants.ts';

const ScrollToTopButton = lazy(() =>
  import('./scroll-to-top-button.tsx').then((m) => ({ default: m.ScrollToTopButton })),
);

/**
 * Whether the window has scrolled past `threshold` px, read on scroll events only. MUI's
 * useScrollTrigger also reads the offset when it mounts, which forces a layout of the whole page
 * in the middle of the shell's first commit (about 0.1 s of the first load of /home at 4x CPU:
 * bench/cpu-profile.ts); a page opened scrolled (restored, or an anchor) fires a scroll event.
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

/**
 * Appears once the page has scrolled 400px. The button (Fab, Zoom and its icon) loads
 * the first time the page scrolls that far, then stays mounted to zoom in and out (decision 055).
 */
export function ScrollToTop() {
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD);
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton visible={visible} />
    </Suspense>
  );
}

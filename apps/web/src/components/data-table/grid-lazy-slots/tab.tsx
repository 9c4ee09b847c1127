import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Tab slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyTab = lazy(() => import('@mui/material/Tab'));

export default function GridTab(props: ComponentProps<typeof LazyTab>) {
  return (
    <Suspense fallback={null}>
      <LazyTab {...props} />
    </Suspense>
  );
}

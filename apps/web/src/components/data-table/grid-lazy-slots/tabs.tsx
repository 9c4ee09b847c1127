import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Tabs slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyTabs = lazy(() => import('@mui/material/Tabs'));

export default function GridTabs(props: ComponentProps<typeof LazyTabs>) {
  return (
    <Suspense fallback={null}>
      <LazyTabs {...props} />
    </Suspense>
  );
}

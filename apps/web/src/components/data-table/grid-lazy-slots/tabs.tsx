import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Tabs slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyTabs = lazy(() => import('@mui/material/Tabs'));

// eslint-disable-next-line no-restricted-syntax -- the grid's slots import MUI's default export, so this one too
export default function GridTabs(props: ComponentProps<typeof LazyTabs>) {
  return (
    <Suspense fallback={null}>
      <LazyTabs {...props} />
    </Suspense>
  );
}

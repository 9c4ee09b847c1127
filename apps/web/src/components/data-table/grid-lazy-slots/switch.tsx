import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Switch slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazySwitch = lazy(() => import('@mui/material/Switch'));

export default function GridSwitch(props: ComponentProps<typeof LazySwitch>) {
  return (
    <Suspense fallback={null}>
      <LazySwitch {...props} />
    </Suspense>
  );
}

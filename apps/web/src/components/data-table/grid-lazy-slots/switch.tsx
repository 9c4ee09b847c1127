import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Switch slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazySwitch = lazy(() => import('@mui/material/Switch'));

// eslint-disable-next-line no-restricted-syntax -- the grid's slots import MUI's default export, so this one too
export default function GridSwitch(props: ComponentProps<typeof LazySwitch>) {
  return (
    <Suspense fallback={null}>
      <LazySwitch {...props} />
    </Suspense>
  );
}

import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's ToggleButton slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyToggleButton = lazy(() => import('@mui/material/ToggleButton'));

// eslint-disable-next-line no-restricted-syntax -- the grid's slots import MUI's default export, so this one too
export default function GridToggleButton(props: ComponentProps<typeof LazyToggleButton>) {
  return (
    <Suspense fallback={null}>
      <LazyToggleButton {...props} />
    </Suspense>
  );
}

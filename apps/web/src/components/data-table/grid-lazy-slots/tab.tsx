import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Tab slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyTab = lazy(() => import('@mui/material/Tab'));

// eslint-disable-next-line no-restricted-syntax -- the grid's slots import MUI's default export, so this one too
export default function GridTab(props: ComponentProps<typeof LazyTab>) {
  return (
    <Suspense fallback={null}>
      <LazyTab {...props} />
    </Suspense>
  );
}

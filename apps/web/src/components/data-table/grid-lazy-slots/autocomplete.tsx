import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Autocomplete slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyAutocomplete = lazy(() => import('@mui/material/Autocomplete'));

// eslint-disable-next-line no-restricted-syntax -- the grid's slots import MUI's default export, so this one too
export default function GridAutocomplete(props: ComponentProps<typeof LazyAutocomplete>) {
  return (
    <Suspense fallback={null}>
      <LazyAutocomplete {...props} />
    </Suspense>
  );
}

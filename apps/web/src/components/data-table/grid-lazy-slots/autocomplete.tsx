import { lazy, Suspense, type ComponentProps } from 'react';

// The grid's Autocomplete slot, loaded when first shown (vite-grid-lazy-slots.ts, decision 055).
const LazyAutocomplete = lazy(() => import('@mui/material/Autocomplete'));

export default function GridAutocomplete(props: ComponentProps<typeof LazyAutocomplete>) {
  return (
    <Suspense fallback={null}>
      <LazyAutocomplete {...props} />
    </Suspense>
  );
}

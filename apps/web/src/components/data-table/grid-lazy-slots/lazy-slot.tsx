import { lazy, Suspense, type ComponentType } from 'react';

/**
 * One of the grid's slots, loaded the first time it renders (delivery/grid-lazy-slots.ts, decision
 * 055): nothing is shown until then, and then MUI's own component with the props and ref given.
 */
export function lazySlot<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Loaded = lazy(load);
  return function GridLazySlot(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

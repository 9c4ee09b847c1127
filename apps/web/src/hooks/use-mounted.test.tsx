import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// React's startTransition, recorded: the mount flip must go through it (decision 060).
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transitions.count += 1;
      react.startTransition(scope);
    },
  };
});

const { useMounted } = await import('./use-mounted.ts');

function Probe() {
  return <p>{useMounted() ? 'mounted' : 'first render'}</p>;
}

describe('useMounted', () => {
  it('is false in the first render, then true, flipped at transition priority', async () => {
    const seen: string[] = [];
    function Recorder() {
      const mounted = useMounted();
      seen.push(String(mounted));
      return null;
    }
    render(
      <>
        <Probe />
        <Recorder />
      </>,
    );
    expect(await screen.findByText('mounted')).toBeInTheDocument();
    expect(seen[0]).toBe('false');
    expect(seen.at(-1)).toBe('true');
    // A blocking update from the effect would render the page it reveals in one long task.
    expect(transitions.count).toBeGreaterThanOrEqual(2);
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeyedEffect, useMountEffect, useStableValue } from './use-keyed-effect.ts';

describe('useKeyedEffect', () => {
  it('runs on mount and on a new key only, with the latest values, cleaning up before each run', () => {
    const log: string[] = [];
    function Probe({ id, note }: { id: string; note: string }) {
      useKeyedEffect(id, () => {
        log.push(`run ${id} ${note}`);
        return () => void log.push(`clean ${id}`);
      });
      return null;
    }
    const { rerender, unmount } = render(<Probe id="a" note="first" />);
    rerender(<Probe id="a" note="second" />);
    expect(log).toEqual(['run a first']);
    rerender(<Probe id="b" note="third" />);
    expect(log).toEqual(['run a first', 'clean a', 'run b third']);
    unmount();
    expect(log.at(-1)).toBe('clean b');
  });
});

describe('useMountEffect', () => {
  it('runs once per mount whatever the props do, and cleans up on unmount', () => {
    const log: string[] = [];
    function Probe({ note }: { note: string }) {
      useMountEffect(() => {
        log.push(`mount ${note}`);
        return () => void log.push('unmount');
      });
      return null;
    }
    const { rerender, unmount } = render(<Probe note="first" />);
    rerender(<Probe note="second" />);
    rerender(<Probe note="third" />);
    expect(log).toEqual(['mount first']);
    unmount();
    expect(log).toEqual(['mount first', 'unmount']);
  });
});

describe('useStableValue', () => {
  it('keeps the first reference while a fresh literal says the same, and takes a changed one', () => {
    const seen: (readonly string[])[] = [];
    function Probe({ keys }: { keys: readonly string[] }) {
      seen.push(useStableValue(keys));
      return null;
    }
    const first = ['name', 'email'];
    const { rerender } = render(<Probe keys={first} />);
    rerender(<Probe keys={['name', 'email']} />);
    const changed = ['name'];
    rerender(<Probe keys={changed} />);
    expect(seen[0]).toBe(first);
    expect(seen[1]).toBe(first);
    expect(seen.at(-1)).toBe(changed);
  });
});

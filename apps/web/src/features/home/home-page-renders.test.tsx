import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderThroughDeskAnswer } from '../../test/home-fixtures.ts';

// Every render of a list tile, with its title and whether it showed its skeleton.
const renders = vi.hoisted(() => [] as string[]);
vi.mock('./home-tile.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./home-tile.tsx')>();
  return {
    ...original,
    HomeTile: (props: Parameters<typeof original.HomeTile>[0]) => {
      renders.push(`${props.title}: ${props.loading ? 'loading' : 'answer'}`);
      return original.HomeTile(props);
    },
  };
});

const { HomePage } = await import('./home-page.tsx');

describe('HomePage renders', () => {
  afterEach(cleanup);

  // Decision 063: the store's updates (the request pending, the answer) re-render /home at the
  // default priority while the tiles' props stay the same (the answer is deferred): the memoised
  // tiles do not render their skeletons again in those tasks.
  it('renders each tile once with its skeleton and once with the answer', async () => {
    await renderThroughDeskAnswer(<HomePage />);
    expect(renders.filter((r) => r.startsWith('My merchants by stage'))).toEqual([
      'My merchants by stage: loading',
      'My merchants by stage: answer',
    ]);
  });
});

import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { EMPTY_HOME } from './home-fixtures.ts';

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
    let answer: (r: { body: HomeSummary }) => void = () => {};
    fakeFetch({ 'GET /api/home': () => new Promise((resolve) => (answer = resolve)) });
    renderPage(<HomePage />, { url: '/home' });
    expect(await screen.findByRole('status', { name: 'Loading My merchants by stage' })).toBeVisible();
    answer({ body: EMPTY_HOME });
    expect(await screen.findByText(/No merchant is assigned to you yet/)).toBeVisible();
    expect(renders.filter((r) => r.startsWith('My merchants by stage'))).toEqual([
      'My merchants by stage: loading',
      'My merchants by stage: answer',
    ]);
  });
});

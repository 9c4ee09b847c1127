import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterFirstCommit } from './after-first-commit.tsx';

describe('AfterFirstCommit', () => {
  it('commits its children after the rest of the tree, holding a screen-high place first', async () => {
    const commits: string[] = [];
    // Layout effects run once a commit has reached the DOM: what was there in the frame's commit.
    let held = '';
    function Frame() {
      useLayoutEffect(() => {
        commits.push(document.querySelector('[data-page]') ? 'frame with page' : 'frame alone');
        held = document.querySelector<HTMLElement>('div[aria-hidden="true"]')?.style.minHeight ?? 'none';
      }, []);
      return <header>Top bar</header>;
    }
    function Page() {
      useLayoutEffect(() => {
        commits.push('page');
      }, []);
      return <p data-page>The page</p>;
    }
    const { container } = render(
      <>
        <Frame />
        <AfterFirstCommit>
          <Page />
        </AfterFirstCommit>
      </>,
    );
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(commits).toEqual(['frame alone', 'page']);
    // The first commit held the page's place with an empty block a screen high (what is below stays down).
    expect(held).toBe('100dvh');
    expect(container.querySelector('div[aria-hidden="true"]')).toBeNull();
  });

  it('shows a placeholder of its own when given one', async () => {
    const seen: (string | undefined)[] = [];
    function Watch() {
      useLayoutEffect(() => {
        seen.push(document.body.textContent ?? undefined);
      });
      return null;
    }
    render(
      <>
        <Watch />
        <AfterFirstCommit placeholder={<p>Holding</p>}>
          <p>Later</p>
        </AfterFirstCommit>
      </>,
    );
    expect(await screen.findByText('Later')).toBeInTheDocument();
    expect(seen[0]).toBe('Holding');
    expect(screen.queryByText('Holding')).toBeNull();
  });
});

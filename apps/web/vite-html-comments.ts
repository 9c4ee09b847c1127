import type { Plugin } from 'vite';

/**
 * index.html's comments say why its parts are there; the built page, which every first load
 * fetches before anything else, goes without them (about 0.25 KB of brotli, decision 069).
 */
export function htmlCommentsPlugin(): Plugin {
  return {
    name: 'boardwalk-html-comments',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => stripHtmlComments(html),
    },
  };
}

/** The page without its comments and the white space before each. */
export function stripHtmlComments(html: string): string {
  return html.replace(/\s*<!--[\s\S]*?-->/g, '');
}

/**
 * How an email template's body becomes the HTML and the plain-text part that are sent (decision
 * 082). The same functions serve the preview and the send job, so the preview is what is sent.
 */

/**
 * A tag that lays out blocks. A body with any of them is HTML its author laid out, sent as
 * written; a body without them is text (inline tags such as <b> or <a> allowed) whose paragraphs
 * and line breaks the author typed, and that a browser would otherwise run together.
 */
const LAYOUT_TAG =
  /<\/?(p|br|div|h[1-6]|ul|ol|li|table|tr|td|th|blockquote|pre|hr|section|article|header|footer|html|body)(\s|\/|>)/i;

/** Whether a template body is laid out by its own HTML (else its line breaks are kept for it). */
export function isLaidOutHtml(body: string): boolean {
  return LAYOUT_TAG.test(body);
}

/**
 * The rendered body as HTML: for a text body, a blank line starts a new paragraph (<p>) and a
 * line break becomes <br>. A body on one line is left as it is (nothing to keep). `source` is the
 * template as written: whether it is laid out is decided by it, not by the values printed into it.
 */
export function bodyToHtml(source: string, rendered: string): string {
  if (isLaidOutHtml(source)) return rendered;
  const text = rendered.replace(/\r\n?/g, '\n').trim();
  if (!text.includes('\n')) return rendered;
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.replace(/[ \t]*\n[ \t]*/g, '<br>\n')}</p>`)
    .join('\n');
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', amp: '&' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The plain-text part of an HTML email: tags dropped, a paragraph (or heading, list item, table
 * row) on its own lines with a blank line between paragraphs, <br> a line break, entities decoded.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/\s*<br\s*\/?>\s*/gi, '\n')
    .replace(/<\/(p|h[1-6])>\s*/gi, '\n\n')
    .replace(/<\/(div|li|tr|blockquote)>\s*/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

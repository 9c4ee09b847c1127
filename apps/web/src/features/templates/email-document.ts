/**
 * The font stack of an email that names none: the sans-serif one mail clients fall back to,
 * rather than the serif default of a bare browser document.
 */
export const EMAIL_FONT_STACK = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const BASE_STYLE = `<style>body{margin:16px;font-family:${EMAIL_FONT_STACK};font-size:14px;line-height:1.5;color:#222;background:#fff}</style>`;

/**
 * A rendered email body as the document the preview frame shows: the base style first, so that
 * the email's own styles (a <style> or inline ones, later in the cascade) still win.
 */
export function emailDocument(html: string): string {
  return `<!doctype html><meta charset="utf-8">${BASE_STYLE}${html}`;
}

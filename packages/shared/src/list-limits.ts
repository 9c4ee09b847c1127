/**
 * The list limits (docs/architecture.md, API conventions) without zod: the web reads its lists' URL with them before zod has
 * loaded (decision 055); list.ts builds the schemas from the same values.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

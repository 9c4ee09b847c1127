/**
 * The list limits (docs/architecture.md, API conventions) without zod: the web reads its lists' URL with them before zod has
 * loaded (decision 055); list.ts builds the schemas from the same values.
 */
export const MAX_PAGE_SIZE = 100;
/** The last page a list answers: an offset past 100,000,000 rows is no page anyone reads. */
export const MAX_PAGE = 1_000_000;
export const DEFAULT_PAGE_SIZE = 25;

import { readProblem } from '../../lib/problem.ts';

export type PreviewError = {
  field: string;
  message: string;
  line: number | undefined;
  column: number | undefined;
  /** The source line the error points at, when it has one. */
  excerpt: string | undefined;
};

const POSITION = /^Line (\d+)(?:, column (\d+))?:\s*/;

/**
 * The preview's 400 problem as a list of errors, each with its line and the source line it
 * points at (the API writes "Line 3, column 7: tag {% if %} not closed").
 */
export function previewErrors(error: unknown, sources: Record<string, string | undefined>): PreviewError[] {
  const problem = readProblem(error);
  if (!problem?.errors) return [];
  return Object.entries(problem.errors).flatMap(([field, messages]) =>
    messages.map((text) => {
      const match = POSITION.exec(text);
      const line = match ? Number(match[1]) : undefined;
      const column = match?.[2] ? Number(match[2]) : undefined;
      const excerpt = line !== undefined ? sources[field]?.split(/\r?\n/)[line - 1] : undefined;
      return { field, message: match ? text.slice(match[0].length) : text, line, column, excerpt };
    }),
  );
}

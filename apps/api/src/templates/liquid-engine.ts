import type { TemplateChannel, TemplatePreviewResult } from '@boardwalk/shared';
import { Liquid, type Template } from 'liquidjs';
import type { FieldErrors } from '../lib/problem.ts';
import { PLACEHOLDER_PATHS, toLiquidScope, type TemplateValues } from './context.ts';
import { bodyToHtml, htmlToText } from './email-body.ts';

/**
 * Limits of one render (a nested 3000 × 3000 loop ran 2 s). `memoryLimit` counts the
 * items of every range and array and the characters of every string filter result, so it
 * bounds loop turns (20,000 in all: the probe's loop stops after 6 of its 3000 outer turns,
 * about 20,000 inner turns or 50-100 ms; a nested loop turn costs µs, so 200,000 took 900 ms;
 * no real message loops more than a few hundred times); `renderLimit` is the time backstop in ms. Both raise a
 * LiquidJS error that renderInThisThread reports as TOO_MUCH_WORK. This file runs inside the
 * render worker (render-worker.ts), which the pool also kills on a hard deadline.
 */
export const RENDER_LIMITS = { renderLimit: 500, memoryLimit: 20_000 } as const;

/** Printed output is not counted by memoryLimit; a message longer than this is refused. */
const MAX_OUTPUT_CHARS = 1_000_000;

export const TOO_MUCH_WORK =
  'This template does too much work to render: shorten its loops or its output (a message loops at most a few thousand times).';

/**
 * Sandboxed LiquidJS: no file system (no include/render/layout tags, in-memory
 * lookups only), unknown filters are errors, only own properties are visible, and parse and
 * render are bounded. Email HTML escapes every printed value, and has no `raw` to undo it.
 * `jsTruthy`: an empty placeholder is false in a condition, as its author means by
 * `{% if merchant.mid %}` (Liquid's own rule holds "" true); every placeholder is a string and
 * toLiquidScope makes a blank one "" (decision 082).
 */
function createEngine(escapeHtml: boolean): Liquid {
  const liquid = new Liquid({
    templates: {},
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    jsTruthy: true,
    outputEscape: escapeHtml ? 'escape' : undefined,
    parseLimit: 200_000,
    ...RENDER_LIMITS,
  });
  for (const tag of ['include', 'render', 'layout', 'block']) delete liquid.tags[tag];
  if (escapeHtml) delete liquid.filters.raw;
  return liquid;
}

const html = createEngine(true);
const text = createEngine(false);

type Part = { field: 'subject' | 'body'; source: string; engine: Liquid };

function partsOf(input: { channel: TemplateChannel; subject?: string | undefined; body: string }): Part[] {
  if (input.channel === 'sms') return [{ field: 'body', source: input.body, engine: text }];
  return [
    { field: 'subject', source: input.subject ?? '', engine: text },
    { field: 'body', source: input.body, engine: html },
  ];
}

type LiquidErrorLike = Error & { token?: { getPosition?: () => [number, number] }; originalError?: Error };

/** LiquidJS's `output "{{ name\nthere" not closed`: the source quoted as JSON, escapes and all. */
const OUTPUT_NOT_CLOSED = /^output ("(?:[^"\\]|\\.)*") not closed$/;

/**
 * LiquidJS words some errors for its own developers: an unclosed output quotes the rest of the
 * template as a JSON string, so a line break reached the user as a literal "\n".
 * Such a message names the opening that is not closed, as the user typed it, up to the line end.
 */
function forPeople(message: string): string {
  const output = OUTPUT_NOT_CLOSED.exec(message);
  const quoted = output ? parseJsonString(output[1]!) : undefined;
  if (quoted !== undefined) return `${quoted.split(/\r?\n/)[0]!.trim()} is not closed: end it with }}`;
  // Any other JSON-escaped break or quote LiquidJS may quote, shown as typed.
  return message.replace(/\\r?\\n/g, ' ').replace(/\\"/g, '"');
}

function parseJsonString(quoted: string): string | undefined {
  try {
    const value: unknown = JSON.parse(quoted);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** "Line 3, column 7: tag {% if %} not closed", without LiquidJS's own position suffix. */
export function describeLiquidError(error: unknown): string {
  const e = error as LiquidErrorLike;
  const raw = (e.originalError?.message ?? e.message ?? String(error)).replace(/, line:\d+, col:\d+$/, '');
  const message = forPeople(raw);
  const position = e.token?.getPosition?.();
  return position ? `Line ${position[0]}, column ${position[1]}: ${message}` : message;
}

/** The placeholder a printed path is, or starts with (`.size`, `.first`, ...); undefined when none. */
function placeholderOf(segments: readonly unknown[]): string | undefined {
  let path = '';
  for (const segment of segments) {
    if (typeof segment !== 'string') return undefined;
    path = path ? `${path}.${segment}` : segment;
    if (PLACEHOLDER_PATHS.has(path)) return path;
  }
  return undefined;
}

/** The placeholders a parsed template uses, in the order they first appear. */
function usedPlaceholders(engine: Liquid, template: Template[]): string[] {
  const { globals } = engine.analyzeSync(template, { partials: false });
  const used = new Set<string>();
  for (const uses of Object.values(globals)) {
    for (const variable of uses) {
      const path = placeholderOf(variable.segments);
      if (path) used.add(path);
    }
  }
  return [...used];
}

function unknownPlaceholders(engine: Liquid, template: Template[]): string[] {
  const { globals } = engine.analyzeSync(template, { partials: false });
  const problems: string[] = [];
  for (const uses of Object.values(globals)) {
    for (const variable of uses) {
      if (placeholderOf(variable.segments)) continue;
      const { row, col } = variable.location;
      problems.push(
        `Line ${row}, column ${col}: unknown placeholder {{ ${variable.toString()} }}; see the placeholder list`,
      );
    }
  }
  return problems.slice(0, 5);
}

type Parsed = { errors: FieldErrors; templates: Map<Part['field'], Template[]> };

function parseParts(parts: Part[]): Parsed {
  const errors: FieldErrors = {};
  const templates = new Map<Part['field'], Template[]>();
  for (const part of parts) {
    try {
      const parsed = part.engine.parse(part.source);
      const unknown = unknownPlaceholders(part.engine, parsed);
      if (unknown.length > 0) errors[part.field] = unknown;
      else templates.set(part.field, parsed);
    } catch (error) {
      errors[part.field] = [describeLiquidError(error)];
    }
  }
  return { errors, templates };
}

/** Syntax and placeholder errors per field ({} when the template is fine): the check on save. */
export function checkTemplate(input: {
  channel: TemplateChannel;
  subject?: string | undefined;
  body: string;
}): FieldErrors {
  return parseParts(partsOf(input)).errors;
}

/** A rendered template, and the placeholders it uses (the preview warns about those a merchant has empty). */
export type RenderOutcome =
  { ok: true; result: TemplatePreviewResult; placeholders: string[] } | { ok: false; errors: FieldErrors };

export type RenderInput = { channel: TemplateChannel; subject?: string | undefined; body: string };

const isLimitError = (error: unknown): boolean =>
  /(template render|memory alloc) limit exceeded/.test(
    (error as LiquidErrorLike).originalError?.message ?? (error as Error).message ?? '',
  );

/**
 * Renders in the calling thread: only the render worker calls this (render.ts sends every
 * render there), since a render may hold the thread for up to RENDER_LIMITS.renderLimit ms.
 */
export async function renderInThisThread(input: RenderInput, values: Partial<TemplateValues>): Promise<RenderOutcome> {
  const parts = partsOf(input);
  const { errors, templates } = parseParts(parts);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const scope = toLiquidScope(values);
  const out: Partial<Record<Part['field'], string>> = {};
  for (const part of parts) {
    try {
      const rendered = (await part.engine.render(templates.get(part.field) ?? [], scope)) as string;
      if (rendered.length > MAX_OUTPUT_CHARS) errors[part.field] = [TOO_MUCH_WORK];
      else out[part.field] = rendered;
    } catch (error) {
      errors[part.field] = [isLimitError(error) ? TOO_MUCH_WORK : describeLiquidError(error)];
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const placeholders = [
    ...new Set(parts.flatMap((part) => usedPlaceholders(part.engine, templates.get(part.field) ?? []))),
  ];
  if (input.channel === 'sms') return { ok: true, result: { channel: 'sms', text: out.body ?? '' }, placeholders };
  const html = bodyToHtml(input.body, out.body ?? '');
  const subject = (out.subject ?? '').replace(/\s+/g, ' ').trim();
  return { ok: true, result: { channel: 'email', subject, html, text: htmlToText(html) }, placeholders };
}

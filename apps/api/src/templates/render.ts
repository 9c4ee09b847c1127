import type { TemplateChannel, TemplatePreviewResult } from '@boardwalk/shared';
import { Liquid, type Template } from 'liquidjs';
import type { FieldErrors } from '../lib/problem.ts';
import { PLACEHOLDER_PATHS, toLiquidScope, type TemplateValues } from './context.ts';

/**
 * Sandboxed LiquidJS (DESIGN §6): no file system (no include/render/layout tags, in-memory
 * lookups only), unknown filters are errors, only own properties are visible, and parse and
 * render are bounded. Email HTML escapes every printed value, and has no `raw` to undo it.
 */
function createEngine(escapeHtml: boolean): Liquid {
  const liquid = new Liquid({
    templates: {},
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    outputEscape: escapeHtml ? 'escape' : undefined,
    parseLimit: 200_000,
    renderLimit: 2_000,
    memoryLimit: 10_000_000,
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

/** "Line 3, column 7: tag {% if %} not closed", without LiquidJS's own position suffix. */
export function describeLiquidError(error: unknown): string {
  const e = error as LiquidErrorLike;
  const message = (e.originalError?.message ?? e.message ?? String(error)).replace(/, line:\d+, col:\d+$/, '');
  const position = e.token?.getPosition?.();
  return position ? `Line ${position[0]}, column ${position[1]}: ${message}` : message;
}

/** A printed path is known when it is a placeholder, or starts with one (`.size`, `.first`, ...). */
function isKnownPath(segments: readonly unknown[]): boolean {
  let path = '';
  for (const segment of segments) {
    if (typeof segment !== 'string') return false;
    path = path ? `${path}.${segment}` : segment;
    if (PLACEHOLDER_PATHS.has(path)) return true;
  }
  return false;
}

function unknownPlaceholders(engine: Liquid, template: Template[]): string[] {
  const { globals } = engine.analyzeSync(template, { partials: false });
  const problems: string[] = [];
  for (const uses of Object.values(globals)) {
    for (const variable of uses) {
      if (isKnownPath(variable.segments)) continue;
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

export type RenderOutcome = { ok: true; result: TemplatePreviewResult } | { ok: false; errors: FieldErrors };

/** Renders a template with the given values; errors come back per field, never thrown. */
export async function renderTemplate(
  input: { channel: TemplateChannel; subject?: string | undefined; body: string },
  values: Partial<TemplateValues>,
): Promise<RenderOutcome> {
  const parts = partsOf(input);
  const { errors, templates } = parseParts(parts);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const scope = toLiquidScope(values);
  const out: Partial<Record<Part['field'], string>> = {};
  for (const part of parts) {
    try {
      out[part.field] = await part.engine.render(templates.get(part.field) ?? [], scope);
    } catch (error) {
      errors[part.field] = [describeLiquidError(error)];
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const result: TemplatePreviewResult =
    input.channel === 'sms'
      ? { channel: 'sms', text: out.body ?? '' }
      : { channel: 'email', subject: (out.subject ?? '').replace(/\s+/g, ' ').trim(), html: out.body ?? '' };
  return { ok: true, result };
}

import {
  templateRuleErrors,
  type TemplateListQuery,
  type TemplatePreviewInput,
  type TemplatePreviewResult,
} from '@boardwalk/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { templates } from '../../db/schema/templates.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';
import { ProblemError, type FieldErrors } from '../../lib/problem.ts';
import { placeholderCatalogue, sampleValues, type PlaceholderEntry } from '../../templates/context.ts';
import { checkTemplate, RenderBusyError, renderTemplate } from '../../templates/render.ts';
import { getPublicSettings } from '../settings/settings.service.ts';

const t = templates;

function mergeErrors(...sets: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const set of sets) for (const [field, messages] of Object.entries(set)) (merged[field] ??= []).push(...messages);
  return merged;
}

const asFieldErrors = (errors: Record<string, string>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));

export const templateEntity: CrudEntity<typeof templates, TemplateListQuery> = {
  subject: 'template',
  label: 'template',
  table: t,
  sort: {
    name: t.name,
    channel: [t.channel, t.name],
    isActive: t.isActive,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  defaultOrder: [asc(sql`lower(${t.name})`)],
  search: [t.name, t.subject, t.description],
  filters: (q) => [
    q.channel === undefined ? undefined : eq(t.channel, q.channel),
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
  ],
  hooks: {
    // The Liquid is checked (syntax, filters, placeholders) whenever the text or channel changes.
    beforeWrite: async (_tx, _caller, { current, values, next }) => {
      const extra = next.channel === 'sms' && next.subject !== '' ? { subject: '' } : {};
      const touched =
        !current || values.body !== undefined || values.subject !== undefined || values.channel !== undefined;
      if (!touched) return extra;
      const candidate = { ...next, ...extra };
      const errors = mergeErrors(asFieldErrors(templateRuleErrors(candidate)), checkTemplate(candidate));
      if (Object.keys(errors).length > 0) throw new ProblemError(400, 'The template has errors.', { errors });
      return extra;
    },
  },
};

export const templateService = createCrudService(templateEntity);

/** Renders with the sample merchant, the portal name and support email being the real ones. */
export async function previewTemplate(db: Db, input: TemplatePreviewInput): Promise<TemplatePreviewResult> {
  const ruleErrors = input.channel === 'email' ? asFieldErrors(templateRuleErrors(input)) : {};
  const sample = sampleValues();
  const { portalName } = await getPublicSettings(db);
  const outcome = await renderTemplate(input, { ...sample, portal: { ...sample.portal, name: portalName } }).catch(
    (error: unknown) => {
      if (error instanceof RenderBusyError) {
        throw new ProblemError(503, error.message, { headers: { 'Retry-After': '2' } });
      }
      throw error;
    },
  );
  const errors = mergeErrors(ruleErrors, outcome.ok ? {} : outcome.errors);
  if (!outcome.ok || Object.keys(errors).length > 0)
    throw new ProblemError(400, 'The template has errors.', { errors });
  return outcome.result;
}

/** The /template/wiki catalogue, from the same definition the renderer uses. */
export function listPlaceholders(): { placeholders: PlaceholderEntry[] } {
  return { placeholders: placeholderCatalogue() };
}

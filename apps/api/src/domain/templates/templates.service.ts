import {
  templateRuleErrors,
  type MessageDelivery,
  type TemplateListQuery,
  type TemplatePreviewInput,
  type TemplatePreviewResult,
} from '@boardwalk/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { templates } from '../../db/schema/templates.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';
import { ProblemError, type FieldErrors } from '../../lib/problem.ts';
import { merchantTemplateValues, type PortalInfo } from '../messages/message-context.ts';
import {
  placeholderCatalogue,
  sampleValues,
  type PlaceholderEntry,
  type TemplateValues,
} from '../../templates/context.ts';
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

/** The sample merchant, with the real portal name. */
async function sampleWithPortal(db: Db): Promise<TemplateValues> {
  const sample = sampleValues();
  const { portalName } = await getPublicSettings(db);
  return { ...sample, portal: { ...sample.portal, name: portalName } };
}

/** A merchant the preview may use: one that exists and is not deleted (the route checked `read merchant`). */
async function previewMerchant(db: Db, id: string): Promise<{ id: string; dbaName: string }> {
  const [row] = await db
    .select({ id: merchants.id, dbaName: merchants.dbaName })
    .from(merchants)
    .where(and(eq(merchants.id, id), isNull(merchants.deletedAt)))
    .limit(1);
  if (!row) throw new ProblemError(404, 'No merchant with this id.');
  return row;
}

/** Is a placeholder empty in these values ("" or missing)? */
function isEmpty(values: TemplateValues, path: string): boolean {
  const dot = path.indexOf('.');
  const group = values[path.slice(0, dot) as keyof TemplateValues] as Record<string, string | undefined> | undefined;
  return (group?.[path.slice(dot + 1)] ?? '').trim() === '';
}

/**
 * Renders with the sample merchant (the portal name being the real one), or with the merchant
 * `merchantId` names, filled exactly as a message to it is when sent (merchantTemplateValues);
 * no placeholder holds a sensitive value (tax id, bank numbers, SSN), so nothing needs masking.
 * With a merchant the answer lists the placeholders the template uses that are empty for it.
 */
export async function previewTemplate(
  db: Db,
  input: TemplatePreviewInput,
  portal: PortalInfo,
  now: Date,
): Promise<TemplatePreviewResult> {
  const ruleErrors = input.channel === 'email' ? asFieldErrors(templateRuleErrors(input)) : {};
  const merchant = input.merchantId ? await previewMerchant(db, input.merchantId) : null;
  const values = merchant ? await merchantTemplateValues(db, merchant.id, portal, now) : await sampleWithPortal(db);
  const template = { channel: input.channel, subject: input.subject, body: input.body };
  const outcome = await renderTemplate(template, values).catch((error: unknown) => {
    if (error instanceof RenderBusyError) {
      throw new ProblemError(503, error.message, { headers: { 'Retry-After': '2' } });
    }
    throw error;
  });
  const errors = mergeErrors(ruleErrors, outcome.ok ? {} : outcome.errors);
  if (!outcome.ok || Object.keys(errors).length > 0)
    throw new ProblemError(400, 'The template has errors.', { errors });
  if (!merchant) return outcome.result;
  const emptyPlaceholders = outcome.placeholders.filter((path) => isEmpty(values, path));
  return { ...outcome.result, merchant: { merchantId: merchant.id, dbaName: merchant.dbaName, emptyPlaceholders } };
}

/** Whether emails leave the portal: SMTP_URL, or a host in the SMTP setting (as the send job decides). */
export async function messageDelivery(db: Db, smtpUrl: string | undefined): Promise<MessageDelivery> {
  if (smtpUrl) return { mailServerConfigured: true };
  const smtp = await readSetting(db, 'smtp');
  return { mailServerConfigured: smtp.host.trim() !== '' };
}

/** The /template/wiki catalogue, from the same definition the renderer uses. */
export function listPlaceholders(): { placeholders: PlaceholderEntry[] } {
  return { placeholders: placeholderCatalogue() };
}

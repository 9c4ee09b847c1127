import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import { booleanQuery, optionalText, recordMetaShape, requiredName, text, updateMetaShape } from './fields.ts';

/**
 * Message templates (the templates table): a Liquid body with placeholders such as
 * `{{ merchant.dba_name }}`. The server checks the Liquid syntax and the placeholders on save.
 */
export const TEMPLATE_CHANNELS = ['email', 'sms'] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
export const TEMPLATE_CHANNEL_LABELS: Record<TemplateChannel, string> = { email: 'Email', sms: 'SMS' };

export const MAX_TEMPLATE_BODY = 100_000;
/** Ten concatenated SMS segments. */
export const MAX_SMS_BODY = 1600;
export const MAX_TEMPLATE_SUBJECT = 300;

const channel = z.enum(TEMPLATE_CHANNELS, { error: 'Choose email or SMS' });
const subject = text().trim().max(MAX_TEMPLATE_SUBJECT, `Use at most ${MAX_TEMPLATE_SUBJECT} characters`);
const body = text('Write the message')
  .min(1, 'Write the message')
  .max(MAX_TEMPLATE_BODY, `Use at most ${MAX_TEMPLATE_BODY} characters`)
  .refine((v) => v.trim() !== '', 'Write the message');

/** The rules that involve two fields; the server applies them to the merged record on update too. */
export function templateRuleErrors(t: { channel: TemplateChannel; subject?: string; body?: string }) {
  const errors: Record<string, string> = {};
  if (t.channel === 'email' && !t.subject?.trim()) errors.subject = 'Enter a subject for an email';
  if (t.channel === 'sms' && (t.body?.length ?? 0) > MAX_SMS_BODY) {
    errors.body = `Keep an SMS to ${MAX_SMS_BODY} characters`;
  }
  return errors;
}

const templateShape = {
  name: requiredName('Enter the template name'),
  channel,
  subject: subject.optional(),
  body,
  description: optionalText(500).optional(),
  isActive: z.boolean().optional(),
};

/** POST /api/templates body `{ data }`. */
export const createTemplateSchema = z.object(templateShape).superRefine((t, ctx) => {
  for (const [path, message] of Object.entries(templateRuleErrors(t)))
    ctx.addIssue({ code: 'custom', path: [path], message });
});
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

/** PATCH /api/templates/{id} body: the record, partial. */
export const updateTemplateSchema = z.object(templateShape).partial().extend(updateMetaShape);
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

export const templateSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  channel: z.enum(TEMPLATE_CHANNELS),
  subject: z.string(),
  body: z.string(),
  description: z.string(),
  isActive: z.boolean(),
});
export type Template = z.infer<typeof templateSchema>;

export const TEMPLATE_SORT_COLUMNS = ['name', 'channel', 'isActive', 'createdAt', 'updatedAt'] as const;

/** GET /api/templates query: q matches name, subject and description. */
export const templateListQuerySchema = listParamsSchema(TEMPLATE_SORT_COLUMNS).extend({
  channel: z.enum(TEMPLATE_CHANNELS).optional(),
  isActive: booleanQuery.optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;
export type TemplateListResponse = ListResponse<'templates', Template>;

/**
 * POST /api/templates/preview body: renders with the sample merchant, or with the real merchant
 * `merchantId` names (the caller must be allowed to read it); nothing is saved.
 */
export const templatePreviewSchema = z.object({
  channel,
  subject: subject.optional(),
  body,
  merchantId: z.uuid('Not a valid merchant id').optional(),
});
export type TemplatePreviewInput = z.infer<typeof templatePreviewSchema>;

/** The real merchant a preview was rendered with, and the placeholders the template uses that are empty for it. */
const previewMerchant = z.object({
  merchantId: z.uuid(),
  dbaName: z.string(),
  emptyPlaceholders: z.array(z.string()),
});

/**
 * Email: subject, HTML (placeholder values HTML-escaped, the body's paragraphs and line breaks
 * kept) and the plain-text part, exactly as a message is sent. SMS: plain text. `merchant` when a
 * real merchant was asked for.
 */
export const templatePreviewResultSchema = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('email'),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    merchant: previewMerchant.optional(),
  }),
  z.object({ channel: z.literal('sms'), text: z.string(), merchant: previewMerchant.optional() }),
]);
export type TemplatePreviewResult = z.infer<typeof templatePreviewResultSchema>;

/** One entry of GET /api/templates/placeholders (the /template/wiki page). */
export const templatePlaceholderSchema = z.object({
  /** As written in a template: `{{ merchant.dba_name }}` has path `merchant.dba_name`. */
  path: z.string(),
  /** The object it belongs to (merchant, agent, portal, ...), for grouping. */
  group: z.string(),
  groupLabel: z.string(),
  meaning: z.string(),
  example: z.string(),
});
export type TemplatePlaceholder = z.infer<typeof templatePlaceholderSchema>;
export const templatePlaceholdersResponseSchema = z.object({ placeholders: z.array(templatePlaceholderSchema) });
export type TemplatePlaceholdersResponse = z.infer<typeof templatePlaceholdersResponseSchema>;

export const TEMPLATE_DEFAULTS = {
  name: '',
  channel: 'email',
  subject: '',
  body: '',
  description: '',
  isActive: true,
} satisfies CreateTemplateInput;

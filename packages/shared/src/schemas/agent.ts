import { z } from 'zod';
import { listParamsSchema, type ListResponse } from '../list.ts';
import {
  booleanQuery,
  optionalEmail,
  optionalPhone,
  optionalText,
  recordMetaShape,
  requiredName,
  text,
  updateMetaShape,
} from './fields.ts';

/** Agent accounts: sales agents / sub-ISOs that bring merchants in (the agent_accounts table). */

const splitPercent = z
  .number({ error: 'Enter a percentage between 0 and 100' })
  .min(0, 'Enter a percentage between 0 and 100')
  .max(100, 'Enter a percentage between 0 and 100')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most 2 decimals');

const agentFields = {
  name: requiredName('Enter the agent name'),
  agentCode: text('Enter an agent code')
    .trim()
    .max(20, 'Use 2–20 letters, digits, - or _')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$/, 'Use 2–20 letters, digits, - or _'),
  companyId: z.uuid('Choose a company').nullable(),
  /** Optional link to the ROLE_AGENT user who signs in as this agent. */
  userId: z.uuid('Choose a user').nullable(),
  email: optionalEmail,
  phone: optionalPhone,
  /** Residual share in percent, 0–100 with up to 2 decimals. */
  splitPercent,
  isActive: z.boolean(),
  notes: optionalText(2000),
};

/** POST /api/agents body `{ data }`. Left-out optional fields take the defaults shown in the row. */
export const createAgentSchema = z.object({
  name: agentFields.name,
  agentCode: agentFields.agentCode,
  companyId: agentFields.companyId.optional(),
  userId: agentFields.userId.optional(),
  email: agentFields.email.optional(),
  phone: agentFields.phone.optional(),
  splitPercent: agentFields.splitPercent.optional(),
  isActive: agentFields.isActive.optional(),
  notes: agentFields.notes.optional(),
});
export type CreateAgentInput = z.infer<typeof createAgentSchema>;

/** PATCH /api/agents/{id} body: the record, partial. */
export const updateAgentSchema = createAgentSchema.partial().extend(updateMetaShape);
export type UpdateAgentInput = z.infer<typeof updateAgentSchema>;

/** An agent account as the API returns it. */
export const agentSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  agentCode: z.string(),
  companyId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  email: z.string(),
  phone: z.string(),
  splitPercent: z.number(),
  isActive: z.boolean(),
  notes: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

export const AGENT_SORT_COLUMNS = ['name', 'agentCode', 'splitPercent', 'isActive', 'createdAt', 'updatedAt'] as const;

/** GET /api/agents query: q matches name, agent code, email and phone. */
export const agentListQuerySchema = listParamsSchema(AGENT_SORT_COLUMNS).extend({
  isActive: booleanQuery.optional(),
  companyId: z.uuid().optional(),
  userId: z.uuid().optional(),
});
export type AgentListQuery = z.infer<typeof agentListQuerySchema>;
export type AgentListResponse = ListResponse<'agentAccounts', Agent>;

/** What a new-agent form starts with. */
export const AGENT_DEFAULTS = {
  name: '',
  agentCode: '',
  companyId: null,
  userId: null,
  email: '',
  phone: '',
  splitPercent: 0,
  isActive: true,
  notes: '',
} satisfies CreateAgentInput;

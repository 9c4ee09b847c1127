import { updateSettingsSchema } from '@boardwalk/shared';
import { updateAgentSchema } from '@boardwalk/shared/schemas/agent';
import { updateAutomationSchema } from '@boardwalk/shared/schemas/automation';
import { updateCompanySchema } from '@boardwalk/shared/schemas/company';
import { cronJobUpdateSchema } from '@boardwalk/shared/schemas/cron-job';
import { updateIndustrySchema } from '@boardwalk/shared/schemas/industry';
import { updateLeadSourceSchema } from '@boardwalk/shared/schemas/lead-source';
import { updateMerchantSchema, updateOwnerSchema } from '@boardwalk/shared/schemas/merchant';
import { updateNoteSchema } from '@boardwalk/shared/schemas/merchant-files';
import { reorderStagesSchema, updateStageSchema } from '@boardwalk/shared/schemas/stage';
import { updateTemplateSchema } from '@boardwalk/shared/schemas/template';
import { updateTodoSchema } from '@boardwalk/shared/schemas/todo';
import { updateUserSchema } from '@boardwalk/shared/schemas/user';
import { updateStageActionSchema } from '@boardwalk/shared/schemas/workflow-action';
import type { z } from 'zod';

/**
 * What the API accepts in a PATCH body: it refuses any other field with a 400 (decision 075), so
 * the fake fetch fails a test whose screen sends one, naming the route and the fields.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const one = (base: string) => new RegExp(`^${base}/${UUID}$`);

const PATCH_BODIES: { path: RegExp; schema: z.ZodObject }[] = [
  { path: one('/api/agents'), schema: updateAgentSchema },
  { path: one('/api/companies'), schema: updateCompanySchema },
  { path: one('/api/industry'), schema: updateIndustrySchema },
  { path: one('/api/lead-sources'), schema: updateLeadSourceSchema },
  { path: one('/api/stages'), schema: updateStageSchema },
  { path: /^\/api\/stages\/reorder$/, schema: reorderStagesSchema },
  { path: one('/api/templates'), schema: updateTemplateSchema },
  { path: one('/api/users'), schema: updateUserSchema },
  { path: one('/api/automations'), schema: updateAutomationSchema },
  { path: one('/api/stage-actions'), schema: updateStageActionSchema },
  { path: one('/api/todos'), schema: updateTodoSchema },
  { path: one('/api/merchants'), schema: updateMerchantSchema },
  { path: new RegExp(`^/api/merchants/${UUID}/owners/${UUID}$`), schema: updateOwnerSchema },
  { path: new RegExp(`^/api/merchants/${UUID}/notes/${UUID}$`), schema: updateNoteSchema },
  { path: /^\/api\/history\/cron-jobs\/[a-z0-9.-]+$/, schema: cronJobUpdateSchema },
  { path: /^\/api\/settings$/, schema: updateSettingsSchema },
];

/** Why the API would refuse this PATCH body's fields, or undefined when it takes them all. */
export function requestViolation(method: string, path: string, body: unknown): string | undefined {
  if (method !== 'PATCH') return undefined;
  const contract = PATCH_BODIES.find((c) => c.path.test(path));
  if (!contract) return 'no PATCH of the API has this path';
  if (typeof body !== 'object' || body === null) return undefined;
  const refused = Object.keys(body).filter((field) => !(field in contract.schema.shape));
  return refused.length > 0 ? `the API refuses the fields ${refused.join(', ')}` : undefined;
}

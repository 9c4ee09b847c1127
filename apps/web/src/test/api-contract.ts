import {
  apiTokenListResponseSchema,
  apiTokenWithSecretSchema,
  apiUsageListResponseSchema,
  apiUsageSeriesResponseSchema,
  auditListResponseSchema,
  cronJobListResponseSchema,
  cronJobRunNowResponseSchema,
  cronJobRunsResponseSchema,
  cronJobSchema,
  messageDeliverySchema,
  messageDetailSchema,
  messageListResponseSchema,
  templatePlaceholdersResponseSchema,
  templatePreviewResultSchema,
  agentSchema,
  companySchema,
  industrySchema,
  leadSourceSchema,
  publicSettingsSchema,
  searchResponseSchema,
  settingSchemas,
  stageSchema,
  templateSchema,
  uiSettingsSchema,
} from '@boardwalk/shared';
import { problemSchema } from '@boardwalk/shared/problem';
import { slaPauseSchema } from '@boardwalk/shared/schemas/application';
import {
  assignmentRuleListSchema,
  assignmentRuleSchema,
  awayPeriodListSchema,
  awayPeriodSchema,
  queueListSchema,
} from '@boardwalk/shared/schemas/assignment';
import {
  notificationCountSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationSchema,
} from '@boardwalk/shared/schemas/notification';
import {
  backtestResultSchema,
  merchantScoreSchema,
  scorecardListSchema,
  scorecardSchema,
} from '@boardwalk/shared/schemas/scorecard';
import {
  merchantBulkResultSchema,
  duplicateListSchema,
  merchantDetailSchema,
  merchantDraftListSchema,
  merchantDraftSchema,
  merchantEventListSchema,
  merchantRevealResponseSchema,
  merchantSchema,
  noteSchema,
  ownerSchema,
} from '@boardwalk/shared/schemas/merchant';
import { mfaRecoveryCodesSchema, mfaSetupSchema, mfaStatusSchema } from '@boardwalk/shared/schemas/mfa';
import { permissionSchema, userOptionSchema, userSchema } from '@boardwalk/shared/schemas/user';
import { documentListSchema, noteListSchema } from '@boardwalk/shared/schemas/merchant-files';
import { homeSummarySchema } from '@boardwalk/shared/schemas/home';
import {
  decisionsReportSchema,
  funnelReportSchema,
  newMerchantsReportSchema,
  productionReportSchema,
  slaBreachesReportSchema,
  timeInStageReportSchema,
} from '@boardwalk/shared/schemas/report';
import { todoCountsSchema, todoListSchema, todoSchema } from '@boardwalk/shared/schemas/todo';
import {
  stageActionExecutionListResponseSchema,
  stageActionExecutionSchema,
  stageActionListResponseSchema,
  stageActionSchema,
  stageActionTestRunResponseSchema,
} from '@boardwalk/shared/schemas/workflow-action';
import {
  automationDryRunResponseSchema,
  automationExecutionDetailSchema,
  automationExecutionListResponseSchema,
  automationPreviewResponseSchema,
  automationSchema,
} from '@boardwalk/shared/schemas/automation';
import { z } from 'zod';

/**
 * What the API promises to answer, from the shared schemas: the fake fetch checks every fixture
 * a test answers with against it, so a fixture that drifts from the API contract fails the test
 * instead of testing a screen against a server that does not exist.
 */
type Contract = { method: string; path: RegExp; schema: z.ZodType };

function listOf(key: string, row: z.ZodType) {
  return z.object({ [key]: z.array(row), total: z.number().int(), params: z.looseObject({}), allData: z.array(row) });
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** An entity served the crud way: list, one record, create and update answers. */
function entity(base: string, key: string, row: z.ZodType): Contract[] {
  const one = new RegExp(`^${base}/${UUID}$`);
  return [
    { method: 'GET', path: new RegExp(`^${base}$`), schema: listOf(key, row) },
    { method: 'POST', path: new RegExp(`^${base}$`), schema: row },
    { method: 'GET', path: one, schema: row },
    { method: 'PATCH', path: one, schema: row },
  ];
}

/** The merchant record's routes: the add form and the view page. */
function merchantRecord(): Contract[] {
  const one = `^/api/merchants/${UUID}`;
  const draft = new RegExp(`^/api/merchant-drafts/${UUID}$`);
  return [
    { method: 'POST', path: /^\/api\/merchants$/, schema: merchantSchema },
    { method: 'POST', path: /^\/api\/merchants\/duplicates$/, schema: duplicateListSchema },
    { method: 'GET', path: new RegExp(`${one}$`), schema: merchantDetailSchema },
    { method: 'PATCH', path: new RegExp(`${one}$`), schema: merchantSchema },
    { method: 'POST', path: new RegExp(`${one}/(restore|stage|assignment)$`), schema: merchantSchema },
    { method: 'POST', path: new RegExp(`${one}/reveal$`), schema: merchantRevealResponseSchema },
    { method: 'POST', path: new RegExp(`${one}/owners$`), schema: ownerSchema },
    { method: 'PATCH', path: new RegExp(`${one}/owners/${UUID}$`), schema: ownerSchema },
    { method: 'GET', path: new RegExp(`${one}/events$`), schema: merchantEventListSchema },
    { method: 'GET', path: new RegExp(`${one}/sla-pause$`), schema: slaPauseSchema },
    { method: 'GET', path: new RegExp(`${one}/duplicates$`), schema: duplicateListSchema },
    { method: 'GET', path: /^\/api\/merchant-drafts$/, schema: merchantDraftListSchema },
    { method: 'POST', path: /^\/api\/merchant-drafts$/, schema: merchantDraftSchema },
    { method: 'GET', path: draft, schema: merchantDraftSchema },
    { method: 'PUT', path: draft, schema: merchantDraftSchema },
  ];
}

const CONTRACTS: Contract[] = [
  ...merchantRecord(),
  { method: 'GET', path: /^\/api\/templates\/placeholders$/, schema: templatePlaceholdersResponseSchema },
  { method: 'POST', path: /^\/api\/templates\/preview$/, schema: templatePreviewResultSchema },
  { method: 'GET', path: /^\/api\/templates\/delivery$/, schema: messageDeliverySchema },
  ...entity('/api/agents', 'agentAccounts', agentSchema),
  ...entity('/api/companies', 'companies', companySchema),
  ...entity('/api/industry', 'industries', industrySchema),
  ...entity('/api/lead-sources', 'leadSources', leadSourceSchema),
  ...entity('/api/stages', 'stages', stageSchema),
  ...entity('/api/templates', 'templates', templateSchema),
  ...entity('/api/users', 'users', userSchema),
  { method: 'GET', path: /^\/apps\/permissions\/data$/, schema: listOf('permissions', permissionSchema) },
  { method: 'GET', path: /^\/api\/history\/audit$/, schema: auditListResponseSchema },
  // Stage actions and their executions.
  { method: 'GET', path: new RegExp(`^/api/stages/${UUID}/actions$`), schema: stageActionListResponseSchema },
  { method: 'POST', path: new RegExp(`^/api/stages/${UUID}/actions$`), schema: stageActionSchema },
  { method: 'PATCH', path: new RegExp(`^/api/stage-actions/${UUID}$`), schema: stageActionSchema },
  { method: 'PUT', path: new RegExp(`^/api/stages/${UUID}/actions/order$`), schema: stageActionListResponseSchema },
  {
    method: 'POST',
    path: new RegExp(`^/api/stages/${UUID}/actions/test-run$`),
    schema: stageActionTestRunResponseSchema,
  },
  {
    method: 'GET',
    path: /^\/api\/history\/stageActionExecutionHistory$/,
    schema: stageActionExecutionListResponseSchema,
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/history/stage-action/${UUID}/retry$`),
    schema: stageActionExecutionSchema,
  },
  // Automations and their executions.
  ...entity('/api/automations', 'automations', automationSchema),
  { method: 'POST', path: new RegExp(`^/api/automations/${UUID}/duplicate$`), schema: automationSchema },
  { method: 'POST', path: /^\/api\/automations\/preview$/, schema: automationPreviewResponseSchema },
  { method: 'POST', path: /^\/api\/automations\/dry-run$/, schema: automationDryRunResponseSchema },
  { method: 'GET', path: /^\/api\/history\/automations$/, schema: automationExecutionListResponseSchema },
  {
    method: 'GET',
    path: new RegExp(`^/api/history/automations/${UUID}$`),
    schema: automationExecutionDetailSchema,
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/history/automations/${UUID}/retry$`),
    schema: automationExecutionDetailSchema,
  },
  // API tokens and usage.
  { method: 'GET', path: /^\/api\/api-tokens$/, schema: apiTokenListResponseSchema },
  { method: 'POST', path: /^\/api\/api-tokens$/, schema: apiTokenWithSecretSchema },
  { method: 'POST', path: new RegExp(`^/api/api-tokens/${UUID}/rotate$`), schema: apiTokenWithSecretSchema },
  { method: 'GET', path: /^\/api\/history\/api$/, schema: apiUsageListResponseSchema },
  { method: 'GET', path: /^\/api\/history\/api\/series$/, schema: apiUsageSeriesResponseSchema },
  // Emails log and cron jobs.
  { method: 'GET', path: /^\/api\/history\/emails$/, schema: messageListResponseSchema },
  { method: 'GET', path: new RegExp(`^/api/history/emails/${UUID}$`), schema: messageDetailSchema },
  { method: 'POST', path: new RegExp(`^/api/history/emails/${UUID}/retry$`), schema: messageDetailSchema },
  { method: 'GET', path: /^\/api\/history\/cron-jobs$/, schema: cronJobListResponseSchema },
  { method: 'GET', path: /^\/api\/history\/cron-jobs\/[a-z0-9.-]+\/runs$/, schema: cronJobRunsResponseSchema },
  { method: 'PATCH', path: /^\/api\/history\/cron-jobs\/[a-z0-9.-]+$/, schema: cronJobSchema },
  { method: 'POST', path: /^\/api\/history\/cron-jobs\/[a-z0-9.-]+\/(pause|resume)$/, schema: cronJobSchema },
  { method: 'POST', path: /^\/api\/history\/cron-jobs\/[a-z0-9.-]+\/run$/, schema: cronJobRunNowResponseSchema },
  { method: 'GET', path: /^\/api\/users\/options$/, schema: z.object({ options: z.array(userOptionSchema) }) },
  { method: 'GET', path: /^\/api\/settings\/public$/, schema: publicSettingsSchema },
  { method: 'GET', path: /^\/api\/settings$/, schema: z.object(settingSchemas) },
  { method: 'PATCH', path: /^\/api\/settings$/, schema: z.object(settingSchemas) },
  { method: 'GET', path: /^\/api\/me\/settings$/, schema: uiSettingsSchema.partial() },
  { method: 'GET', path: /^\/api\/me\/mfa$/, schema: mfaStatusSchema },
  { method: 'POST', path: /^\/api\/me\/mfa\/setup$/, schema: mfaSetupSchema },
  { method: 'POST', path: /^\/api\/me\/mfa\/confirm$/, schema: mfaRecoveryCodesSchema },
  { method: 'GET', path: new RegExp(`^/api/users/${UUID}/mfa$`), schema: mfaStatusSchema },
  { method: 'GET', path: /^\/api\/search$/, schema: searchResponseSchema },
  // Merchants: the lists and views, and the writes the list screens make.
  {
    method: 'GET',
    path: /^\/api\/merchants(\/(sales|underwriting|operations|withdrawn|terminated|dead))?$/,
    schema: listOf('merchants', merchantSchema),
  },
  { method: 'POST', path: /^\/api\/merchants\/bulk\/(assign|stage)$/, schema: merchantBulkResultSchema },
  { method: 'GET', path: new RegExp(`^/api/merchants/${UUID}/notes$`), schema: noteListSchema },
  { method: 'POST', path: new RegExp(`^/api/merchants/${UUID}/notes$`), schema: noteSchema },
  { method: 'PATCH', path: new RegExp(`^/api/merchants/${UUID}/notes/${UUID}$`), schema: noteSchema },
  { method: 'GET', path: new RegExp(`^/api/merchants/${UUID}/documents$`), schema: documentListSchema },
  // Home and reporting.
  { method: 'GET', path: /^\/api\/home$/, schema: homeSummarySchema },
  { method: 'GET', path: /^\/api\/reports\/funnel$/, schema: funnelReportSchema },
  { method: 'GET', path: /^\/api\/reports\/new-merchants$/, schema: newMerchantsReportSchema },
  { method: 'GET', path: /^\/api\/reports\/time-in-stage$/, schema: timeInStageReportSchema },
  { method: 'GET', path: /^\/api\/reports\/decisions$/, schema: decisionsReportSchema },
  { method: 'GET', path: /^\/api\/reports\/sla-breaches$/, schema: slaBreachesReportSchema },
  { method: 'GET', path: /^\/api\/reports\/production$/, schema: productionReportSchema },
  // Todos.
  { method: 'GET', path: /^\/api\/todos$/, schema: todoListSchema },
  { method: 'GET', path: /^\/api\/todos\/counts$/, schema: todoCountsSchema },
  { method: 'POST', path: /^\/api\/todos$/, schema: todoSchema },
  { method: 'GET', path: new RegExp(`^/api/todos/${UUID}$`), schema: todoSchema },
  { method: 'PATCH', path: new RegExp(`^/api/todos/${UUID}$`), schema: todoSchema },
  { method: 'POST', path: new RegExp(`^/api/todos/${UUID}/restore$`), schema: todoSchema },
  // Work distribution.
  { method: 'GET', path: /^\/api\/assignment-rules$/, schema: assignmentRuleListSchema },
  { method: 'POST', path: /^\/api\/assignment-rules$/, schema: assignmentRuleSchema },
  { method: 'PUT', path: new RegExp(`^/api/assignment-rules/${UUID}$`), schema: assignmentRuleSchema },
  { method: 'GET', path: /^\/api\/me\/away-dates$/, schema: awayPeriodListSchema },
  { method: 'POST', path: /^\/api\/me\/away-dates$/, schema: awayPeriodSchema },
  { method: 'GET', path: /^\/api\/me\/queue$/, schema: queueListSchema },
  // Notifications (docs/decisions/109).
  { method: 'GET', path: /^\/api\/me\/notifications$/, schema: notificationListSchema },
  { method: 'GET', path: /^\/api\/me\/notifications\/unread$/, schema: notificationCountSchema },
  { method: 'POST', path: new RegExp(`^/api/me/notifications/${UUID}/read$`), schema: notificationSchema },
  { method: 'GET', path: /^\/api\/me\/notification-preferences$/, schema: notificationPreferencesSchema },
  { method: 'PUT', path: /^\/api\/me\/notification-preferences$/, schema: notificationPreferencesSchema },
  // The underwriting scorecard (docs/decisions/103).
  { method: 'GET', path: new RegExp(`^/api/merchants/${UUID}/score$`), schema: merchantScoreSchema },
  { method: 'GET', path: /^\/api\/scorecards$/, schema: scorecardListSchema },
  { method: 'POST', path: /^\/api\/scorecards$/, schema: scorecardSchema },
  { method: 'PATCH', path: new RegExp(`^/api/scorecards/${UUID}$`), schema: scorecardSchema },
  { method: 'POST', path: new RegExp(`^/api/scorecards/${UUID}/activate$`), schema: scorecardSchema },
  { method: 'POST', path: new RegExp(`^/api/scorecards/${UUID}/backtest$`), schema: backtestResultSchema },
];

/**
 * Why `body` is not what the API could answer to `method path` with `status`, or undefined when
 * it could. Every error answer must be problem JSON; success answers of a known route must
 * match its schema. Auth.js's own endpoints answer in their own shapes and are not checked.
 */
export function contractViolation(method: string, path: string, status: number, body: unknown): string | undefined {
  if (path.startsWith('/api/auth/')) return undefined;
  if (status >= 400) {
    const result = problemSchema.safeParse(body);
    return result.success ? undefined : `a ${status} answer must be problem JSON: ${z.prettifyError(result.error)}`;
  }
  if (body === undefined) return undefined;
  const contract = CONTRACTS.find((c) => c.method === method && c.path.test(path));
  if (!contract) return undefined;
  const result = contract.schema.safeParse(body);
  return result.success ? undefined : z.prettifyError(result.error);
}

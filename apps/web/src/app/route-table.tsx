import { MERCHANT_VIEWS, PIPELINES } from '@boardwalk/shared/pipelines';
import { NotAuthorizedPage } from '../features/errors/not-authorized-page.tsx';
import { ServerErrorPage } from '../features/errors/server-error-page.tsx';
import { START_PATH } from '../lib/start-page.ts';
import { eagerPage, lazyPage, type RouteEntry } from './route-types.ts';

// The merchant views: a list per view and a board per pipeline, the lists in one
// chunk, the boards (with drag and drop) in another.
const readMerchant = { action: 'read', subject: 'merchant' } as const;
const merchantViewRoutes: RouteEntry[] = [
  ...MERCHANT_VIEWS.map((view) => ({
    path: `/merchant/${view}`,
    page: () => import('../features/merchants/list/merchant-list-pages.tsx').then((m) => m.MERCHANT_LIST_PAGES[view]),
    ability: readMerchant,
  })),
  ...PIPELINES.map((pipeline) => ({
    path: `/merchant/${pipeline}/board`,
    page: () =>
      import('../features/merchants/board/merchant-board-pages.tsx').then((m) => m.MERCHANT_BOARD_PAGES[pipeline]),
    ability: readMerchant,
  })),
];

const landing = lazyPage(() => import('../features/landing/landing-page.tsx'), 'LandingPage');
const notFound = lazyPage(() => import('../features/errors/not-found-page.tsx'), 'NotFoundPage');

/**
 * Every page of the app. To add one: write features/<x>/<name>-page.tsx with a named export,
 * add an entry here (path, page loader, ability), and a menu item in navigation.ts if it has
 * one (same action/subject as the entry: route-table.test.ts checks they agree).
 * Pages are protected by default and need manage/all unless they say otherwise.
 */
export const routeTable: RouteEntry[] = [
  // Public and guest pages (no permission check).
  { path: '/', page: landing, public: true, layout: 'blank' },
  // Where sign-in and "Back to Home" go: the gate sends the user on to their first page.
  { path: START_PATH, page: landing, start: true, layout: 'blank' },
  {
    path: '/login',
    page: lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage'),
    guestOnly: true,
    layout: 'blank',
  },
  {
    path: '/401',
    // Already in the first bundle: the route gate and the error boundary show these.
    page: eagerPage(NotAuthorizedPage),
    public: true,
    layout: 'blank',
  },
  { path: '/404', page: notFound, public: true, layout: 'blank' },
  {
    path: '/500',
    page: eagerPage(ServerErrorPage),
    public: true,
    layout: 'blank',
  },

  // The first pages: home, access control, profile.
  {
    path: '/home',
    page: lazyPage(() => import('./home-tiles.tsx'), 'HomePage'),
    ability: { action: 'read', subject: 'home-page' },
  },
  {
    path: '/acl',
    page: lazyPage(() => import('../features/acl/acl-page.tsx'), 'AclPage'),
    ability: { action: 'read', subject: 'acl-page' },
  },
  {
    path: '/user/view/:id',
    page: lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
    // Every role reaches its own profile; the page shows others' only to who may read users.
    ability: { action: 'read', subject: 'own-profile' },
  },

  // Merchants, reporting, todo (later issues).
  {
    path: '/merchant/add',
    page: lazyPage(() => import('../features/merchants/add/merchant-add-page.tsx'), 'MerchantAddPage'),
    ability: { action: 'create', subject: 'merchant' },
  },
  ...merchantViewRoutes,
  {
    path: '/merchant/view/:id',
    page: lazyPage(() => import('../features/merchants/view/merchant-view-page.tsx'), 'MerchantViewPage'),
    ability: { action: 'read', subject: 'merchant' },
  },
  {
    path: '/report',
    page: lazyPage(() => import('../features/reports/reports-page.tsx'), 'ReportPage'),
    ability: { action: 'read', subject: 'report' },
  },
  {
    path: '/todo',
    page: lazyPage(() => import('../features/todos/todo-page.tsx'), 'TodoPage'),
    ability: { action: 'read', subject: 'todo' },
  },

  // Settings group: the admin screens, automations and the logs.
  {
    path: '/user/list',
    page: lazyPage(() => import('../features/users/user-list-page.tsx'), 'UserListPage'),
    ability: { action: 'read', subject: 'user' },
  },
  {
    path: '/user/add',
    page: lazyPage(() => import('../features/users/user-add-page.tsx'), 'UserAddPage'),
    ability: { action: 'create', subject: 'user' },
  },
  {
    path: '/user/edit/:id',
    page: lazyPage(() => import('../features/users/user-edit-page.tsx'), 'UserEditPage'),
    ability: { action: 'update', subject: 'user' },
  },
  {
    path: '/agent/list',
    page: lazyPage(() => import('../features/agents/agent-list-page.tsx'), 'AgentListPage'),
    ability: { action: 'update', subject: 'agent' },
  },
  {
    path: '/template/list',
    page: lazyPage(() => import('../features/templates/template-list-page.tsx'), 'TemplateListPage'),
    ability: { action: 'read', subject: 'template-page' },
  },
  {
    path: '/template/add',
    page: lazyPage(() => import('../features/templates/template-pages.tsx'), 'TemplateAddPage'),
    ability: { action: 'create', subject: 'template' },
  },
  {
    path: '/template/edit/:id',
    page: lazyPage(() => import('../features/templates/template-pages.tsx'), 'TemplateEditPage'),
    ability: { action: 'update', subject: 'template' },
  },
  {
    path: '/template/wiki',
    page: lazyPage(() => import('../features/templates/template-wiki-page.tsx'), 'TemplateWikiPage'),
    ability: { action: 'read', subject: 'template-page' },
  },
  {
    path: '/stage/list',
    page: lazyPage(() => import('../features/stages/stage-list-page.tsx'), 'StageListPage'),
    ability: { action: 'update', subject: 'stage' },
  },
  {
    path: '/company/list',
    page: lazyPage(() => import('../features/companies/company-list-page.tsx'), 'CompanyListPage'),
    ability: { action: 'read', subject: 'company' },
  },
  {
    path: '/automation/list',
    page: lazyPage(() => import('../features/automations/automation-list-page.tsx'), 'AutomationListPage'),
    ability: { action: 'read', subject: 'automation' },
  },
  {
    path: '/my-queue',
    page: lazyPage(() => import('../features/assignment/my-queue-page.tsx'), 'MyQueuePage'),
    ability: { action: 'read', subject: 'merchant' },
  },
  {
    path: '/assignment-rule/list',
    page: lazyPage(() => import('../features/assignment/assignment-rule-list-page.tsx'), 'AssignmentRuleListPage'),
    ability: { action: 'read', subject: 'assignment-rule' },
  },
  {
    path: '/lead-source/list',
    page: lazyPage(() => import('../features/lead-sources/lead-source-list-page.tsx'), 'LeadSourceListPage'),
    ability: { action: 'read', subject: 'lead-source' },
  },
  {
    path: '/merchant/import',
    page: lazyPage(() => import('../features/merchant-imports/merchant-import-page.tsx'), 'MerchantImportPage'),
    ability: { action: 'create', subject: 'merchant-import' },
  },
  {
    path: '/reason-code/list',
    page: lazyPage(() => import('../features/underwriting/reason-code-list-page.tsx'), 'ReasonCodeListPage'),
    ability: { action: 'read', subject: 'reason-code' },
  },
  {
    path: '/sanctions-list/list',
    page: lazyPage(() => import('../features/underwriting/sanctions-list-page.tsx'), 'SanctionsListPage'),
    ability: { action: 'read', subject: 'sanctions-list' },
  },
  {
    path: '/scorecard/list',
    page: lazyPage(() => import('../features/scorecards/scorecard-list-page.tsx'), 'ScorecardListPage'),
    ability: { action: 'read', subject: 'scorecard' },
  },
  {
    path: '/industry/list',
    page: lazyPage(() => import('../features/industries/industry-list-page.tsx'), 'IndustryListPage'),
    ability: { action: 'update', subject: 'industry' },
  },
  {
    path: '/history/automations',
    page: lazyPage(
      () => import('../features/automation-history/automation-history-page.tsx'),
      'HistoryAutomationsPage',
    ),
    ability: { action: 'read', subject: 'log' },
  },
  {
    path: '/history/stage-actions',
    page: lazyPage(
      () => import('../features/stage-action-history/stage-action-history-page.tsx'),
      'HistoryStageActionsPage',
    ),
    ability: { action: 'read', subject: 'stage-action' },
  },
  {
    path: '/history/emails',
    page: lazyPage(() => import('../features/emails/emails-page.tsx'), 'HistoryEmailsPage'),
    ability: { action: 'read', subject: 'log' },
  },
  {
    path: '/history/cron-jobs',
    page: lazyPage(() => import('../features/cron-jobs/cron-jobs-page.tsx'), 'HistoryCronJobsPage'),
    ability: { action: 'read', subject: 'log' },
  },
  {
    path: '/history/api',
    page: lazyPage(() => import('../features/api-usage/api-usage-page.tsx'), 'ApiUsagePage'),
    ability: { action: 'read', subject: 'api-usage' },
  },
  {
    path: '/history/audit',
    page: lazyPage(() => import('../features/audit-log/audit-log-page.tsx'), 'AuditLogPage'),
    ability: { action: 'read', subject: 'audit' },
  },
  {
    path: '/setting/list',
    page: lazyPage(() => import('../features/settings/settings-page.tsx'), 'SettingsPage'),
    ability: { action: 'read', subject: 'setting' },
  },
  {
    path: '/setting/api-tokens',
    page: lazyPage(() => import('../features/api-tokens/api-tokens-page.tsx'), 'ApiTokensPage'),
    ability: { action: 'read', subject: 'api-token' },
  },
  {
    path: '/api-docs',
    page: lazyPage(() => import('../features/api-docs/api-docs-page.tsx'), 'ApiDocsPage'),
    ability: { action: 'read', subject: 'api-docs' },
  },

  // Anything else.
  { path: '*', page: notFound, public: true, layout: 'blank' },
];

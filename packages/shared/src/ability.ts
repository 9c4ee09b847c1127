import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';

export const ACTIONS = ['manage', 'read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Subjects are plain strings: 'all', 'acl-page', 'template-page', and one per API
 * entity ('user', 'agent', ...). A subject object may carry its type in a `type` field.
 */
export type Subject = string;
export type AppAbility = MongoAbility<[Action, Subject]>;

export type AbilityUser = { role: string } | null | undefined;

export type Permission = { action: Action; subject: Subject };

const STAFF_ROLES = new Set(['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF']);
const ADMIN_ROLES = new Set(['ROLE_SUPERADMIN', 'ROLE_ADMIN']);

/**
 * Subjects only ROLE_ADMIN and ROLE_SUPERADMIN may touch, an exception to "the staff roles manage
 * everything" (docs/decisions/018-audit-log-viewer.md): the audit log records what staff did;
 * team-sla: every merchant over its SLA on /home (decision 030), a manager's view; job: running,
 * pausing and rescheduling cron jobs and resending messages (decision 039); smtp-server: the SMTP
 * setting's host and port, where the portal connects (decision 073); sanctions-list: importing the lists every merchant is
 * screened against (decision 099); assignment-rule: who receives merchants entering a stage
 * (decision 104); merchant-import: creating and updating merchants by the thousand from a
 * spreadsheet (decision 105).
 */
export const ADMIN_ONLY_SUBJECTS = [
  'audit',
  'team-sla',
  'job',
  'smtp-server',
  'sanctions-list',
  'assignment-rule',
  'merchant-import',
] as const;

/** Assignment rules: admins edit them (docs/decisions/104). */
export const ASSIGNMENT_RULE_SUBJECT = 'assignment-rule';

/** One's own away dates: staff set them for themselves; the routes never take another user's id. */
export const AWAY_DATE_SUBJECT = 'away-date';

/**
 * Subjects every staff role reads but only administrators change: scorecard, the underwriting
 * rulesets underwriters see applied and backtest, edited and activated by administrators
 * (docs/decisions/103).
 */
export const ADMIN_WRITE_SUBJECTS = ['scorecard'] as const;

/** The signed-in user's own profile page: every role may read it. */
export const OWN_PROFILE_SUBJECT = 'own-profile';

/**
 * Reading a sensitive value in clear (tax id, SSN, date of birth, bank numbers), or learning which
 * merchant holds a sensitive identifier one gives (the duplicate check). A subject of its own, so
 * that an API token needs a scope for it besides `merchant` (docs/decisions/071). Routes that do
 * it declare `read` on it as well as `read` on merchant.
 */
export const MERCHANT_REVEAL_SUBJECT = 'merchant-reveal';

/**
 * Adding a note to a merchant: staff do it with any merchant change; an agent who sees their own
 * merchants may add notes to those without any other change (docs/decisions/110).
 */
export const MERCHANT_NOTE_SUBJECT = 'merchant-note';

/**
 * "Agents see their own merchants" (a setting, off by default): the agent accounts a ROLE_AGENT
 * user is linked to. Given, the agent reads, adds as leads and adds notes to merchants whose
 * `agentId` is one of these, and nothing else (docs/decisions/110). Absent: the agent reads only
 * the access page.
 */
export type AgentScope = { agentIds: readonly string[] };

/**
 * A stage's actions (what runs when a merchant enters it: templates, webhooks) and their runs: read
 * with the stage by staff, a subject of its own so that an agent, who reads the stages' names for
 * the pickers, does not read these (docs/decisions/117). An API token's `stage` scope covers it.
 */
export const STAGE_ACTION_SUBJECT = 'stage-action';

/**
 * The role rules, in one place. `subjectType` is the type of the object a page or
 * route asks about; an unknown role may use exactly that subject type (the source's
 * "any other role" rule). No user (signed out) gets no rules at all.
 */
export function defineAbilityFor(user: AbilityUser, subjectType?: Subject, agentScope?: AgentScope | null): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (user) {
    // Every signed-in user may see their own profile (/user/view/{own id}, GET /api/me).
    can('read', OWN_PROFILE_SUBJECT);
    if (STAFF_ROLES.has(user.role)) {
      can('manage', 'all');
    } else if (user.role === 'ROLE_AGENT') {
      can('read', 'acl-page');
      if (agentScope) {
        // Row conditions: the API turns them into its WHERE (merchant-scope.ts), the web app hides by them.
        // Subjects are plain strings, so CASL types conditions as `never`: the cast names the field.
        const own = { agentId: { $in: [...agentScope.agentIds] } } as never;
        can('read', 'merchant', own);
        can('create', 'merchant', own);
        can('create', MERCHANT_NOTE_SUBJECT, own);
        // What the list's filters, the board's columns and the add form's pickers need (decision
        // 117): the stages and industries (names, no secret), and of the agent accounts only their own.
        can('read', ['stage', 'industry']);
        can('read', 'agent', { id: { $in: [...agentScope.agentIds] } } as never);
      }
    } else if (subjectType) {
      can(['read', 'create', 'update', 'delete'], subjectType);
    }
    // Last, so that it overrides whatever the rules above granted.
    if (!ADMIN_ROLES.has(user.role)) {
      cannot('manage', [...ADMIN_ONLY_SUBJECTS]);
      cannot(['create', 'update', 'delete'], [...ADMIN_WRITE_SUBJECTS]);
    }
  }
  return build({ detectSubjectType: (object) => (object as { type: string }).type });
}

/** The default ability a page or route needs when it declares none. */
export const DEFAULT_PERMISSION: Permission = { action: 'manage', subject: 'all' };

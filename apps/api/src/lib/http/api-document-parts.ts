import { problemBody } from '@boardwalk/shared/problem';

/**
 * The parts of /api/openapi.json that no route spells out (decision 083): the tags with what each
 * holds, and the rate-limit headers of the routes an API token may call (auth/token-auth.ts sends
 * them on every answer to a token, and Retry-After with its 429).
 */

const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Health of the server and its database',
  me: 'The signed-in user: profile, UI settings, password and two-factor sign-in',
  users: 'Portal users, their sessions and two-factor sign-in (administrators)',
  permissions: 'The permission rules per role, as the access page shows them',
  merchants: 'Merchants: lists per pipeline, records, stage changes, owners, notes, documents, search',
  'merchant drafts': 'Merchants being added, saved as the user types, before they are created',
  stages: 'The onboarding stages merchants move through',
  'stage-actions': 'What runs when a merchant enters a stage, and the history of those runs',
  automations: 'Rules that act on merchants when something happens, and their history',
  templates: 'Email and SMS message templates and the placeholders they may use',
  agents: 'Sales agents and sub-ISOs merchants are boarded through',
  companies: 'Processors, sponsor banks and partner ISOs',
  industries: 'Industries with their merchant category code and risk level',
  'lead-sources': 'Where merchants came from',
  todos: 'Tasks, for a user or about a merchant',
  reports: 'Funnel, new merchants, time in stage, decisions, SLA breaches and production',
  history: 'Logs: audit, emails, API usage, scheduled jobs and automation runs',
  'api-tokens': 'API tokens for integrations: scopes, rotation and revocation',
  settings: 'Portal-wide settings',
  underwriting: 'Decisions tied to stages, the decision-to-stage mapping, terminated-list matches and outside checks',
  'reason-codes': 'The reasons decisions are taken for, grouped by kind',
  applications: "Application requests: the link staff send for a merchant's own application",
  apply: "The merchant's side of an application link: code, device session, steps (public, scoped by the link)",
  assignment: 'Work distribution: assignment rules (admins), one’s own away dates and queue',
  notifications: "The signed-in user's notifications: the list, the unread count, marking read, and per-kind choices",
};

/** The tags the operations use, each with its description, in the order they first appear. */
export function declaredTags(paths: Record<string, unknown>): { name: string; description: string }[] {
  const names = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Record<string, { tags?: string[] }>)) {
      for (const tag of operation?.tags ?? []) names.add(tag);
    }
  }
  return [...names].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' }));
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });

export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description: 'The token’s allowance: requests per window of `w` seconds (e.g. `120;w=60`)',
    schema: { type: 'string' as const, maxLength: 40 },
  },
  'RateLimit-Limit': integerHeader('Requests the token may make per minute (the apiRateLimitPerMinute setting)'),
  'RateLimit-Remaining': integerHeader('Requests left in the current minute'),
  'RateLimit-Reset': integerHeader('Seconds until the current minute’s allowance renews'),
  'Retry-After': integerHeader('Seconds to wait before trying again'),
};

type Response = { description: string; headers?: Record<string, unknown>; content?: unknown };

const ref = (name: keyof typeof RATE_LIMIT_HEADERS) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_REFS = {
  'RateLimit-Policy': ref('RateLimit-Policy'),
  'RateLimit-Limit': ref('RateLimit-Limit'),
  'RateLimit-Remaining': ref('RateLimit-Remaining'),
  'RateLimit-Reset': ref('RateLimit-Reset'),
};

/**
 * A route an API token may call: its answers carry the rate-limit headers, and past the token's
 * allowance it answers 429 with Retry-After.
 */
export function addRateLimitHeaders(operation: { responses: Record<string, unknown> }) {
  const detail =
    'The API token made more requests this minute than its allowance; `Retry-After` says when to try again';
  const limited = (operation.responses['429'] ??= {
    description: detail,
    content: {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/Problem' },
        example: problemBody(429, { detail, code: 'rate_limited' }),
      },
    },
  }) as Response;
  limited.headers = { ...limited.headers, 'Retry-After': ref('Retry-After'), ...RATE_LIMIT_REFS };
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const answer = response as Response;
    answer.headers = { ...answer.headers, ...RATE_LIMIT_REFS };
  }
}

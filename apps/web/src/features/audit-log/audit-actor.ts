import type { AuditActor } from '@boardwalk/shared';

/** An API token as the audit log names it: `“CRM sync” (bw_live_a1b2c3d4…)`. */
export function tokenLabel(token: NonNullable<AuditActor['token']>): string {
  return `“${token.name}” (${token.prefix}…)`;
}

import { defineAbilityFor, ROLES, type Role } from '@boardwalk/shared';
import type { PermissionListQuery, PermissionRow } from '@boardwalk/shared/schemas/user';

const label = (action: string, subject: string) =>
  `${action.charAt(0).toUpperCase()}${action.slice(1)} ${subject === 'all' ? 'everything' : subject}`;

/**
 * One row per distinct rule the shared CASL definitions give any role, with every role whose
 * ability allows it (e.g. "read acl-page" is allowed to the staff roles through "manage all").
 * No date: the rules are code, and the one date every row used to carry was made up.
 */
export function allPermissions(): PermissionRow[] {
  const seen = new Map<string, { action: string; subject: string }>();
  for (const role of ROLES) {
    for (const rule of defineAbilityFor({ role }).rules) {
      const actions = Array.isArray(rule.action) ? rule.action : [rule.action];
      const subjects = Array.isArray(rule.subject) ? rule.subject : [rule.subject ?? 'all'];
      for (const action of actions)
        for (const subject of subjects) seen.set(`${action}:${subject}`, { action, subject: String(subject) });
    }
  }
  return [...seen.entries()].map(([id, { action, subject }]) => ({
    id,
    name: label(action, subject),
    action,
    subject,
    assignedTo: ROLES.filter((role: Role) => defineAbilityFor({ role }).can(action as never, subject)),
  }));
}

export function listPermissions(query: PermissionListQuery) {
  const all = allPermissions();
  const q = query.q?.toLowerCase();
  let rows = all.filter(
    (p) =>
      (!q || [p.name, p.action, p.subject, ...p.assignedTo].some((v) => v.toLowerCase().includes(q))) &&
      (!query.role || p.assignedTo.includes(query.role)),
  );
  const sort = query.sort ?? 'name';
  const dir = query.order === 'desc' ? -1 : 1;
  rows = [...rows].sort((a, b) => a[sort].localeCompare(b[sort]) * dir);
  const start = query.page * query.pageSize;
  return {
    permissions: rows.slice(start, start + query.pageSize),
    total: rows.length,
    params: query,
    allData: query.allData ? all : [],
  };
}

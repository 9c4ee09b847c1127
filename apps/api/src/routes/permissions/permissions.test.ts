import type { PermissionRow } from '@boardwalk/shared/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signInAs } from '../../test/sign-in.ts';

type Body = { permissions: PermissionRow[]; total: number; params: Record<string, unknown>; allData: PermissionRow[] };

describe('GET /apps/permissions/data', () => {
  let t: TestApp;
  let cookie: string;
  const get = async (query = '') =>
    (await (await t.app.request(`/apps/permissions/data${query}`, { headers: { cookie } })).json()) as Body;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
  });
  afterAll(() => t.close());

  it('lists each role rule with the roles whose ability allows it', async () => {
    const body = await get();
    expect(body.total).toBe(13);
    expect(body.allData).toEqual([]);
    // allData comes in rule order, the page in name order.
    const allData = (await get('?allData=true')).allData;
    expect(allData).toHaveLength(body.permissions.length);
    expect(allData).toEqual(expect.arrayContaining(body.permissions));
    const byId = Object.fromEntries(body.permissions.map((p) => [p.id, p]));
    expect(byId['manage:all']).toMatchObject({
      name: 'Manage everything',
      action: 'manage',
      subject: 'all',
      assignedTo: ['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF'],
    });
    expect(byId['read:acl-page']?.assignedTo).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_AGENT']);
    expect(byId['manage:audit']?.assignedTo).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN']);
    // Everyone's merchants over their SLA on /home (decision 030): admins only, like the audit log.
    expect(byId['manage:team-sla']?.assignedTo).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN']);
    // Pausing, running and editing cron jobs, resending messages (decision 039): admins only.
    expect(byId['manage:job']?.assignedTo).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN']);
    // The SMTP server's host and port (decision 073): admins only.
    expect(byId['manage:smtp-server']?.assignedTo).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN']);
    // The sanctions lists, the assignment rules and the spreadsheet import (decisions 099, 104, 105),
    // and changing the scorecards staff read (decision 103): admins only.
    for (const id of [
      'manage:sanctions-list',
      'manage:assignment-rule',
      'manage:merchant-import',
      'update:scorecard',
    ]) {
      expect(byId[id]?.assignedTo, id).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN']);
    }
    // Every role reads its own profile (/user/view/{own id}).
    expect(byId['read:own-profile']?.assignedTo).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_AGENT']);
    // The rules are code: no row carries a made-up date.
    expect(body.permissions.filter((p) => 'createdDate' in p)).toEqual([]);
  });

  it('filters by q and role, sorts and pages, echoing params', async () => {
    expect((await get('?q=acl')).permissions.map((p) => p.id)).toEqual(['read:acl-page']);
    expect((await get('?q=role_agent')).permissions.map((p) => p.id)).toEqual(['read:acl-page', 'read:own-profile']);
    expect((await get('?role=ROLE_AGENT')).total).toBe(2);
    // By name, descending: Update scorecard, Read own-profile, Read acl-page, Manage team-sla,
    // Manage smtp-server, Manage sanctions-list, Manage merchant-import, Manage job, Manage
    // everything, Manage audit, Manage assignment-rule, Delete scorecard, Create scorecard.
    const paged = await get('?sort=name&order=desc&pageSize=1&page=8');
    expect(paged.permissions.map((p) => p.id)).toEqual(['manage:all']);
    expect(paged.total).toBe(13);
    expect(paged.params).toMatchObject({ sort: 'name', order: 'desc', page: 8, pageSize: 1 });
    expect((await t.app.request('/apps/permissions/data?page=-1', { headers: { cookie } })).status).toBe(400);
  });
});

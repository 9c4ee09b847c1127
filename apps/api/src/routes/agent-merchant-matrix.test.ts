import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentWorld, setAgentsSeeOwnMerchants, type AgentWorld } from '../test/agent-scope-fixture.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * "Agents see their own merchants" (docs/decisions/110), generated from the OpenAPI document: with
 * the setting on, an agent linked to agent account A calls every operation with a merchant of
 * agent B wherever one fits (the path's id, `merchantId`, `agentId`, `q`) and must get nothing of
 * B's. Every operation the agent gets past the gate with must be reviewed below: a new route that
 * an agent reaches fails this test until it is scoped (lib/http/merchant-scope.ts) and listed.
 */
const REVIEWED: Record<string, string> = {
  // Scoped by merchant-scope.ts: the list's WHERE, the search's, the path middleware's 404.
  'GET /api/merchants': 'scoped: list WHERE',
  'GET /api/merchants/sales': 'scoped: list WHERE',
  'GET /api/merchants/underwriting': 'scoped: list WHERE',
  'GET /api/merchants/operations': 'scoped: list WHERE',
  'GET /api/merchants/withdrawn': 'scoped: list WHERE',
  'GET /api/merchants/terminated': 'scoped: list WHERE',
  'GET /api/merchants/dead': 'scoped: list WHERE',
  'GET /api/merchants/export.csv': 'scoped: list WHERE',
  'GET /api/search': 'scoped: search WHERE',
  'POST /api/merchants': 'new lead: the agent account forced to the caller’s',
  'GET /api/merchants/{id}': 'scoped: path middleware',
  'GET /api/merchants/{id}/owners': 'scoped: path middleware',
  'GET /api/merchants/{id}/events': 'scoped: path middleware',
  'GET /api/merchants/{id}/notes': 'scoped: path middleware',
  'POST /api/merchants/{id}/notes': 'scoped: path middleware',
  'GET /api/merchants/{id}/documents': 'scoped: path middleware',
  'GET /api/merchants/{id}/documents/{docId}/download': 'scoped: path middleware',
  'GET /api/merchants/{id}/decisions': 'scoped: path middleware',
  'GET /api/merchants/{id}/matches': 'scoped: path middleware',
  'GET /api/merchants/{id}/application-requests': 'scoped: path middleware',
  'GET /api/merchants/{id}/application-checklist': 'scoped: path middleware',
  'GET /api/merchants/{id}/application-requests/{requestId}/signing': 'scoped: path middleware',
  'GET /api/merchants/{id}/application-conflicts': 'scoped: path middleware',
  'GET /api/merchants/{id}/sla-pause': 'scoped: path middleware',
  // Exempt: they answer about the caller alone, or are public by design.
  'GET /api/merchant-drafts': 'exempt: the caller’s own add-form drafts',
  'POST /api/merchant-drafts': 'exempt: the caller’s own add-form drafts',
  'GET /api/merchant-drafts/{id}': 'exempt: the caller’s own add-form drafts',
  'PUT /api/merchant-drafts/{id}': 'exempt: the caller’s own add-form drafts',
  'DELETE /api/merchant-drafts/{id}': 'exempt: the caller’s own add-form drafts',
  'GET /api/me/agent-scope': 'exempt: the caller’s own agent account ids, no merchant',
  'GET /api/me/queue': 'exempt: merchants assigned to the caller, by staff',
  // The pickers' reference reads (docs/decisions/117): names without merchants, and of the agent
  // accounts only the caller's own (row-scope.ts; B's account is checked below like B's merchant).
  'GET /api/stages': 'picker: stage names, no merchant',
  'GET /api/stages/{id}': 'picker: stage names, no merchant',
  'GET /api/industry': 'picker: industry names, no merchant',
  'GET /api/industry/{id}': 'picker: industry names, no merchant',
  'GET /api/agents': 'scoped: the caller’s own agent accounts (row-scope.ts)',
  'GET /api/agents/{id}': 'scoped: the caller’s own agent accounts (row-scope.ts)',
};
/** Routes every signed-in user reaches that say nothing about merchants. */
const NOT_ABOUT_MERCHANTS = [
  /^\/api\/(health|settings\/public|me|me\/settings|me\/password|me\/mfa.*)$/,
  // The merchant's own application, opened by its emailed link (a token), not by a session.
  /^\/api\/apply\//,
  // A signer's own link to the same application (a token), likewise.
  /^\/api\/sign\//,
];

type Op = { method: string; path: string; parameters: { name: string; in: string }[] };

function operations(t: TestApp): Op[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { parameters?: Op['parameters'] }>)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, parameters: op.parameters ?? [] })),
  );
}

/** The request aimed at a merchant (B's, or the agent's own) wherever the operation takes one. */
function requestFor(op: Op, w: AgentWorld, merchant: AgentWorld['theirs'] = w.theirs): string {
  // An agent account's own path takes B's account (or, for the caller's own call, A's).
  const agentPath = op.path.startsWith('/api/agents/');
  const id = agentPath ? (merchant === w.theirs ? w.agentB.id : w.agentA.id) : merchant.id;
  const path = op.path.replaceAll(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? id : randomUUID()));
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    if (p.name === 'merchantId') query.set(p.name, w.theirs.id);
    if (p.name === 'agentId') query.set(p.name, w.agentB.id);
    if (p.name === 'q') query.set(p.name, w.theirs.dbaName);
  }
  return query.size > 0 ? `${path}?${query}` : path;
}

/** The answer without the list's `params`, which echo the request (q holds B's name). */
function answerOf(text: string): string {
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const { params: _params, ...rest } = json as Record<string, unknown>;
      return JSON.stringify(rest);
    }
  } catch {
    // Not JSON (a CSV): checked whole.
  }
  return text;
}

describe('agents see their own merchants: every operation of the OpenAPI document', () => {
  let t: TestApp;
  let w: AgentWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await agentWorld(t);
    await setAgentsSeeOwnMerchants(t, true);
  });
  afterAll(() => t.close());

  it('gives an agent nothing of another agent’s merchant, and reaches only reviewed routes', async () => {
    const leaks: string[] = [];
    const unreviewed: string[] = [];
    const reached = new Set<string>();
    for (const op of operations(t)) {
      const name = `${op.method} ${op.path}`;
      const write = !['GET', 'DELETE'].includes(op.method);
      const call = (url: string) =>
        t.app.request(url, {
          method: op.method,
          ...(write ? { body: '{}' } : {}),
          headers: { cookie: w.cookie, ...(write ? { 'content-type': 'application/json' } : {}) },
        });
      const res = await call(requestFor(op, w));
      const body = answerOf(await res.text());
      if (res.status >= 500) leaks.push(`${name}: ${res.status}`);
      // B's name is only ever in B's data; B's id too, except echoed in a 4xx about the request.
      if (body.includes(w.theirs.dbaName)) leaks.push(`${name}: B's name`);
      if (res.ok && body.includes(w.theirs.id)) leaks.push(`${name}: B's id`);
      // Nor anything of B's agent account: its name or code anywhere, its id in a success.
      if (body.includes(w.agentB.name) || body.includes(w.agentB.agentCode)) leaks.push(`${name}: B's account`);
      if (res.ok && body.includes(w.agentB.id)) leaks.push(`${name}: B's account id`);
      // Past the gate: what the agent's own merchant gets (B's gets 404 from the scope anyway).
      const own = await call(requestFor(op, w, w.mine));
      if (own.status === 401 || own.status === 403) continue;
      reached.add(name);
      if (!REVIEWED[name] && !NOT_ABOUT_MERCHANTS.some((re) => re.test(op.path))) unreviewed.push(name);
    }
    expect(leaks).toEqual([]);
    expect(unreviewed).toEqual([]);
    // A reviewed route the agent no longer reaches is a stale entry.
    expect(Object.keys(REVIEWED).filter((name) => !reached.has(name))).toEqual([]);
  }, 180_000);

  it('answers 404, not 403, for one merchant of another agent', async () => {
    for (const path of [`/api/merchants/${w.theirs.id}`, `/api/merchants/${w.theirs.id}/notes`]) {
      const res = await t.app.request(path, { headers: { cookie: w.cookie } });
      expect(res.status, path).toBe(404);
    }
  });

  it('with the setting off, the agent reaches no merchant route at all', async () => {
    await setAgentsSeeOwnMerchants(t, false);
    try {
      for (const op of operations(t).filter((o) => REVIEWED[`${o.method} ${o.path}`]?.startsWith('scoped'))) {
        const res = await t.app.request(op.path.replaceAll('{id}', w.mine.id).replaceAll(/\{\w+\}/g, randomUUID()), {
          method: op.method,
          headers: { cookie: w.cookie },
        });
        expect(res.status, `${op.method} ${op.path}`).toBe(403);
      }
    } finally {
      await setAgentsSeeOwnMerchants(t, true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { defineAbilityFor, MERCHANT_NOTE_SUBJECT, MERCHANT_REVEAL_SUBJECT, STAGE_ACTION_SUBJECT } from './ability.ts';
import { scopeAllows } from './schemas/api-token.ts';

/** "Agents see their own merchants" (docs/decisions/110): row conditions in the shared rules. */
describe('an agent with an agent scope', () => {
  const agent = { role: 'ROLE_AGENT' };
  const mine = { type: 'merchant', agentId: 'a' } as never;
  const theirs = { type: 'merchant', agentId: 'b' } as never;
  const ability = defineAbilityFor(agent, undefined, { agentIds: ['a'] });

  it('reads and adds merchants of its agent accounts only', () => {
    expect(ability.can('read', mine)).toBe(true);
    expect(ability.can('read', theirs)).toBe(false);
    expect(ability.can('create', mine)).toBe(true);
    expect(ability.can('create', theirs)).toBe(false);
    expect(ability.can('create', { type: MERCHANT_NOTE_SUBJECT, agentId: 'a' } as never)).toBe(true);
    expect(ability.can('create', { type: MERCHANT_NOTE_SUBJECT, agentId: 'b' } as never)).toBe(false);
  });

  it('never changes, deletes or reveals a merchant, and keeps the access page', () => {
    for (const action of ['update', 'delete', 'manage'] as const) expect(ability.can(action, mine), action).toBe(false);
    expect(ability.can('read', MERCHANT_REVEAL_SUBJECT)).toBe(false);
    expect(ability.can('read', 'acl-page')).toBe(true);
    expect(ability.can('read', 'user')).toBe(false);
  });

  it('without the scope, reads no merchant: the rule of the specification', () => {
    expect(defineAbilityFor(agent).can('read', 'merchant')).toBe(false);
    expect(defineAbilityFor(agent, undefined, null).can('read', 'merchant')).toBe(false);
  });

  it('gives other roles nothing more: staff keep every merchant, unconditionally', () => {
    const staff = defineAbilityFor({ role: 'ROLE_STAFF' }, undefined, { agentIds: ['a'] });
    expect(staff.can('read', theirs)).toBe(true);
    expect(staff.rulesFor('read', 'merchant').some((r) => !r.conditions)).toBe(true);
  });

  it('a token’s merchant scope covers notes: write adds them, read does not', () => {
    expect(scopeAllows({ merchant: 'write' }, 'create', MERCHANT_NOTE_SUBJECT)).toBe(true);
    expect(scopeAllows({ merchant: 'read' }, 'create', MERCHANT_NOTE_SUBJECT)).toBe(false);
  });

  it('reads what its pickers need: stages, industries, its own agent accounts; no other list (decision 117)', () => {
    expect(ability.can('read', 'stage')).toBe(true);
    expect(ability.can('read', 'industry')).toBe(true);
    expect(ability.can('read', { type: 'agent', id: 'a' } as never)).toBe(true);
    expect(ability.can('read', { type: 'agent', id: 'b' } as never)).toBe(false);
    for (const subject of [STAGE_ACTION_SUBJECT, 'company', 'lead-source', 'user', 'automation', 'template']) {
      expect(ability.can('read', subject), subject).toBe(false);
    }
    for (const action of ['create', 'update', 'delete'] as const) {
      for (const subject of ['stage', 'industry', 'agent']) expect(ability.can(action, subject), subject).toBe(false);
    }
    expect(defineAbilityFor(agent).can('read', 'stage')).toBe(false);
    expect(defineAbilityFor(agent).can('read', 'agent')).toBe(false);
  });

  it('a token’s stage scope covers the stage actions', () => {
    expect(scopeAllows({ stage: 'read' }, 'read', STAGE_ACTION_SUBJECT)).toBe(true);
    expect(scopeAllows({ merchant: 'read' }, 'read', STAGE_ACTION_SUBJECT)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { StageAction } from '@boardwalk/shared/schemas/workflow-action';
import { formValuesOf, stageActionFormSchema, type StageActionFormValues } from './stage-action-form.ts';

const USER_A = '00000000-0000-7000-8000-000000000011';
const USER_B = '00000000-0000-7000-8000-000000000012';

function check(values: StageActionFormValues, isNew = true) {
  const result = stageActionFormSchema(isNew).safeParse(values);
  if (result.success) return { ok: true as const, data: result.data };
  return {
    ok: false as const,
    errors: Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message])),
  };
}

describe('stage action form', () => {
  it('sends only the fields of the chosen mode and leaves empty optional fields out', () => {
    expect(
      check({
        type: 'assign_user',
        isActive: true,
        config: { mode: 'round_robin', userId: USER_A, userIds: [USER_A, USER_B] },
      }),
    ).toEqual({
      ok: true,
      data: { type: 'assign_user', isActive: true, config: { mode: 'round_robin', userIds: [USER_A, USER_B] } },
    });
    expect(
      check({
        type: 'create_todo',
        isActive: false,
        config: { title: 'Call', description: '', assignTo: 'assignee', userId: USER_A, dueInDays: null, priority: '' },
      }),
    ).toEqual({
      ok: true,
      data: { type: 'create_todo', isActive: false, config: { title: 'Call', assignTo: 'assignee' } },
    });
  });

  it('puts the shared schema issues under config.… beside their fields', () => {
    expect(
      check({ type: 'assign_user', isActive: true, config: { mode: 'round_robin', userIds: [USER_A] } }).errors,
    ).toEqual({ 'config.userIds': 'Choose at least two users' });
    expect(
      check({
        type: 'create_todo',
        isActive: true,
        config: { title: 'Call', assignTo: 'user', userId: null, dueInDays: null, priority: '' },
      }).errors,
    ).toEqual({ 'config.userId': 'Choose a user' });
    expect(check({ type: 'set_field', isActive: true, config: { field: 'goLiveOn', value: 'soon' } }).errors).toEqual({
      'config.value': 'Enter a date as YYYY-MM-DD',
    });
  });

  it('needs a secret for a new webhook and keeps the stored one when an edit leaves it empty', () => {
    const webhook = (secret: string): StageActionFormValues => ({
      type: 'webhook',
      isActive: true,
      config: { url: 'https://example.com/hook', secret },
    });
    expect(check(webhook('')).errors).toEqual({ 'config.secret': 'Enter a signing secret (at least 16 characters)' });
    expect(check(webhook('short'), false).errors).toEqual({ 'config.secret': 'Use at least 16 characters' });
    expect(check(webhook(''), false)).toEqual({
      ok: true,
      data: { type: 'webhook', isActive: true, config: { url: 'https://example.com/hook' } },
    });
  });

  it('starts an edit from the stored action, with the secret field empty', () => {
    const stored = {
      type: 'webhook',
      isActive: false,
      config: { url: 'https://example.com/hook', secretSet: true },
    } as StageAction;
    expect(formValuesOf(stored, 'create_todo')).toEqual({
      type: 'webhook',
      isActive: false,
      config: { url: 'https://example.com/hook', secret: '' },
    });
  });
});

import type { TodoCounts } from '@boardwalk/shared/schemas/todo';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';
import { todos } from '../schema/todos.ts';
import { seedDemoTodos } from './demo-todos.ts';

describe('demo todos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-23T12:00:00Z') });
  });
  afterAll(() => t.close());

  it('seeds a few dozen todos that fill the views of /todo', async () => {
    const { cookie } = await signInAs(t, 'ROLE_STAFF');
    for (let i = 0; i < 5; i++) await insertTestMerchant(t);
    await seedDemoTodos(t.db, { now: t.clock.now() });
    const [stored] = await t.db.select({ n: count() }).from(todos);
    expect(stored!.n).toBe(40);
    const counts = await jsonClient(t, cookie).get<TodoCounts>('/api/todos/counts');
    expect(counts.status).toBe(200);
    for (const view of ['all', 'today', 'upcoming', 'overdue', 'completed', 'trash'] as const) {
      expect(counts.body.views[view], view).toBeGreaterThan(0);
    }
    expect(counts.body.tags.length).toBeGreaterThan(0);
  });
});

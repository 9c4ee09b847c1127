import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listParamsSchema } from './list.ts';
import { text } from './schemas/fields.ts';
import { createUserSchema } from './schemas/user.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('validation messages written for people', () => {
  it('says what to enter instead of the validator’s own words', () => {
    const params = listParamsSchema(['name'] as const);
    expect(messages(params.shape.pageSize, '0')).toEqual(['Enter a number of at least 1']);
    expect(messages(params.shape.pageSize, '1000')).toEqual(['Enter a number of at most 100']);
    expect(messages(params.shape.page, '1.5')).toEqual(['Enter a whole number']);
    expect(messages(params.shape.page, 'abc')).toEqual(['Enter a number']);
    expect(messages(params.shape.order, 'sideways')).toEqual(['Choose one of: asc, desc']);
    expect(messages(text().max(200), 'x'.repeat(201))).toEqual(['At most 200 characters']);
    expect(messages(text().min(1), '')).toEqual(['Required']);
    expect(messages(z.object({ name: text() }), {})).toEqual(['Required']);
    expect(messages(z.uuid(), 'nope')).toEqual(['Not a valid id']);
  });

  it('keeps the messages a schema writes itself', () => {
    expect(messages(createUserSchema.shape.firstName, '')).toEqual(['Enter a first name']);
  });

  it('never lets a raw validator message through for an empty Add User form', () => {
    const all = createUserSchema.safeParse({}).error?.issues.map((issue) => issue.message) ?? [];
    expect(all.length).toBeGreaterThan(3);
    for (const message of all) expect(message).not.toMatch(/Invalid input|expected|Too (small|big)|>=|<=/);
  });
});

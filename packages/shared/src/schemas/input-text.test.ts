import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from '../index.ts';
import { changePasswordSchema, createUserSchema, updateUserSchema, userListQuerySchema } from './user.ts';
import { INVALID_TEXT_MESSAGE } from './fields.ts';
import { createTodoSchema, todoCountsQuerySchema, todoListQuerySchema, updateTodoSchema } from './todo.ts';
import {
  actionInputSchema,
  createStageActionSchema,
  reorderStageActionsSchema,
  stageActionExecutionListQuerySchema,
  stageActionTestRunSchema,
  updateStageActionSchema,
} from './workflow-action.ts';
import {
  automationDryRunSchema,
  automationExecutionListQuerySchema,
  automationListQuerySchema,
  automationPreviewSchema,
  createAutomationSchema,
  updateAutomationSchema,
} from './automation.ts';

/**
 * Every text field a client sends is built from `text()` (fields.ts), so NUL and lone surrogates
 * are refused once, in the schemas. This walks every input schema down to its string leaves and
 * fails on a leaf that lets them through: a bare z.string() in an input schema fails here.
 */
const INPUT_SCHEMA_NAME = /^(create\w+Schema|update\w+Schema|\w+QuerySchema|\w+InputSchema|uiSettingsSchema)$/;

type Leaf = { path: string; schema: z.ZodType };
type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function stringLeaves(schema: z.ZodType, path: string): Leaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => stringLeaves(value, `${path}.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return stringLeaves(def.innerType!, path);
    case 'pipe':
      return [...stringLeaves(def.in!, path), ...stringLeaves(def.out!, path)];
    case 'union':
      return (def.options ?? []).flatMap((option, i) => stringLeaves(option, `${path}|${i}`));
    case 'array':
      return stringLeaves(def.element!, `${path}[]`);
    case 'record':
      return [...stringLeaves(def.keyType!, `${path}{key}`), ...stringLeaves(def.valueType!, `${path}{}`)];
    default:
      return [];
  }
}

function inputSchemas(): [string, z.ZodType][] {
  const named = Object.entries(shared).filter(([name]) => INPUT_SCHEMA_NAME.test(name)) as [string, z.ZodType][];
  const settings = Object.entries(shared.settingSchemas).map(([key, schema]) => [`settingSchemas.${key}`, schema]);
  return [
    ...named,
    ...(settings as [string, z.ZodType][]),
    // user.ts is not re-exported by the package index (the web imports it by path).
    ['createUserSchema', createUserSchema],
    ['updateUserSchema', updateUserSchema],
    ['changePasswordSchema', changePasswordSchema],
    ['userListQuerySchema', userListQuerySchema],
    ['passwordSchema()', shared.passwordSchema()],
    // Nor is todo.ts: the web imports it by path, so the login page's shared chunk stays as it was.
    ['createTodoSchema', createTodoSchema],
    ['updateTodoSchema', updateTodoSchema],
    ['todoListQuerySchema', todoListQuerySchema],
    ['todoCountsQuerySchema', todoCountsQuerySchema],
    // Nor is workflow-action.ts, for the same reason.
    ['actionInputSchema', actionInputSchema],
    ['createStageActionSchema', createStageActionSchema],
    ['updateStageActionSchema', updateStageActionSchema],
    ['reorderStageActionsSchema', reorderStageActionsSchema],
    ['stageActionTestRunSchema', stageActionTestRunSchema],
    ['stageActionExecutionListQuerySchema', stageActionExecutionListQuerySchema],
    // Nor is automation.ts.
    ['createAutomationSchema', createAutomationSchema],
    ['updateAutomationSchema', updateAutomationSchema],
    ['automationListQuerySchema', automationListQuerySchema],
    ['automationPreviewSchema', automationPreviewSchema],
    ['automationDryRunSchema', automationDryRunSchema],
    ['automationExecutionListQuerySchema', automationExecutionListQuerySchema],
  ];
}

const BAD_TEXT = { nul: 'ok\u0000ok', 'lone high surrogate': 'ok\ud800ok', 'lone low surrogate': 'ok\udc00ok' };

describe('text input is well-formed Unicode without NUL, in every input schema', () => {
  const leaves = inputSchemas().flatMap(([name, schema]) => stringLeaves(schema, name));

  it('finds the input schemas and their text fields', () => {
    const names = new Set(leaves.map((leaf) => leaf.path.split('.')[0]));
    for (const expected of [
      'createAgentSchema',
      'updateTemplateSchema',
      'updateSettingsSchema',
      'agentListQuerySchema',
    ]) {
      expect(names).toContain(expected);
    }
    expect(leaves.length).toBeGreaterThan(50);
  });

  it.each(Object.entries(BAD_TEXT))('refuses %s in every text field, with the message', (_label, value) => {
    const letThrough: string[] = [];
    for (const leaf of leaves) {
      // Formats (uuid, datetime) refuse anything but their pattern, with their own message.
      const isFormat = defOf(leaf.schema).format !== undefined;
      const result = leaf.schema.safeParse(value);
      const flagged = result.error?.issues.some((issue) => issue.message === INVALID_TEXT_MESSAGE) ?? false;
      if (result.success || (!isFormat && !flagged)) letThrough.push(leaf.path);
    }
    expect(letThrough).toEqual([]);
  });

  it('keeps well-formed text, astral characters included', () => {
    expect(shared.createLeadSourceSchema.parse({ name: 'Café 😀 ünïcode' }).name).toBe('Café 😀 ünïcode');
  });
});

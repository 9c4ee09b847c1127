import { z } from '@hono/zod-openapi';
import { changePasswordSchema, userSchema } from '@boardwalk/shared/schemas/user';
import { uiSettingsSchema } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

// Shared schemas are plain zod (no .openapi()): they are documented inline.
const UserSchema = userSchema;
const UiSettingsSchema = uiSettingsSchema;

/** Every field optional and without its default, so a partial PUT only changes what it names. */
export const uiSettingsPatchSchema = z
  .object(
    Object.fromEntries(Object.entries(uiSettingsSchema.shape).map(([k, s]) => [k, s.unwrap().optional()])) as {
      [K in keyof typeof uiSettingsSchema.shape]: z.ZodOptional<
        ReturnType<(typeof uiSettingsSchema.shape)[K]['unwrap']>
      >;
    },
  )
  .strict()
  .openapi('UiSettingsPatch');

export const getMe = defineRoute({
  method: 'get',
  path: '/api/me',
  tags: ['me'],
  summary: "The caller's own user record",
  ability: 'authenticated',
  responses: { 200: jsonResponse('The signed-in user', UserSchema), ...problems(401) },
});

export const getMySettings = defineRoute({
  method: 'get',
  path: '/api/me/settings',
  tags: ['me'],
  summary: "The caller's UI settings (defaults filled in)",
  ability: 'authenticated',
  responses: { 200: jsonResponse('UI settings', UiSettingsSchema), ...problems(401) },
});

export const putMySettings = defineRoute({
  method: 'put',
  path: '/api/me/settings',
  tags: ['me'],
  summary: "Merges the given UI settings into the caller's",
  ability: 'authenticated',
  request: { body: jsonBody(uiSettingsPatchSchema) },
  responses: {
    200: jsonResponse('The UI settings after the merge', UiSettingsSchema),
    ...problems(400, 401),
    413: documentedProblem('The merged UI settings would exceed 16 KB'),
  },
});

export const changeMyPassword = defineRoute({
  method: 'post',
  path: '/api/me/password',
  tags: ['me'],
  summary: 'Changes the caller’s password; ends their other sessions',
  ability: 'authenticated',
  request: { body: jsonBody(changePasswordSchema) },
  responses: { 204: { description: 'Password changed' }, ...problems(400, 401) },
});

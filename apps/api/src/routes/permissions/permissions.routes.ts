import { z } from '@hono/zod-openapi';
import { permissionListQuerySchema, permissionSchema } from '@boardwalk/shared/schemas/user';
import { defineRoute } from '../../lib/route.ts';
import { json, problems } from '../users/responses.ts';

export const listPermissions = defineRoute({
  method: 'get',
  path: '/apps/permissions/data',
  tags: ['permissions'],
  summary: 'The permissions of SPEC §6, each with the roles that hold it',
  ability: { action: 'read', subject: 'permission' },
  request: { query: permissionListQuerySchema },
  responses: {
    200: json(
      z.object({
        permissions: z.array(permissionSchema),
        total: z.number().int(),
        params: permissionListQuerySchema,
        allData: z.array(permissionSchema),
      }),
      'A page of permissions',
    ),
    ...problems(400, 401, 403),
  },
});

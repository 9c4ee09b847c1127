import { z } from '@hono/zod-openapi';
import { permissionListQuerySchema, permissionSchema } from '@boardwalk/shared/schemas/user';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

export const listPermissions = defineRoute({
  method: 'get',
  path: '/apps/permissions/data',
  tags: ['permissions'],
  summary: 'The role permissions, each with the roles that hold it',
  ability: { action: 'read', subject: 'permission' },
  request: { query: permissionListQuerySchema },
  responses: {
    200: jsonResponse(
      'A page of permissions',
      z.object({
        permissions: z.array(permissionSchema),
        total: z.number().int(),
        params: z.record(z.string(), z.unknown()).describe('The parsed query, defaults filled'),
        allData: z.array(permissionSchema),
      }),
    ),
    ...problems(400, 401, 403),
  },
});

import {
  createReasonCodeSchema,
  reasonCodeListQuerySchema,
  reasonCodeSchema,
  updateReasonCodeSchema,
} from '@boardwalk/shared';
import { crudRoutes } from '../../lib/crud/routes.ts';

export const reasonCodeRoutes = crudRoutes({
  path: '/api/reason-codes',
  tag: 'reason-codes',
  subject: 'reason-code',
  key: 'reasonCodes',
  label: 'reason code',
  schemas: {
    row: reasonCodeSchema,
    create: createReasonCodeSchema,
    update: updateReasonCodeSchema,
    query: reasonCodeListQuerySchema,
  },
});

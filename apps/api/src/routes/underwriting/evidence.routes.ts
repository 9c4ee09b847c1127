import { carriesSubject } from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, problems } from '../../lib/http/openapi.ts';

export const evidencePackRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/evidence-pack',
  tags: ['underwriting'],
  summary:
    'The evidence pack as a ZIP: the record (masked), the signed application if any, the documents with SHA-256 ' +
    '(`?files=1` adds the files), screening with list versions, the score, the decisions and a hash-chained audit ' +
    'extract, with a manifest of every file. The download is audited; `npm run evidence:verify` checks a pack.',
  ability: [
    { action: 'read', subject: 'merchant' },
    { action: 'read', subject: 'scorecard' },
  ],
  request: { params: idParams, query: z.object({ files: z.enum(['0', '1']).optional() }) },
  responses: {
    200: {
      description: 'application/zip, as an attachment',
      content: { 'application/zip': { schema: carriesSubject(z.string().meta({ format: 'binary' }), 'merchant') } },
    },
    ...problems(400, 401, 403, 404),
  },
});

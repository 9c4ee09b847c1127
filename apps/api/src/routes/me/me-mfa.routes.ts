import {
  mfaConfirmSchema,
  mfaDisableSchema,
  mfaRecoveryCodesSchema,
  mfaSetupSchema,
  mfaStatusSchema,
} from '@boardwalk/shared/schemas/mfa';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

// Two-factor sign-in of the caller (docs/decisions/015-mfa-sign-in.md). A session whose role
// requires it and that has none yet may call only these (auth/resolve-actor.ts).

export const getMyMfa = defineRoute({
  method: 'get',
  path: '/api/me/mfa',
  tags: ['me'],
  summary: "Whether the caller's two-factor sign-in is on",
  ability: 'authenticated',
  responses: { 200: jsonResponse('Two-factor sign-in status', mfaStatusSchema), ...problems(401) },
});

export const startMyMfaSetup = defineRoute({
  method: 'post',
  path: '/api/me/mfa/setup',
  tags: ['me'],
  summary: 'Starts enrolment: a new TOTP secret, its otpauth URI and QR code (nothing is on until confirmed)',
  ability: 'authenticated',
  responses: {
    200: jsonResponse('What the authenticator app needs', mfaSetupSchema),
    ...problems(401),
    409: documentedProblem('Two-factor sign-in is already on'),
  },
});

export const confirmMyMfa = defineRoute({
  method: 'post',
  path: '/api/me/mfa/confirm',
  tags: ['me'],
  summary: 'Turns two-factor sign-in on with a code from the app; answers the 10 recovery codes, once',
  ability: 'authenticated',
  request: { body: jsonBody(mfaConfirmSchema) },
  responses: {
    200: jsonResponse('The recovery codes (stored hashed, never shown again)', mfaRecoveryCodesSchema),
    ...problems(400, 401),
    409: documentedProblem('Already on, or no set-up was started'),
  },
});

export const disableMyMfa = defineRoute({
  method: 'post',
  path: '/api/me/mfa/disable',
  tags: ['me'],
  summary: 'Turns two-factor sign-in off, with the current password and a code',
  ability: 'authenticated',
  request: { body: jsonBody(mfaDisableSchema) },
  responses: {
    204: { description: 'Two-factor sign-in is off' },
    ...problems(400, 401),
    409: documentedProblem('Not on, or the role requires it'),
    429: documentedProblem('Too many wrong passwords or codes: the account is locked'),
  },
});

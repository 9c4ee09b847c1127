import { z } from 'zod';
import { listParamsSchema } from '../list.ts';
import { passwordSchema } from '../password.ts';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '../roles.ts';
import { emailAddress, text } from './fields.ts';

/**
 * Sign-in failure codes. A failed credentials sign-in returns a URL (or redirects to one) of the
 * form `/login?error=CredentialsSignin&code=<code>`; the client reads `code` from it.
 * Any other `error` value (e.g. `SessionRequired`, `Configuration`) comes without a code.
 */
export const SIGN_IN_ERROR_CODES = [
  'invalid_credentials',
  'locked',
  'rate_limited',
  'suspended',
  'mfa_required',
  'invalid_code',
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

export const SIGN_IN_ERROR_MESSAGES: Record<SignInErrorCode, string> = {
  invalid_credentials: 'The email or password is not correct.',
  locked: 'Too many failed sign-ins: this account is locked for 30 minutes.',
  rate_limited: 'Too many sign-in attempts from this network. Wait a few minutes and try again.',
  suspended: 'This account is suspended. Ask an administrator to reactivate it.',
  // The password was right; the client asks for the second factor and sends all three again.
  mfa_required: 'Enter the 6-digit code from your authenticator app.',
  invalid_code: 'That code is not correct. Enter the current code from your app, or one of your recovery codes.',
};

export function isSignInErrorCode(value: unknown): value is SignInErrorCode {
  return typeof value === 'string' && (SIGN_IN_ERROR_CODES as readonly string[]).includes(value);
}

/** Failed sign-ins per client IP before `rate_limited`, and the window they are counted in. */
export const SIGN_IN_RATE_LIMIT = { maxFailures: 20, windowMinutes: 5 } as const;

/** The user in `GET /api/auth/session`. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  image: string | null;
  /** Set when an administrator gave a temporary password: the client sends the user to change it. */
  mustChangePassword: boolean;
  /**
   * The mfaRequiredRoles setting covers the user's role and they have no second factor yet: the
   * session may only enrol (POST /api/me/mfa/setup and /confirm) until they do.
   */
  mustEnrollMfa: boolean;
};

/**
 * `GET /api/auth/session` body: this object when signed in, JSON `null` otherwise (no cookie,
 * or the session was revoked, went idle, passed 12 hours, or the user was suspended).
 * `expires` is the absolute end of the session (ISO 8601).
 */
export type SessionData = { user: SessionUser; expires: string } | null;

const email = emailAddress;
const name = text().trim().max(100);
const phone = text()
  .trim()
  .max(40)
  .regex(/^[\d\s()+.-]*$/, 'Enter a valid phone number');

/** A user as the API returns it (GET /api/users/{id}, list rows, GET /api/me). */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  /** The profile of GET /api/users/{id}. */
  profile: z.object({ firstName: z.string(), lastName: z.string(), displayName: z.string() }),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * A password someone else sets is always temporary (an admin could otherwise set a
 * peer's password and sign in as them): `mustChangePassword` may only be sent as true.
 */
const alwaysTemporary = z.literal(true, {
  error: 'A password set by someone else is always temporary: it must be changed at the next sign-in',
});

/**
 * POST /api/users body `{ data }`. The password is a temporary one: the user must change it at
 * the next sign-in. The server re-checks the password against the minPasswordLength setting.
 */
export const createUserSchema = z.object({
  email,
  password: passwordSchema(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES).default('active'),
  firstName: name.min(1, 'Enter a first name'),
  lastName: name.min(1, 'Enter a last name'),
  displayName: name.optional(),
  phone: phone.optional(),
  image: text().trim().max(500).nullable().optional(),
  mustChangePassword: alwaysTemporary.default(true),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/**
 * PATCH /api/users/{id} body: the record, partial. `updatedAt` (as last read) makes a stale
 * update a 409; an `id` that differs from the address is a 400. `password` sets a temporary password
 * (always to be changed at the next sign-in); only a role above the user's may send it.
 */
export const updateUserSchema = z.object({
  /** The record's id, if sent, must be the one in the address (400 otherwise). */
  id: z.uuid('Not a valid id').optional(),
  email: email.optional(),
  password: passwordSchema().optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  firstName: name.min(1, 'Enter a first name').optional(),
  lastName: name.min(1, 'Enter a last name').optional(),
  displayName: name.optional(),
  phone: phone.nullable().optional(),
  image: text().trim().max(500).nullable().optional(),
  mustChangePassword: alwaysTemporary.optional(),
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const USER_SORT_COLUMNS = [
  'email',
  'firstName',
  'lastName',
  'displayName',
  'role',
  'status',
  'createdAt',
  'lastLoginAt',
] as const;

/** GET /api/users query. */
export const userListQuerySchema = listParamsSchema(USER_SORT_COLUMNS).extend({
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/**
 * GET /api/users/options: the lean rows of a user picker, filtered on the server (the agent
 * picker asks for role=ROLE_AGENT instead of downloading every user).
 */
export const userOptionsQuerySchema = z.object({
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserOptionsQuery = z.infer<typeof userOptionsQuerySchema>;

export const userOptionSchema = userSchema.pick({
  id: true,
  email: true,
  role: true,
  status: true,
  firstName: true,
  lastName: true,
  displayName: true,
});
export type UserOption = z.infer<typeof userOptionSchema>;

/** POST /api/me/password body. */
export const changePasswordSchema = z.object({
  currentPassword: text().min(1, 'Enter your current password').max(256),
  newPassword: passwordSchema(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A row of GET /api/users/{id}/sessions. */
export const userSessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export type { Role, UserStatus };

/**
 * A row of GET /apps/permissions/data: one distinct CASL rule and the roles whose ability allows
 * it. The rules are code (ability.ts), not stored rows, so a row has no date of its own.
 */
export const permissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  action: z.string(),
  subject: z.string(),
  assignedTo: z.array(z.enum(ROLES)),
});
export type PermissionRow = z.infer<typeof permissionSchema>;

export const permissionListQuerySchema = listParamsSchema(['name', 'action', 'subject'] as const).extend({
  role: z.enum(ROLES).optional(),
});
export type PermissionListQuery = z.infer<typeof permissionListQuerySchema>;

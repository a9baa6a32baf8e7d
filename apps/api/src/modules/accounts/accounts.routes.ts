/** Accounts HTTP routes: session, register, login/logout, password change and reset, admin user management. */
import { ROLES } from '@mandi/shared';
import { emailSchema, loginSchema, newPasswordSchema, registerSchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { readDeviceCookie, setDeviceCookie } from '../../lib/device-cookie.js';
import { CROSS_SITE_TEXT, isCrossSiteRequest } from '../../lib/request-guards.js';
import {
  createSession,
  currentUser,
  endSession,
  requireAdmin,
  requireUser,
  SESSION_COOKIE,
} from '../../lib/session.js';
import { isUuid, parseId, parseInput } from '../../lib/validation.js';
import * as accounts from './accounts.service.js';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const resetEmailSchema = z.object({ email: emailSchema });
const roleSchema = z.object({
  UserRole: z.enum(ROLES, { error: `UserRole must be one of: ${ROLES.join(', ')}` }),
});

function parseCredentials(input: unknown): { email: string; password: string } {
  const result = loginSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { email, password } = (input ?? {}) as Record<string, unknown>;
  // Text that cannot belong to any account (blank or too long) is simply wrong; anything else is malformed.
  if (typeof email === 'string' && typeof password === 'string' && email.trim() && password) {
    throw new AppError('unauthenticated', accounts.ACCOUNT_TEXTS.badCredentials);
  }
  throw new AppError('invalid', accounts.ACCOUNT_TEXTS.credentialsRequired);
}

export async function accountsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const tags = ['accounts'];

  api.get('/api/user/getloggeduser', { schema: { tags, summary: 'The logged-in user' } }, async (request, reply) => {
    const user = await request.loadUser();
    if (!user) return reply.status(401).send({ success: false, user: null, message: '' });
    const { id, firstName, lastName, email, role } = user;
    return { success: true, user: { _id: id, firstName, lastName, email, role } };
  });

  api.post(
    '/api/user/register',
    { schema: { tags, summary: 'Create an account (role User)' } },
    async (request, reply) => {
      await deps.rateLimiter.hit(accounts.registerRateRule(deps, request.ip));
      const input = parseInput(registerSchema, request.body, { asList: true });
      const NewUser = await accounts.registerUser(deps.work, input);
      return reply.status(201).send({ success: true, message: accounts.ACCOUNT_TEXTS.registered, NewUser });
    },
  );

  api.post(
    '/api/user/login',
    { schema: { tags, summary: 'Log in; sets the session cookie' } },
    async (request, reply) => {
      const credentials = parseCredentials(request.body);
      const user = await accounts.logIn(deps, credentials, request.ip, (email) =>
        readDeviceCookie(request, config, email),
      );
      await createSession(db, config, reply, user._id);
      setDeviceCookie(reply, config, user.email.trim().toLowerCase());
      return { success: true, message: accounts.ACCOUNT_TEXTS.loggedIn, user };
    },
  );

  api.route({
    method: ['GET', 'POST'],
    url: '/api/user/logOut',
    schema: { tags, summary: 'Log out' },
    handler: async (request, reply) => {
      // GET is kept for existing clients; a cross-site navigation must not be able to log anyone out.
      if (isCrossSiteRequest(request, config)) throw new AppError('forbidden', CROSS_SITE_TEXT);
      await endSession(db, request, reply);
      return { success: true, message: accounts.ACCOUNT_TEXTS.loggedOut };
    },
  });

  api.put(
    '/api/user/changePassword',
    { preHandler: requireUser, schema: { tags, summary: "Change the logged-in user's password" } },
    async (request) => {
      const user = currentUser(request);
      const { password } = parseInput(newPasswordSchema, request.body);
      await accounts.changePassword(db, user.id, password, request.cookies[SESSION_COOKIE]);
      return { success: true, message: accounts.ACCOUNT_TEXTS.passwordChanged };
    },
  );

  api.post(
    '/api/user/send-reset-password-email',
    { schema: { tags, summary: 'Mail a password reset link' } },
    async (request) => {
      const { email } = parseInput(resetEmailSchema, request.body);
      await accounts.sendResetEmail(deps, email, request.ip, request.log);
      return { success: true, message: accounts.ACCOUNT_TEXTS.resetMailSent };
    },
  );

  api.post(
    '/api/user/reset-password/:id/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with a mailed link',
        params: z.object({ id: z.string(), token: z.string() }),
      },
    },
    async (request) => {
      const { password } = parseInput(newPasswordSchema, request.body);
      const { id, token } = request.params;
      if (!isUuid(id) || !TOKEN_PATTERN.test(token)) {
        throw new AppError('invalid', accounts.ACCOUNT_TEXTS.resetLinkInvalid);
      }
      await accounts.resetPassword(db, id.toLowerCase(), token, password);
      return { success: true, message: accounts.ACCOUNT_TEXTS.resetDone };
    },
  );

  api.get(
    '/api/user/admin/user',
    { preHandler: requireAdmin, schema: { tags, summary: 'All users (admin)' } },
    async () => ({ success: true, ...(await accounts.listUsers(db)) }),
  );

  api.delete(
    '/api/user/admin/user/:id',
    {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Delete a user (admin)', params: z.object({ id: z.string() }) },
    },
    async (request) => {
      await accounts.deleteUser(deps.work, currentUser(request).id, parseId(request.params.id, 'User'));
      return { success: true, message: accounts.ACCOUNT_TEXTS.userDeleted };
    },
  );

  api.put(
    '/api/user/admin/user/:id',
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Change a user's role (admin)", params: z.object({ id: z.string() }) },
    },
    async (request) => {
      const targetId = parseId(request.params.id, 'User');
      const { UserRole } = parseInput(roleSchema, request.body);
      const isUserExit = await accounts.updateUserRole(db, currentUser(request).id, targetId, UserRole);
      return { success: true, message: accounts.ACCOUNT_TEXTS.roleUpdated, isUserExit };
    },
  );
}

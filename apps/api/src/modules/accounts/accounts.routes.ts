/** Accounts HTTP routes: session, register, login/logout, password change and reset, admin user management. */
import { ADMIN_USERS_PAGE_SIZE } from '@mandi/shared';
import {
  adminUserAnswerSchema,
  adminUsersQuerySchema,
  changePasswordSchema,
  codedMessageAnswerSchema,
  languageAnswerSchema,
  languageSchema,
  loggedUserAnswerSchema,
  loginAnswerSchema,
  loginSchema,
  messageAnswerSchema,
  newPasswordSchema,
  noLoggedUserAnswerSchema,
  registerAnswerSchema,
  registerSchema,
  resetEmailSchema,
  roleChangeAnswerSchema,
  roleChangeSchema,
  usersAnswerSchema,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { readDeviceCookie, setDeviceCookie } from '../../lib/device-cookie.js';
import { isCrossSiteRequest } from '../../lib/request-guards.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin, requireUser, SESSION_COOKIE, sessionUserView } from '../../lib/session.js';
import { failureResponses, idParamsSchema, isUuid, parseId } from '../../lib/validation.js';
import { createSession, endSession } from '../../platform/sessions.js';
import { accountsCache } from './accounts.cache.js';
import * as accounts from './accounts.service.js';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The login body as documented. Its checks stay in parseCredentials: a malformed body is a 400,
 * but well-formed credentials that cannot belong to any account are a 401, which a schema cannot say.
 */
const loginBodySchema = z.union([
  z.looseObject({
    email: z.unknown().optional().meta({ description: 'Email (text)' }),
    password: z.unknown().optional().meta({ description: 'Password (text)' }),
  }),
  // Any other body passes to parseCredentials too (the docs leave this empty branch out).
  z.unknown(),
]);

function parseCredentials(input: unknown): { email: string; password: string } {
  const result = loginSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { email, password } = (input ?? {}) as Record<string, unknown>;
  // Text that cannot belong to any account (blank or too long) is simply wrong; anything else is malformed.
  if (typeof email === 'string' && typeof password === 'string' && email.trim() && password) {
    throw new AppError('unauthenticated', serverMessage('badCredentials'));
  }
  throw new AppError('invalid', serverMessage('credentialsRequired'));
}

/** What the accounts routes need beyond the app's deps: how an account is erased (personal data's rules). */
export type AccountsRouteDeps = AppDeps & { eraseAccount: accounts.AccountEraser };

export async function accountsRoutes(app: FastifyInstance, deps: AccountsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const tags = ['accounts'];

  api.get(
    '/api/user/getloggeduser',
    {
      schema: {
        tags,
        summary: 'The logged-in user',
        response: { 200: loggedUserAnswerSchema, 401: noLoggedUserAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await request.loadUser();
      if (!user) return reply.status(401).send({ success: false, user: null, message: '' });
      return { success: true as const, user: sessionUserView(user) };
    },
  );

  api.post(
    '/api/user/register',
    {
      config: { listErrors: true },
      // Counted before the body is checked, so malformed attempts count too.
      preValidation: async (request) => {
        await deps.rateLimiter.hit(accounts.registerRateRule(deps, request.ip));
      },
      schema: {
        tags,
        summary: 'Create an account (role User); a 400 lists every problem',
        body: registerSchema,
        response: { 201: registerAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const NewUser = await accounts.registerUser(deps.work, request.body);
      accounts.mailConfirmationLink(deps, NewUser._id, request.log);
      return reply.status(201).send({ success: true as const, message: accounts.ACCOUNT_TEXTS.registered, NewUser });
    },
  );

  api.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Log in; sets the session cookie',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const credentials = parseCredentials(request.body);
      const user = await accounts.logIn(deps, credentials, request.ip, (email) =>
        readDeviceCookie(request, config, email),
      );
      await createSession(db, config, reply, user._id);
      setDeviceCookie(reply, config, user.email.trim().toLowerCase());
      return { success: true as const, ...serverMessage('loggedIn'), user };
    },
  );

  api.route({
    method: ['GET', 'POST'],
    url: '/api/user/logOut',
    schema: { tags, summary: 'Log out', response: { 200: messageAnswerSchema, ...failureResponses } },
    handler: async (request, reply) => {
      // GET is kept for existing clients; a cross-site navigation must not be able to log anyone out.
      if (isCrossSiteRequest(request, config)) throw new AppError('forbidden', serverMessage('crossSite'));
      await endSession(deps.work, request, reply);
      return { success: true as const, message: accounts.ACCOUNT_TEXTS.loggedOut };
    },
  });

  api.put(
    '/api/user/changePassword',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Change the logged-in user's password",
        body: changePasswordSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { password, currentPassword } = request.body;
      await accounts.changePassword(deps, user.id, { password, currentPassword }, request.cookies[SESSION_COOKIE]);
      return { success: true as const, message: accounts.ACCOUNT_TEXTS.passwordChanged };
    },
  );

  api.put(
    '/api/user/language',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Remember the logged-in user's interface language ('en' or 'hi'); their mails are written in it",
        body: languageSchema,
        response: { 200: languageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const { language } = request.body;
      await accounts.setLanguage(deps.work, currentUser(request).id, language);
      return { success: true as const, language };
    },
  );

  api.post(
    '/api/user/send-reset-password-email',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link',
        body: resetEmailSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const { email } = request.body;
      await accounts.sendResetEmail(deps, email, request.ip, request.log);
      return { success: true as const, ...serverMessage('resetMailSent') };
    },
  );

  api.post(
    '/api/user/reset-password/:id/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with a mailed link',
        params: z.object({ id: z.string(), token: z.string() }),
        body: newPasswordSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const { password } = request.body;
      const { id, token } = request.params;
      if (!isUuid(id) || !TOKEN_PATTERN.test(token)) {
        throw new AppError('invalid', serverMessage('resetLinkInvalid'));
      }
      await accounts.resetPassword(deps.work, id.toLowerCase(), token, password);
      return { success: true as const, ...serverMessage('resetDone') };
    },
  );

  api.post(
    '/api/user/confirm-email/:id/:token',
    {
      schema: {
        tags,
        summary:
          'Confirm your email address with the mailed link; until then only confirmation and reset links are mailed to it',
        params: z.object({ id: z.string(), token: z.string() }),
        response: { 200: codedMessageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const { id, token } = request.params;
      if (!isUuid(id) || !TOKEN_PATTERN.test(token)) {
        throw new AppError('invalid', serverMessage('confirmLinkInvalid'));
      }
      await accounts.confirmEmail(db, id.toLowerCase(), token);
      return { success: true as const, ...serverMessage('emailConfirmed') };
    },
  );

  api.post(
    '/api/user/my/email-confirmation',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Mail yourself a new confirmation link (3 an hour); a 409 once the address is confirmed',
        response: { 200: codedMessageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const { email } = await accounts.resendConfirmationLink(deps, currentUser(request).id, request.log);
      return { success: true as const, ...serverMessage('confirmMailSent', { email }) };
    },
  );

  api.get(
    '/api/user/admin/user',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Every user (oldest first), or one page with ?page=&limit=; q searches names and emails, sort/order by a column; userDocCount counts every match (admin)',
        querystring: adminUsersQuerySchema,
        response: { 200: usersAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const { page, limit, q, sort, order } = request.query;
      const isPaged = page !== undefined || limit !== undefined;
      const query: accounts.UserListQuery = {
        search: q || undefined,
        sort,
        order,
        page: isPaged ? { page: page ?? 1, limit: limit ?? ADMIN_USERS_PAGE_SIZE } : undefined,
      };
      const body = await deps.cache.json(accountsCache.reads.adminUsers, query, async () => ({
        success: true,
        ...(await accounts.listUsers(db, query)),
      }));
      return sendJsonText(reply, body);
    },
  );

  api.get(
    '/api/user/admin/user/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'One user, for the role form (admin)',
        params: idParamsSchema,
        response: { 200: adminUserAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      user: await accounts.getUser(db, parseId(request.params.id, 'User')),
    }),
  );

  api.delete(
    '/api/user/admin/user/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a user (admin)',
        params: idParamsSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await accounts.deleteUser(
        deps.work,
        currentUser(request).id,
        parseId(request.params.id, 'User'),
        deps.eraseAccount,
      );
      return { success: true as const, ...serverMessage('userDeleted') };
    },
  );

  api.put(
    '/api/user/admin/user/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Change a user's role (admin)",
        params: idParamsSchema,
        body: roleChangeSchema,
        response: { 200: roleChangeAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const targetId = parseId(request.params.id, 'User');
      const { UserRole } = request.body;
      const isUserExit = await accounts.updateUserRole(deps.work, currentUser(request).id, targetId, UserRole);
      return { success: true as const, ...serverMessage('roleUpdated'), isUserExit };
    },
  );
}

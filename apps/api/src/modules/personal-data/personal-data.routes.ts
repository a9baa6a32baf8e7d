/** Personal data routes (decision 0031): download my data, delete my account. */
import { deleteAccountSchema, messageAnswerSchema } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser, requireUser, SESSION_COOKIE } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import type { OrderViews } from '../orders/orders.views.js';
import * as personalData from './personal-data.service.js';

export type PersonalDataDeps = AppDeps & {
  now?: () => Date;
  /** The order answer's parts, for the orders in the download. */
  orderViews: OrderViews;
};

/** Downloads of one's data per shopper and hour. */
export const MY_DATA_PER_HOUR = 10;

export async function personalDataRoutes(app: FastifyInstance, deps: PersonalDataDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['personal data'];
  const now = deps.now ?? (() => new Date());

  api.get(
    '/api/user/me/data',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Everything the shop keeps about the logged-in user, as a JSON file to save: the account, saved addresses, orders (lines, history, bill numbers), reviews, complaints and khata (the account and its entries; null without one)',
        response: {
          // A string, never serialized: the schema only documents the file.
          200: z.any().meta({ type: 'string', format: 'binary', description: 'application/json attachment' }),
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A heavy read: a budget per shopper, whatever the number of processes (decision 0055).
      await deps.rateLimiter.hit({
        key: `my-data:user:${user.id}`,
        max: MY_DATA_PER_HOUR,
        windowMs: 3_600_000,
        message: serverMessage('myDataTooOften', { max: MY_DATA_PER_HOUR }),
      });
      const { fileName, data } = await personalData.exportMyData(deps.db, deps.orderViews, user, now());
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(await personalData.myDataText(data));
    },
  );

  api.delete(
    '/api/user/me',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          "Delete the logged-in user's account, confirmed with its password: 400 when the password is wrong, 409 while an order is not yet Delivered or Cancelled, or for an admin. Erases the person and keeps the bills and orders (decision 0031); the session ends",
        body: deleteAccountSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      await personalData.deleteMyAccount(deps, currentUser(request).id, request.body.password, request.log);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const, ...serverMessage('accountDeleted') };
    },
  );
}

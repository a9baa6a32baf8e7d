/**
 * Notifications HTTP routes (decision 0045): the shopper's channels, an order's WhatsApp messages
 * and wa.me link for the admin, the khata reminder on WhatsApp, and the Cloud API's webhook
 * (verification and statuses, signed with the app secret when one is set).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShopLanguage } from '@mandi/shared';
import {
  khataReminderAnswerSchema,
  khataReminderBodySchema,
  type NotificationSettings,
  notificationSettingsAnswerSchema,
  notificationSettingsBodySchema,
  orderNotificationsAnswerSchema,
  whatsappWebhookAnswerSchema,
  whatsappWebhookBodySchema,
  whatsappWebhookVerifySchema,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../lib/json-body.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import type { NotificationDispatcher } from './notifications.dispatcher.js';
import * as notifications from './notifications.service.js';

export type NotificationRouteDeps = AppDeps & { notifications: NotificationDispatcher };

const WEBHOOK_PATH = '/api/notifications/whatsapp/webhook';

/** Whether `header` (`sha256=<hex>`) is the HMAC-SHA256 of `raw` with `secret`, compared in constant time. */
export function isSignedBy(raw: string, header: string | undefined, secret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(raw, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export async function notificationsRoutes(app: FastifyInstance, deps: NotificationRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service: notifications.NotificationDeps = { ...deps, dispatcher: deps.notifications };
  const tags = ['notifications'];

  /** The settings, and where to prove the number while it is unproved (decision 0055). */
  const settingsAnswer = async (user: { id: string; language: ShopLanguage }, settings?: NotificationSettings) => {
    const current = settings ?? (await notifications.getSettings(deps.db, user.id));
    const shop = await deps.shop.current();
    return {
      success: true as const,
      settings: current,
      emailConfirmed: await notifications.isEmailConfirmed(deps.db, user.id),
      whatsappAvailable: deps.notifications.isSending,
      whatsappProofLink: notifications.numberProofLink(
        current,
        shop.phone,
        deps.notifications.isSending,
        user.language,
      ),
    };
  };

  api.get(
    '/api/user/my/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'How you hear about your orders: email (on unless turned off) and WhatsApp (off until you choose it with your number)',
        response: { 200: notificationSettingsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => settingsAnswer(currentUser(request)),
  );

  api.put(
    '/api/user/my/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Choose your channels: { email, whatsapp, whatsappNumber }; WhatsApp needs a 10-digit Indian mobile number',
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const settings = await notifications.saveSettings(deps.db, user.id, request.body);
      return { ...(await settingsAnswer(user, settings)), ...serverMessage('notificationsSaved') };
    },
  );

  api.get(
    '/api/admin/orders/:id/notifications',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "An order's WhatsApp messages with their status (admin); without the Cloud API, the wa.me link of the message for the order's latest moment in the shopper's language",
        params: idParamsSchema,
        response: { 200: orderNotificationsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.orderNotifications(service, parseId(request.params.id, 'Order'))),
    }),
  );

  api.post(
    '/api/admin/khata/:userId/whatsapp-reminder',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Send the khata reminder on WhatsApp through the Cloud API (admin): 409 without the Cloud API, when the shopper has not chosen WhatsApp, or when nothing is due',
        params: z.object({ userId: z.string().meta({ description: "The shopper's user id" }) }),
        body: khataReminderBodySchema,
        response: { 202: khataReminderAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const notification = await notifications.queueKhataReminder(service, parseId(request.params.userId, 'User'));
      return reply.status(202).send({ success: true as const, ...serverMessage('khataReminderQueued'), notification });
    },
  );

  // The webhook reads its body as text first: the signature is over the exact bytes Meta sent.
  await app.register(async (scope) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    const parse = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        done(new AppError('invalid', serverMessage('bodyTooDeep')), undefined);
        return;
      }
      rawBodies.set(request, text);
      parse(request, text, done);
    });
    const hooks = scope.withTypeProvider<ZodTypeProvider>();

    hooks.get(
      WEBHOOK_PATH,
      {
        schema: {
          tags,
          summary:
            "The Cloud API's webhook verification: answers hub.challenge when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN (403 otherwise)",
          querystring: whatsappWebhookVerifySchema,
          response: { 200: z.string().meta({ description: 'hub.challenge, as text' }), ...failureResponses },
        },
      },
      async (request, reply) => {
        const expected = deps.config.whatsapp.verifyToken;
        // Compared as bytes: a token of as many characters but more bytes (non-ASCII) is simply wrong.
        const given = Buffer.from(request.query['hub.verify_token'] ?? '');
        const wanted = Buffer.from(expected ?? '');
        const matches = expected !== undefined && given.length === wanted.length && timingSafeEqual(given, wanted);
        if (request.query['hub.mode'] !== 'subscribe' || !matches) {
          throw new AppError('forbidden', serverMessage('webhookVerifyRefused'));
        }
        return reply.type('text/plain; charset=utf-8').send(request.query['hub.challenge'] ?? '');
      },
    );

    hooks.post(
      WEBHOOK_PATH,
      {
        // Before the body is validated: an unsigned call learns nothing about what the shop accepts.
        preValidation: async (request) => {
          const secret = deps.config.whatsapp.appSecret;
          if (!secret) return;
          const header = request.headers['x-hub-signature-256'];
          if (!isSignedBy(rawBodies.get(request) ?? '', typeof header === 'string' ? header : undefined, secret)) {
            throw new AppError('unauthenticated', serverMessage('webhookSignatureInvalid'));
          }
        },
        schema: {
          tags,
          summary:
            "The Cloud API's webhook: message statuses (sent, delivered, read, failed) move the outbox's messages forward; signed with X-Hub-Signature-256 when WHATSAPP_APP_SECRET is set (401 otherwise)",
          body: whatsappWebhookBodySchema,
          response: { 200: whatsappWebhookAnswerSchema, ...failureResponses },
        },
      },
      async (request) => {
        await notifications.applyIncomingMessages(service, request.body);
        return { success: true as const, updated: await notifications.applyWebhookStatuses(service, request.body) };
      },
    );
  });
}

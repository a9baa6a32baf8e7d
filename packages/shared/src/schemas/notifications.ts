/**
 * Notifications (issue 30, decision 0045): how a shopper hears about their orders and khata, by
 * email (on by default) and on WhatsApp (off until they opt in with a number); the WhatsApp
 * messages the shop sent with their status; the wa.me links the admin sends by hand when the shop
 * has no WhatsApp Business Cloud API set up; the Cloud API's status webhook.
 */
import { z } from 'zod';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema } from './common.js';

/** What the shopper reads in a message, by moment: order placed, packed (final bill), out for delivery, cancelled, khata reminder. */
export const NOTIFICATION_TEMPLATES = [
  'order_placed',
  'order_packed',
  'order_out_for_delivery',
  'order_cancelled',
  'khata_reminder',
  'standing_order_missed',
  'shop_closed_notice',
] as const;
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];

export const NOTIFICATION_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const notificationSettingsSchema = z.object({
  email: z.boolean().meta({ description: 'Mails about orders (on unless turned off)' }),
  whatsapp: z.boolean().meta({ description: 'WhatsApp messages about orders and the khata (off until chosen)' }),
  whatsappNumber: z
    .string()
    .nullable()
    .meta({ description: 'The 10-digit Indian mobile number WhatsApp messages go to, or null' }),
  whatsappVerified: z.boolean().optional().meta({
    description:
      'Whether the shopper proved the number is theirs (a message from it to the shop); nothing is sent to it before',
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `GET` and `PUT /api/user/my/notifications`. */
export const notificationSettingsAnswerSchema = z.object({
  success: z.literal(true),
  settings: notificationSettingsSchema,
  emailConfirmed: z.boolean().optional().meta({
    description:
      'Whether your email address is confirmed: until it is, no order mail is sent to it (ask for a link with POST /api/user/my/email-confirmation)',
  }),
  whatsappAvailable: z.boolean().meta({
    description: 'Whether the shop sends WhatsApp messages itself (the Cloud API is set up)',
  }),
  whatsappProofLink: z.string().nullable().optional().meta({
    description:
      "https://wa.me/ link to the shop's WhatsApp with a first message to send from the shopper's number, which proves it; null when nothing is to prove",
  }),
  message: z.string().optional(),
  code: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type NotificationSettingsAnswer = z.infer<typeof notificationSettingsAnswerSchema>;

const choiceSchema = z.boolean({ error: schemaMessage('notificationChoiceInvalid') });
const numberMessage = schemaMessage('whatsappNumberInvalid');

/** `PUT /api/user/my/notifications`: both choices; the number is needed when WhatsApp is on. */
export const notificationSettingsBodySchema = z
  .strictObject(
    {
      email: choiceSchema,
      whatsapp: choiceSchema,
      whatsappNumber: z
        .string({ error: numberMessage })
        .trim()
        // A number written with +91, 0, spaces or dashes is the same number.
        .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
        .pipe(z.union([z.literal(''), z.string().regex(/^[6-9]\d{9}$/, numberMessage)]))
        .transform((value) => value || null)
        .nullable()
        .optional()
        .meta({ description: '10-digit Indian mobile number (+91 and spaces allowed); empty or null for none' }),
    },
    { error: schemaMessage('notificationFieldsUnknown') },
  )
  .refine((body) => !body.whatsapp || Boolean(body.whatsappNumber), {
    message: schemaMessage('whatsappNumberNeeded'),
    path: ['whatsappNumber'],
  });
export type NotificationSettingsBody = z.input<typeof notificationSettingsBodySchema>;

export const notificationMessageSchema = z.object({
  _id: z.string().meta({ description: 'The message in the outbox' }),
  orderId: idSchema.nullable(),
  channel: z.enum(['whatsapp']),
  template: z.enum(NOTIFICATION_TEMPLATES),
  language: z.enum(['en', 'hi']),
  to: z.string().meta({ description: 'The number with its country code, digits only' }),
  text: z.string().meta({ description: 'What the shopper reads' }),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: isoDateSchema.nullable().meta({ description: 'When it is tried again (queued only)' }),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const whatsappLinkSchema = z.object({
  template: z.enum(NOTIFICATION_TEMPLATES),
  language: z.enum(['en', 'hi']),
  text: z.string(),
  url: z.string().meta({ description: 'https://wa.me/91XXXXXXXXXX?text=…' }),
});
export type WhatsappLink = z.infer<typeof whatsappLinkSchema>;

/** `GET /api/admin/orders/{id}/notifications`. */
export const orderNotificationsAnswerSchema = z.object({
  success: z.literal(true),
  whatsappConfigured: z.boolean(),
  messages: z.array(notificationMessageSchema),
  whatsappLink: whatsappLinkSchema.nullable().meta({
    description:
      "Without the Cloud API: the message for the order's latest moment, in the shopper's language, as a wa.me link (null with the Cloud API or without a number)",
  }),
});
export type OrderNotificationsAnswer = z.infer<typeof orderNotificationsAnswerSchema>;

/** `POST /api/admin/khata/{userId}/whatsapp-reminder` takes no body (or `{}`). */
export const khataReminderBodySchema = z
  .strictObject({}, { error: schemaMessage('khataReminderTakesNoBody') })
  .optional()
  .meta({ description: 'No body (or {})' });

/** `POST /api/admin/khata/{userId}/whatsapp-reminder`. */
export const khataReminderAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  code: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  notification: notificationMessageSchema,
});

/** The Cloud API's webhook verification (`GET`): Meta sends the token set up in the app dashboard. */
export const whatsappWebhookVerifySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

const webhookStatusSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional() })).optional(),
});

/** The Cloud API's webhook (`POST`): statuses of the messages sent, among other changes ignored here. */
export const whatsappWebhookBodySchema = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string().optional(),
              value: z
                .looseObject({
                  statuses: z.array(webhookStatusSchema).optional(),
                  // Messages shoppers sent to the shop: each proves its sender's number (decision 0055).
                  messages: z.array(z.looseObject({ from: z.string() })).optional(),
                })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
export type WhatsappWebhookBody = z.infer<typeof whatsappWebhookBodySchema>;

export const whatsappWebhookAnswerSchema = z.object({
  success: z.literal(true),
  updated: z.number().int().meta({ description: 'Messages whose status moved' }),
});

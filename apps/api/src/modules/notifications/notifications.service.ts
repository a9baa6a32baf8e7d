/**
 * Notifications (issue 30, decision 0045): the shopper's channels, the WhatsApp messages queued by
 * the order events (placed, packed with the final bill, out for delivery, cancelled by the shop)
 * and by the admin's khata reminder, the admin's view of an order's messages (or its wa.me link
 * when the shop has no Cloud API), and the statuses the Cloud API's webhook reports.
 */
import type { ShopLanguage } from '@mandi/shared';
import type {
  NotificationMessage,
  NotificationSettings,
  NotificationTemplate,
  WhatsappLink,
  WhatsappWebhookBody,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { AppDeps } from '../../app-deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { NotificationDispatcher } from './notifications.dispatcher.js';
import * as repo from './notifications.repository.js';
import {
  displayName,
  isNotifiedOrderEvent,
  khataReminderParameters,
  nextStatus,
  ORDER_EVENT_TEMPLATES,
  orderParameters,
  shopNameFor,
  templateText,
  waMeUrl,
  whatsappRecipient,
} from './notifications.rules.js';

export type NotificationDeps = Pick<AppDeps, 'db' | 'config' | 'shop'> & { dispatcher: NotificationDispatcher };

export function presentMessage(row: repo.MessageRow): NotificationMessage {
  return {
    _id: String(row.id),
    orderId: row.orderId,
    channel: row.channel,
    template: row.template as NotificationTemplate,
    language: row.language,
    to: row.recipient,
    text: row.body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    providerMessageId: row.providerMessageId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSettings(db: NotificationDeps['db'], userId: string): Promise<NotificationSettings> {
  return repo.findSettings(db, userId);
}

/** Whether mails can reach the shopper at all: their address is confirmed (decision 0055). */
export function isEmailConfirmed(db: NotificationDeps['db'], userId: string): Promise<boolean> {
  return repo.isEmailConfirmed(db, userId);
}

export async function saveSettings(
  db: NotificationDeps['db'],
  userId: string,
  body: { email: boolean; whatsapp: boolean; whatsappNumber?: string | null | undefined },
): Promise<NotificationSettings> {
  const settings = { email: body.email, whatsapp: body.whatsapp, whatsappNumber: body.whatsappNumber ?? null };
  await repo.saveSettings(db, userId, settings);
  return repo.findSettings(db, userId);
}

/**
 * Where the shopper proves their WhatsApp number (decision 0055): a wa.me link to the shop's own
 * WhatsApp number (its profile's phone) with a first message to send from theirs. Null when the
 * shop does not send, nothing is to prove, or the shop has no 10-digit number to write to.
 */
export function numberProofLink(
  settings: NotificationSettings,
  shopPhone: string | null,
  isSending: boolean,
  language: ShopLanguage,
): string | null {
  if (!isSending || !settings.whatsapp || !settings.whatsappNumber || settings.whatsappVerified) return null;
  return waMeUrl(shopPhone, language === 'hi' ? 'नमस्ते, संदेश शुरू करें' : 'START messages');
}

/**
 * Messages that came to the shop's WhatsApp (the webhook's `messages`): each proves its sender's
 * number for the shoppers who gave it (decision 0055). Only from a signed webhook: the route
 * refuses unsigned calls whenever the shop sends. The number of settings proved.
 */
export async function applyIncomingMessages(deps: NotificationDeps, body: WhatsappWebhookBody): Promise<number> {
  if (!deps.config.whatsapp.appSecret) return 0;
  const senders = (body.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) => (change.value?.messages ?? []).map((message) => message.from)),
  );
  let proved = 0;
  for (const from of new Set(senders)) proved += await repo.proveNumber(deps.db, from, new Date());
  return proved;
}

/** Of these orders, the ones whose shopper turned mail off: the order mails skip them. */
export function ordersWithMailOff(db: NotificationDeps['db'], orderIds: readonly string[]): Promise<Set<string>> {
  return repo.ordersWithMailOff(db, orderIds);
}

const DAY_MS = 86_400_000;

const languageOf = (language: string | null | undefined): ShopLanguage => (language === 'hi' ? 'hi' : 'en');

/**
 * An order event's WhatsApp messages: one per order whose shopper chose WhatsApp, in their
 * language, written once whatever number of times the event is delivered (the dedupe key is the
 * event's moment and order). Nothing when the Cloud API is not set up: the admin has the link.
 */
export async function queueOrderMessages(
  deps: NotificationDeps,
  events: readonly { type: string; orderId: string }[],
): Promise<number> {
  if (!deps.dispatcher.isSending) return 0;
  const notified = events.filter((event) => isNotifiedOrderEvent(event.type));
  if (!notified.length) return 0;
  const facts = await repo.orderFacts(
    deps.db,
    notified.map((event) => event.orderId),
  );
  const shop = await deps.shop.current();
  const now = new Date();
  let queued = 0;
  for (const event of notified) {
    const order = facts.get(event.orderId);
    if (!order?.userId || !order.whatsapp || !order.whatsappNumber || !isNotifiedOrderEvent(event.type)) continue;
    // A standing order's order is made each morning the shopper asked for it: no "placed" message.
    if (event.type === 'placed' && order.channel === 'subscription') continue;
    // Only to a number the shopper proved is theirs (decision 0055).
    if (!order.whatsappVerifiedAt) continue;
    const recipient = whatsappRecipient(order.whatsappNumber);
    const recent = await repo.countRecentMessages(deps.db, {
      userId: order.userId,
      recipient,
      since: new Date(now.getTime() - DAY_MS),
    });
    // At most `WHATSAPP_MAX_PER_DAY` a day to a shopper, and to a number whoever gives it (decision 0055).
    const cap = deps.config.whatsapp.maxPerDay;
    if (recent.byUser >= cap || recent.byRecipient >= cap) continue;
    const template = ORDER_EVENT_TEMPLATES[event.type];
    const language = languageOf(order.language);
    const parameters = orderParameters(
      template,
      { ...order, firstName: order.firstName ?? order.customerFirstName },
      { shopName: shop.name, publicUrl: deps.config.publicUrl, language },
    );
    const row = await repo.insertMessage(deps.db, {
      userId: order.userId,
      orderId: order.orderId,
      template,
      language,
      recipient,
      parameters,
      body: templateText(template, language, parameters),
      dedupeKey: `${event.type}:${order.orderId}`,
      // "Placed" waits a few minutes: an order cancelled in them says nothing at all (decision 0055).
      ...(event.type === 'placed'
        ? { nextAttemptAt: new Date(now.getTime() + deps.config.whatsapp.placedDelaySeconds * 1000) }
        : {}),
    });
    if (row) queued += 1;
  }
  if (queued) deps.dispatcher.dispatchSoon();
  return queued;
}

/**
 * An order was cancelled (by the shopper or the shop): a "placed" message still waiting is not sent,
 * and when one was withdrawn the shop's cancel says nothing either: the shopper never heard of the
 * order (decision 0055). True when the cancel's own message should still go.
 */
export async function cancelledOrderMessages(deps: NotificationDeps, orderId: string): Promise<boolean> {
  const withdrawn = await repo.withdrawQueued(deps.db, orderId);
  return !withdrawn.includes(ORDER_EVENT_TEMPLATES.placed);
}

/** The moment an order is at, as the message the shopper would get for it. */
const templateOfStatus = (status: string) =>
  status === 'Cancelled'
    ? ORDER_EVENT_TEMPLATES.cancelled
    : status === 'Shipped'
      ? ORDER_EVENT_TEMPLATES.shipped
      : null;

/**
 * An order's WhatsApp messages for the admin and, without the Cloud API, the wa.me link of the
 * message for the order's latest moment (placed, packed, out for delivery, cancelled), in the
 * shopper's language, to their WhatsApp number or else the order's mobile number.
 */
export async function orderNotifications(deps: NotificationDeps, orderId: string) {
  const facts = (await repo.orderFacts(deps.db, [orderId])).get(orderId);
  if (!facts) throw notFound('Order');
  const messages = (await repo.messagesOfOrder(deps.db, orderId)).map(presentMessage);
  let whatsappLink: WhatsappLink | null = null;
  if (!deps.dispatcher.isSending && facts.status !== 'Delivered') {
    const packed = facts.packedAt ? ORDER_EVENT_TEMPLATES.packed : null;
    const template = templateOfStatus(facts.status) ?? packed ?? ORDER_EVENT_TEMPLATES.placed;
    const language = languageOf(facts.language);
    const shop = await deps.shop.current();
    const parameters = orderParameters(
      template,
      { ...facts, firstName: facts.firstName ?? facts.customerFirstName },
      { shopName: shop.name, publicUrl: deps.config.publicUrl, language },
    );
    const text = templateText(template, language, parameters);
    const url = waMeUrl(facts.whatsappNumber ?? facts.mobileNumber, text);
    if (url) whatsappLink = { template, language, text, url };
  }
  return { whatsappConfigured: deps.dispatcher.isSending, messages, whatsappLink };
}

/**
 * The khata reminder as a WhatsApp message (the admin's button): only with the Cloud API, to a
 * shopper who chose WhatsApp, when something is due; otherwise the admin sends the khata's wa.me
 * link by hand (decision 0034).
 */
export async function queueKhataReminder(deps: NotificationDeps, userId: string): Promise<NotificationMessage> {
  const khata = await repo.khataFacts(deps.db, userId);
  if (!khata) throw new AppError('notFound', serverMessage('khataNotFound'));
  if (!deps.dispatcher.isSending) throw new AppError('conflict', serverMessage('whatsappNotConfigured'));
  if (!khata.whatsapp || !khata.whatsappNumber) throw new AppError('conflict', serverMessage('whatsappNotChosen'));
  if (!khata.whatsappVerifiedAt) throw new AppError('conflict', serverMessage('whatsappNotProved'));
  if (khata.balancePaise <= 0) throw new AppError('conflict', serverMessage('khataNothingDue'));
  const language = languageOf(khata.language);
  const shop = await deps.shop.current();
  const name = `${khata.firstName} ${khata.lastName}`.trim() || khata.customerName;
  const parameters = khataReminderParameters({ name, shopName: shop.name, balancePaise: khata.balancePaise, language });
  const row = await repo.insertMessage(deps.db, {
    userId,
    orderId: null,
    template: 'khata_reminder',
    language,
    recipient: whatsappRecipient(khata.whatsappNumber),
    parameters,
    body: templateText('khata_reminder', language, parameters),
    dedupeKey: null,
  });
  if (!row) throw new Error('a khata reminder without a dedupe key was not written');
  deps.dispatcher.dispatchSoon();
  return presentMessage(row);
}

/**
 * A standing order's notice on WhatsApp (decision 0064): what of a date will not come, or that the
 * shop is closed that day; only with the Cloud API, to a shopper who chose WhatsApp and proved the
 * number, within the day's cap, once per `dedupeKey`. False when nothing was queued.
 */
export async function queueStandingNotice(
  deps: NotificationDeps,
  notice: {
    userId: string;
    template: 'standing_order_missed' | 'shop_closed_notice';
    /** The parameters after the shopper's name, in the shopper's language. */
    parameters: (language: ShopLanguage, shopName: string) => string[];
    dedupeKey: string;
  },
): Promise<boolean> {
  if (!deps.dispatcher.isSending) return false;
  const facts = await repo.shopperFacts(deps.db, notice.userId);
  if (!facts?.whatsapp || !facts.whatsappNumber || !facts.whatsappVerifiedAt) return false;
  const recipient = whatsappRecipient(facts.whatsappNumber);
  const recent = await repo.countRecentMessages(deps.db, {
    userId: notice.userId,
    recipient,
    since: new Date(Date.now() - DAY_MS),
  });
  const cap = deps.config.whatsapp.maxPerDay;
  if (recent.byUser >= cap || recent.byRecipient >= cap) return false;
  const language = languageOf(facts.language);
  const shop = await deps.shop.current();
  const parameters = [
    displayName(facts.firstName, language),
    ...notice.parameters(language, shopNameFor(shop.name, language)),
  ];
  const row = await repo.insertMessage(deps.db, {
    userId: notice.userId,
    orderId: null,
    template: notice.template,
    language,
    recipient,
    parameters,
    body: templateText(notice.template, language, parameters),
    dedupeKey: notice.dedupeKey,
  });
  if (row) deps.dispatcher.dispatchSoon();
  return row !== null;
}

/** The statuses a webhook call reports, applied forward only; the number of messages moved. */
export async function applyWebhookStatuses(deps: NotificationDeps, body: WhatsappWebhookBody): Promise<number> {
  const statuses = (body.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) => change.value?.statuses ?? []),
  );
  if (!statuses.length) return 0;
  const rows = new Map(
    (
      await repo.findByProviderId(
        deps.db,
        statuses.map((status) => status.id),
      )
    ).map((row) => [row.providerMessageId, row]),
  );
  let moved = 0;
  for (const status of statuses) {
    const row = rows.get(status.id);
    if (!row) continue;
    const to = nextStatus(row.status, status.status);
    if (!to) continue;
    const error =
      to === 'failed'
        ? (status.errors ?? []).map((e) => `${e.code ?? ''} ${e.title ?? ''}`.trim()).join('; ') || 'failed'
        : null;
    if (await repo.moveStatus(deps.db, row.id, row.status, to, error)) {
      moved += 1;
      rows.set(status.id, { ...row, status: to });
    }
  }
  return moved;
}

/**
 * The shopper's own settings and messages, for the data download (decision 0031), without the
 * provider's message ids: they are the shop's handle on the Cloud API, not the shopper's data
 * (decision 0055).
 */
export async function personalData(db: NotificationDeps['db'], userId: string) {
  const [settings, messages] = await Promise.all([repo.findSettings(db, userId), repo.messagesOfUser(db, userId)]);
  const withoutProviderId = (row: repo.MessageRow) => {
    const { providerMessageId: _providerId, ...message } = presentMessage(row);
    return message;
  };
  return { settings, messages: messages.map(withoutProviderId) };
}

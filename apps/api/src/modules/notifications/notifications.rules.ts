/**
 * Pure rules of notifications (decision 0045): which template an order moment sends, its body
 * parameters, the text a template makes in the shopper's language, the wa.me link, the Cloud API's
 * request body, how a Cloud API answer is judged (sent, try again later, or never), the retry
 * delays, and how a status from the webhook moves a message.
 */
import { formatRupees, type ShopLanguage } from '@mandi/shared';
import { orderNumberLabel, paiseToRupees } from '@mandi/shared/kernel';
import type { NotificationStatus, NotificationTemplate } from '@mandi/shared/schemas';
import { TEMPLATE_TEXTS_HI } from './notifications.texts.hi.js';
import { TEMPLATE_TEXTS } from './notifications.texts.js';

/** The order moments a shopper hears of on WhatsApp, and their templates. */
export const ORDER_EVENT_TEMPLATES = {
  placed: 'order_placed',
  packed: 'order_packed',
  shipped: 'order_out_for_delivery',
  cancelled: 'order_cancelled',
} as const satisfies Record<string, NotificationTemplate>;
export type NotifiedOrderEvent = keyof typeof ORDER_EVENT_TEMPLATES;

export const isNotifiedOrderEvent = (type: string): type is NotifiedOrderEvent => type in ORDER_EVENT_TEMPLATES;

/** The shop's name as a shopper reads it in their language (the demo's "Mandi" is "मंडी" in Hindi). */
export function shopNameFor(name: string, language: ShopLanguage): string {
  return language === 'hi' && name === 'Mandi' ? 'मंडी' : name;
}

/** What an order message says, read from the order as it is now. */
export interface OrderFacts {
  orderId: string;
  orderNumber: number;
  firstName: string;
  totalPaise: number;
  estimatedTotalPaise: number;
}

/**
 * A shopper's name as a template may carry it (decision 0055): one or two words of letters (any
 * script), at most 20 characters. Anything else (digits, links, punctuation, a sentence typed as
 * a first name) becomes "Customer": the shop's number never sends a text a shopper wrote.
 */
export function displayName(name: string | null | undefined, language: ShopLanguage): string {
  const words = (name ?? '').trim().replace(/\s+/g, ' ');
  const isName = words.length <= 20 && /^[\p{L}\p{M}]+(?:[ '-][\p{L}\p{M}]+)?$/u.test(words);
  return isName ? words : language === 'hi' ? 'ग्राहक' : 'Customer';
}

/** The body parameters of an order template, in the template's order ({{1}}, {{2}}…). */
export function orderParameters(
  template: Exclude<NotificationTemplate, 'khata_reminder' | 'standing_order_missed' | 'shop_closed_notice'>,
  order: OrderFacts,
  context: { shopName: string; publicUrl: string; language: ShopLanguage },
): string[] {
  const number = orderNumberLabel(order.orderNumber);
  const shop = shopNameFor(context.shopName, context.language);
  const name = displayName(order.firstName, context.language);
  switch (template) {
    case 'order_placed':
      return [name, number, formatRupees(paiseToRupees(order.estimatedTotalPaise), context.language), shop];
    case 'order_packed':
      return [
        name,
        number,
        formatRupees(paiseToRupees(order.totalPaise), context.language),
        `${context.publicUrl}/Order/OrderDetails/${order.orderId}`,
      ];
    case 'order_out_for_delivery':
      return [name, number, formatRupees(paiseToRupees(order.totalPaise), context.language)];
    case 'order_cancelled':
      return [name, number, shop];
  }
}

/** The khata reminder's parameters: name, shop, amount due. */
export function khataReminderParameters(input: {
  name: string;
  shopName: string;
  balancePaise: number;
  language: ShopLanguage;
}): string[] {
  return [
    displayName(input.name, input.language),
    shopNameFor(input.shopName, input.language),
    formatRupees(paiseToRupees(input.balancePaise), input.language),
  ];
}

/** A template's text in a language with its parameters filled in. */
export function templateText(template: NotificationTemplate, language: ShopLanguage, parameters: readonly string[]) {
  const body = (language === 'hi' ? TEMPLATE_TEXTS_HI : TEMPLATE_TEXTS)[template];
  return body.replace(/\{\{(\d+)\}\}/g, (whole, index: string) => parameters[Number(index) - 1] ?? whole);
}

/** A 10-digit Indian mobile number as WhatsApp wants it: country code, digits only. */
export const whatsappRecipient = (mobile: string) => `91${mobile}`;

/** `https://wa.me/91XXXXXXXXXX?text=…`, or null without a 10-digit mobile number. */
export function waMeUrl(mobile: string | null | undefined, text: string): string | null {
  if (!mobile || !/^\d{10}$/.test(mobile)) return null;
  return `https://wa.me/${whatsappRecipient(mobile)}?text=${encodeURIComponent(text)}`;
}

/** The Cloud API's body for a template message. */
export function templateRequestBody(message: {
  recipient: string;
  template: NotificationTemplate;
  language: ShopLanguage;
  parameters: readonly string[];
}) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.recipient,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

/** What became of one send. */
export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string }
  /** Throttled: not before `retryAfterSeconds`; does not count against the attempts. */
  | { kind: 'rate-limited'; retryAfterSeconds: number; error: string }
  /** The Cloud API or the network failed: try again after the backoff. */
  | { kind: 'transient'; error: string }
  /** The request itself is refused (number not on WhatsApp, no template, bad token): never again. */
  | { kind: 'permanent'; error: string };

/** Cloud API error codes that mean "too many, slow down" (with HTTP 429 or 400). */
export const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/** Cloud API error codes that a later attempt may get past (its own trouble, not the request's). */
export const TRANSIENT_CODES = new Set([1, 2, 131000, 131016, 133004]);

/** The default wait when a rate limit says nothing of when to come back. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Retry-After as seconds (a number of seconds or an HTTP date), or the default. */
export function retryAfterSeconds(header: string | null, now: Date): number {
  if (header) {
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return Math.max(1, Math.min(86_400, Number(trimmed)));
    const at = Date.parse(trimmed);
    if (!Number.isNaN(at)) return Math.max(1, Math.min(86_400, Math.ceil((at - now.getTime()) / 1000)));
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

/** Judges a Cloud API answer: its HTTP status, its JSON body (if any) and its Retry-After header. */
export function judgeAnswer(status: number, body: unknown, retryAfter: string | null, now: Date): SendOutcome {
  const error = (body as { error?: { message?: unknown; code?: unknown; type?: unknown } } | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const said = `${status}${code !== null ? ` (${code})` : ''}: ${typeof error?.message === 'string' ? error.message : 'no message'}`;
  if (status >= 200 && status < 300) {
    const id = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
    if (typeof id === 'string' && id) return { kind: 'sent', providerMessageId: id };
    return { kind: 'transient', error: `${status}: the answer names no message id` };
  }
  if (status === 429 || (code !== null && RATE_LIMIT_CODES.has(code))) {
    return { kind: 'rate-limited', retryAfterSeconds: retryAfterSeconds(retryAfter, now), error: said };
  }
  if (status >= 500 || status === 408 || (code !== null && TRANSIENT_CODES.has(code))) {
    return { kind: 'transient', error: said };
  }
  return { kind: 'permanent', error: said };
}

/** Seconds before attempt `attempts + 1` after a transient failure: `first`, doubling, at most an hour. */
export function retryDelaySeconds(attempts: number, first: number): number {
  return Math.min(3600, first * 2 ** Math.max(0, attempts - 1));
}

const STATUS_RANK: Record<NotificationStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 1 };

/**
 * The status a webhook status moves a message to, or null when it does not move it: statuses
 * arrive out of order, so a message never goes back (a late "sent" after "read" changes nothing);
 * "failed" counts only before the message was delivered.
 */
export function nextStatus(current: NotificationStatus, reported: string): NotificationStatus | null {
  if (reported !== 'sent' && reported !== 'delivered' && reported !== 'read' && reported !== 'failed') return null;
  if (reported === 'failed') return current === 'queued' || current === 'sent' ? 'failed' : null;
  if (current === 'failed') return null;
  return STATUS_RANK[reported] > STATUS_RANK[current] ? reported : null;
}

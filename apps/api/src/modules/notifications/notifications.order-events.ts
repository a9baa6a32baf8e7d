/**
 * What a shopper is told when something happens to their order: one message per order event, on
 * two channels (decisions 0017, 0045, 0055).
 *
 * | event     | email                                         | WhatsApp (its template)   |
 * |-----------|-----------------------------------------------|---------------------------|
 * | placed    | the confirmation, to the checkout's address   | order_placed, a few       |
 * |           | (order-placed.mail.ts)                        | minutes later             |
 * | packed    | the final bill, PDF attached (final-bill.mail)| order_packed              |
 * | shipped   | none                                          | order_out_for_delivery    |
 * | cancelled | when the shop cancels (order-cancelled.mail)  | when the shop cancels,    |
 * |           |                                               | unless "placed" was still |
 * |           |                                               | waiting (then withdrawn)  |
 *
 * Email goes only to a confirmed address of a shopper who has not turned order mails off (one read
 * per claim for all three mails); WhatsApp only to a number the shopper proved, and only when the
 * shop has the Cloud API (without it an event writes no row for that channel). A shopper who
 * cancels their own order has just seen it done, so neither channel tells them. A sale at the
 * counter (decision 0060) is told by its receipt, handed over with the goods: no message at all.
 *
 * Each mail is a subscriber of the order events' outbox of its own, and WhatsApp one for all its
 * events: their names are kept on outbox rows, so they stay as they were.
 */
import type { ShopLanguage } from '@mandi/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DeliveryRun, OrderEventSubscriber } from '../order-events/order-events.js';
import { CANCELLED_BY, getClaimedOrders } from '../orders/orders.service.js';
import type { OrderViews } from '../orders/orders.views.js';
import { sendFinalBill } from './final-bill.mail.js';
import type { NotificationDispatcher } from './notifications.dispatcher.js';
import { type NotifiedOrderEvent, ORDER_EVENT_TEMPLATES } from './notifications.rules.js';
import { cancelledOrderMessages, ordersWithMailOff, queueOrderMessages } from './notifications.service.js';
import { sendOrderCancelledMail } from './order-cancelled.mail.js';
import { orderPlacedMail } from './order-placed.mail.js';

export interface OrderMessageDeps {
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'shop' | 'pdf'>;
  /** How the orders are presented (the order participants' parts): what the mails print. */
  views: OrderViews;
  dispatcher: NotificationDispatcher;
}

/** The orders whose shoppers are told: not a sale at the counter, whose receipt was handed over. */
const TOLD_CHANNELS = ['online', 'subscription'] as const;

/** The events that have a WhatsApp message: those with a template. */
const WHATSAPP_EVENTS = Object.keys(ORDER_EVENT_TEMPLATES) as NotifiedOrderEvent[];

/** The order events' subscribers that send the shopper's messages, by channel. */
export function orderMessageSubscribers({ deps, views, dispatcher }: OrderMessageDeps): OrderEventSubscriber[] {
  /** Whether the order's shopper turned order mails off or never confirmed their address; read once for a claim's orders. */
  const isMailOff = async (orderId: string, run: DeliveryRun) => {
    const off = await run.claim.once('mail-off', (orderIds) => ordersWithMailOff(deps.db, orderIds));
    return off.has(orderId);
  };
  const email: OrderEventSubscriber[] = [
    {
      name: 'order-placed-mail',
      types: ['placed'],
      channels: TOLD_CHANNELS,
      handler: async ({ orderId, payload }, run) => {
        const order = (await getClaimedOrders(deps.db, views, run)).get(orderId);
        const to = payload as { email?: string; language?: ShopLanguage };
        if (!order || !to.email || (await isMailOff(orderId, run))) return;
        const shop = await deps.shop.current();
        await deps.mailer.send(orderPlacedMail(to.email, order, deps.config.publicUrl, to.language ?? 'en', shop));
      },
    },
    {
      name: 'final-bill-mail',
      types: ['packed'],
      channels: TOLD_CHANNELS,
      handler: async (event, run) => {
        if (!(await isMailOff(event.orderId, run))) await sendFinalBill(deps, views, event.orderId);
      },
    },
    {
      // Only when the shop cancels (the event's payload says who did).
      name: 'order-cancelled-mail',
      types: ['cancelled'],
      channels: TOLD_CHANNELS,
      handler: async (event, run) => {
        if (!(await isMailOff(event.orderId, run))) await sendOrderCancelledMail(deps, views, event);
      },
    },
  ];
  if (!dispatcher.isSending) return email;
  const notifying = { ...deps, dispatcher };
  const whatsapp: OrderEventSubscriber = {
    name: 'whatsapp-notifications',
    types: WHATSAPP_EVENTS,
    channels: TOLD_CHANNELS,
    handler: async (event) => {
      if (event.type === 'cancelled') {
        const tellsShopper = await cancelledOrderMessages(notifying, event.orderId);
        if (!tellsShopper || event.payload.by !== CANCELLED_BY.shop) return;
      }
      await queueOrderMessages(notifying, [event]);
    },
  };
  return [...email, whatsapp];
}

/**
 * The mail that tells a shopper the shop has cancelled their order: the "cancelled" order event's
 * subscriber (decision 0017), run after the commit, in the shopper's interface language. Only a
 * cancel by the shop (an admin's status change) is told: a shopper who cancels their own order has
 * just seen it done on the screen, so that event carries `by: 'shopper'` and sends nothing. The
 * email of the "cancelled" message (notifications.order-events.ts).
 */

import { formatKg, formatRupees, type ShopLanguage } from '@mandi/shared';
import { escapeHtml, orderNumberLabel, shopDateOf } from '@mandi/shared/kernel';
import type { AppDeps } from '../../app-deps.js';
import type { MailMessage } from '../../lib/mail.js';
import {
  describeShopDate,
  MAIL_TEXTS,
  type MailShop,
  shopFooterHtml,
  shopFooterLines,
  shopNameIn,
} from '../../lib/mail-texts.js';
import { findMailContact } from '../accounts/accounts.service.js';
import type { OrderView } from '../orders/orders.presenter.js';
import { CANCELLED_BY, getOrderForBill } from '../orders/orders.service.js';
import type { OrderViews } from '../orders/orders.views.js';

/** The cancellation mail: what the order held, that nothing is due, and the refund if it was paid. */
export function orderCancelledMail(
  to: string,
  firstName: string,
  order: OrderView,
  link: string,
  language: ShopLanguage,
  shop: MailShop,
): MailMessage {
  const say = MAIL_TEXTS[language];
  const shopName = shopNameIn(shop.name, language);
  const reference = orderNumberLabel(order.orderNumber);
  const placedOn = describeShopDate(shopDateOf(new Date(order.orderDate)), language);
  const lines = order.orderItems.map((item) => `${item.name}: ${formatKg(item.quantity, language)}`);
  // A paid order the shop cancels carries its refund (decision 0032); the promise is for older ones.
  const paid = order.refund
    ? say.cancelledRefunded(formatRupees(order.refund.amount, language), order.refund.method, order.refund.reference)
    : order.payment
      ? say.cancelledPaid(formatRupees(order.total, language))
      : null;
  const text = [
    say.hello(firstName),
    '',
    say.cancelledByShop(reference, placedOn),
    ...(paid ? [paid] : []),
    '',
    say.cancelledItHeld,
    ...lines.map((line) => `- ${line}`),
    '',
    say.seeYourOrderAt(link),
    '',
    say.signature(shopName),
    '',
    ...shopFooterLines(shop, language),
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
<p>${escapeHtml(say.hello(firstName))}</p>
<p><strong>${escapeHtml(say.cancelledByShop(reference, placedOn))}</strong></p>
${paid ? `<p>${escapeHtml(paid)}</p>\n` : ''}<p>${escapeHtml(say.cancelledItHeld)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">${escapeHtml(say.seeYourOrder)}</a></p>
<p>${escapeHtml(say.signature(shopName))}</p>
${shopFooterHtml(shop, language)}
</body></html>`;
  return { to, subject: say.cancelledSubject(shopName, reference), text, html };
}

/** Sends the cancellation mail for an order the shop cancelled; nothing for a shopper's own cancel. */
export async function sendOrderCancelledMail(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'shop'>,
  views: OrderViews,
  event: { orderId: string; payload: Readonly<Record<string, unknown>> },
): Promise<void> {
  if (event.payload.by !== CANCELLED_BY.shop) return;
  const order = await getOrderForBill(deps.db, views, event.orderId);
  if (!order?.userId || order.status !== 'Cancelled') return;
  const contact = await findMailContact(deps.db, order.userId);
  if (!contact) return;
  const link = `${deps.config.publicUrl}/Order/OrderDetails/${order._id}`;
  const shop = await deps.shop.current();
  await deps.mailer.send(orderCancelledMail(contact.email, contact.firstName, order, link, contact.language, shop));
}

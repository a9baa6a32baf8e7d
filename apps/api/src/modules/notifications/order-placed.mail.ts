/**
 * The order confirmation mail, sent after the order is committed (never inside its transaction):
 * the lines, the subtotal, the delivery charge and any other adjustment, the total and the slot.
 * The email of the "placed" message (notifications.order-events.ts).
 */

import { formatInUnit, formatRupees, type ShopLanguage } from '@mandi/shared';
import { escapeHtml, orderNumberLabel, unitName, unitOrDefault } from '@mandi/shared/kernel';
import type { MailMessage } from '../../lib/mail.js';
import {
  describeShopDate,
  MAIL_TEXTS,
  type MailShop,
  type MailTexts,
  shopFooterHtml,
  shopFooterLines,
  shopNameIn,
} from '../../lib/mail-texts.js';
import { DELIVERY_FEE, ROUND_OFF } from '../orders/orders.adjustments.js';
import type { OrderView } from '../orders/orders.presenter.js';

/**
 * Described dates by language and date: the orders of a busy hour share a few slot dates, and
 * describing one builds its locale's date formats afresh, a cost every confirmation mail paid.
 */
const describedDates = new Map<string, string>();
const DESCRIBED_DATES_MAX = 64;

function describeDateOnce(date: string, language: ShopLanguage): string {
  const key = `${language} ${date}`;
  let described = describedDates.get(key);
  if (described === undefined) {
    if (describedDates.size >= DESCRIBED_DATES_MAX) describedDates.clear();
    described = describeShopDate(date, language);
    describedDates.set(key, described);
  }
  return described;
}

/** "Wednesday 25 November 2026, 07:00-09:00" (the slot's own shop date, no time zone arithmetic). */
export function describeSlot(slot: NonNullable<OrderView['deliverySlot']>, language: ShopLanguage = 'en'): string {
  return `${describeDateOnce(slot.date, language)}, ${slot.start}-${slot.end}`;
}

/**
 * One line per adjustment of the order (decision 0017) but those in `shownApart`: the round-off by
 * its own text, any other by its label. Signed amounts, as on the bill.
 */
export function adjustmentLines(
  order: OrderView,
  say: MailTexts,
  rupees: (amount: number) => string,
  shownApart: readonly { source: string; kind: string }[] = [],
): string[] {
  const signed = (amount: number) => (amount < 0 ? `-${rupees(-amount)}` : rupees(amount));
  return (order.adjustments ?? [])
    .filter((adjustment) => !shownApart.some((ref) => ref.source === adjustment.source && ref.kind === adjustment.kind))
    .map((adjustment) =>
      adjustment.source === ROUND_OFF.source && adjustment.kind === ROUND_OFF.kind
        ? say.roundOff(signed(adjustment.amount))
        : adjustment.source === DELIVERY_FEE.source && adjustment.kind === DELIVERY_FEE.kind
          ? say.deliveryCharge(signed(adjustment.amount))
          : say.adjustment(adjustment.label, signed(adjustment.amount)),
    );
}

/** The confirmation, in the shopper's interface language (decision 0011), signed with the shop's profile (decision 0028). */
export function orderPlacedMail(
  to: string,
  order: OrderView,
  publicUrl: string,
  language: ShopLanguage,
  shop: MailShop,
): MailMessage {
  const say = MAIL_TEXTS[language];
  const shopName = shopNameIn(shop.name, language);
  const rupees = (amount: number) => formatRupees(amount, language);
  const link = `${publicUrl}/Order/OrderDetails/${order._id}`;
  const number = orderNumberLabel(order.orderNumber);
  const lines = order.orderItems.map((item) =>
    say.orderLine(
      item.name,
      formatInUnit(item.quantity, item.unit, language),
      rupees(item.rate),
      unitName(unitOrDefault(item.unit), language),
    ),
  );
  const delivery = order.deliverySlot ? say.delivery(describeSlot(order.deliverySlot, language)) : say.deliveryLater;
  const figures = [
    say.subtotal(rupees(order.subtotal)),
    say.deliveryCharge(order.shippingCharge > 0 ? rupees(order.shippingCharge) : say.free),
    ...adjustmentLines(order, say, rupees, [DELIVERY_FEE]),
    say.total(rupees(order.total)),
  ];
  const address = `${order.shippingInfo.address}, ${order.shippingInfo.city} ${order.shippingInfo.pinCode}`;
  const text = [
    say.hello(order.user.firstName),
    '',
    say.thanksForOrder(number),
    '',
    ...lines,
    '',
    ...figures,
    delivery,
    say.to(address),
    '',
    say.seeYourOrderAt(link),
    '',
    say.signature(shopName),
    '',
    ...shopFooterLines(shop, language),
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
<p>${escapeHtml(say.hello(order.user.firstName))}</p>
<p>${escapeHtml(say.thanksForOrder(number))}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${figures.map(escapeHtml).join('<br>')}</p>
<p><strong>${escapeHtml(delivery)}</strong><br>${escapeHtml(say.to(address))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(say.seeYourOrder)}</a></p>
<p>${escapeHtml(say.signature(shopName))}</p>
${shopFooterHtml(shop, language)}
</body></html>`;
  return { to, subject: say.orderSubject(shopName, number, rupees(order.total)), text, html };
}

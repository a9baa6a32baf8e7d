/**
 * The order confirmation mail, sent after the order is committed (never inside its transaction):
 * the lines, the subtotal, the delivery charge, the total and the delivery slot.
 */
import { formatKg, formatRupees } from '@mandi/shared';
import { WEEKDAY_NAMES } from '@mandi/shared/delivery';
import type { MailMessage } from '../../lib/mail.js';
import type { OrderView } from './orders.presenter.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** "Wednesday 25 November 2026, 07:00-09:00" (the slot's own shop date, no time zone arithmetic). */
export function describeSlot(slot: NonNullable<OrderView['deliverySlot']>): string {
  const day = new Date(`${slot.date}T00:00:00Z`);
  const month = day.toLocaleString('en-IN', { month: 'long', timeZone: 'UTC' });
  return `${WEEKDAY_NAMES[day.getUTCDay()]} ${day.getUTCDate()} ${month} ${day.getUTCFullYear()}, ${slot.start}-${slot.end}`;
}

export function orderPlacedMail(to: string, order: OrderView, publicUrl: string): MailMessage {
  const link = `${publicUrl}/Order/OrderDetails/${order._id}`;
  const lines = order.orderItems.map(
    (item) => `${item.name}: ${formatKg(item.quantity)} x ${formatRupees(item.rate)}/Kg`,
  );
  const delivery = order.deliverySlot
    ? `Delivery: ${describeSlot(order.deliverySlot)}`
    : 'Delivery: we will let you know when it ships';
  const figures = [
    `Subtotal: ${formatRupees(order.subtotal)}`,
    `Delivery charge: ${order.shippingCharge > 0 ? formatRupees(order.shippingCharge) : 'free'}`,
    `Total: ${formatRupees(order.total)}`,
  ];
  const address = `${order.shippingInfo.address}, ${order.shippingInfo.city} ${order.shippingInfo.pinCode}`;
  const text = [
    `Hello ${order.user.firstName},`,
    '',
    `Thank you for your order ${order._id}.`,
    '',
    ...lines,
    '',
    ...figures,
    delivery,
    `To: ${address}`,
    '',
    `See your order: ${link}`,
    '',
    'Mandi - fresh and organic produce',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1c1917">
<p>Hello ${escapeHtml(order.user.firstName)},</p>
<p>Thank you for your order ${escapeHtml(order._id)}.</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${figures.map(escapeHtml).join('<br>')}</p>
<p><strong>${escapeHtml(delivery)}</strong><br>To: ${escapeHtml(address)}</p>
<p><a href="${escapeHtml(link)}">See your order</a></p>
<p>Mandi - fresh and organic produce</p>
</body></html>`;
  return { to, subject: `Your Mandi order: ${formatRupees(order.total)}`, text, html };
}

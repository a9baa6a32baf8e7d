/**
 * The final bill mail: sent to the shopper once their order is packed (by the pack route, or by
 * shipping an order never packed), after the commit, through the shop's mail path (outbox or SMTP).
 */
import { formatKg, formatRupees } from '@mandi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { MailMessage } from '../../lib/mail.js';
import { findContact } from '../accounts/accounts.service.js';
import type { OrderView } from '../orders/orders.presenter.js';
import { getOrderForBill } from '../orders/orders.service.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const packedText = (packedQuantity: string | null) =>
  packedQuantity === null ? '—' : Number(packedQuantity) === 0 ? 'not available' : formatKg(Number(packedQuantity));

/** The bill's text and HTML: per line ordered vs packed kg and amount, the estimate, the amount due. */
export function finalBillMail(to: string, firstName: string, order: OrderView, link: string): MailMessage {
  const shortId = order._id.slice(-8);
  const lines = order.orderItems.map((item) => ({
    name: item.name,
    ordered: formatKg(item.quantity),
    packed: packedText(item.packedQuantity),
    amount: formatRupees(item.amount),
  }));
  const text = [
    `Hello ${firstName},`,
    '',
    `Your order ${shortId} has been weighed and packed. You pay only for what was packed:`,
    '',
    ...lines.map((line) => `- ${line.name}: ordered ${line.ordered}, packed ${line.packed}, ${line.amount}`),
    '',
    `Estimate when ordered: ${formatRupees(order.estimatedTotal)}`,
    `Amount due: ${formatRupees(order.total)}`,
    '',
    `See your order: ${link}`,
    '',
    'Mandi - fresh and organic produce',
  ].join('\n');
  const cell = 'padding:6px 10px;border-bottom:1px solid #e7e5e4;text-align:left';
  const num = `${cell};text-align:right`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1c1917">
<p>Hello ${escapeHtml(firstName)},</p>
<p>Your order ${escapeHtml(shortId)} has been weighed and packed. You pay only for what was packed.</p>
<table style="border-collapse:collapse">
<thead><tr><th style="${cell}">Item</th><th style="${num}">Ordered</th><th style="${num}">Packed</th><th style="${num}">Amount</th></tr></thead>
<tbody>
${lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(line.name)}</td><td style="${num}">${escapeHtml(line.ordered)}</td><td style="${num}">${escapeHtml(line.packed)}</td><td style="${num}">${escapeHtml(line.amount)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
<p>Estimate when ordered: <del>${escapeHtml(formatRupees(order.estimatedTotal))}</del><br>
<strong>Amount due: ${escapeHtml(formatRupees(order.total))}</strong></p>
<p><a href="${escapeHtml(link)}">See your order</a></p>
<p>Mandi - fresh and organic produce</p>
</body></html>`;
  return { to, subject: `Your Mandi order ${shortId} is packed: amount due ${formatRupees(order.total)}`, text, html };
}

/** Queues the final bill of a packed order; runs after the answer, failures only logged. */
export function queueFinalBill(deps: AppDeps, orderId: string, log: FastifyBaseLogger): void {
  deps.afterAnswer.push(
    async () => {
      const order = await getOrderForBill(deps.db, orderId);
      if (!order?.userId) return;
      const contact = await findContact(deps.db, order.userId);
      if (!contact) return;
      const link = `${deps.config.publicUrl}/Order/OrderDetails/${order._id}`;
      await deps.mailer.send(finalBillMail(contact.email, contact.firstName, order, link));
    },
    log,
    'final bill mail could not be sent',
  );
}

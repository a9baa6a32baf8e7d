/**
 * The final bill mail: sent to the shopper once their order is packed (by the pack route, or by
 * shipping an order never packed), by the "packed" order event after the commit, through the
 * shop's mail path (outbox or SMTP), with the bill itself attached as a PDF (the same file as the
 * bill's download, made by the billing module, in the mail's language). The email of the "packed"
 * message (notifications.order-events.ts).
 */

import { formatInUnit, formatRupees, type ShopLanguage } from '@mandi/shared';
import { escapeHtml, orderNumberLabel } from '@mandi/shared/kernel';
import type { AppDeps } from '../../app-deps.js';
import type { MailMessage } from '../../lib/mail.js';
import { MAIL_TEXTS, type MailShop, shopFooterHtml, shopFooterLines, shopNameIn } from '../../lib/mail-texts.js';
import { findMailContact } from '../accounts/accounts.service.js';
import { getBillPdfForMail } from '../billing/billing.service.js';
import type { OrderView } from '../orders/orders.presenter.js';
import { getOrderForBill } from '../orders/orders.service.js';
import type { OrderViews } from '../orders/orders.views.js';
import { adjustmentLines } from './order-placed.mail.js';

/** The bill's text and HTML, in the shopper's interface language: per line ordered vs packed kg and amount, the estimate, the amount due. */
export function finalBillMail(
  to: string,
  firstName: string,
  order: OrderView,
  link: string,
  language: ShopLanguage,
  shop: MailShop,
): MailMessage {
  const say = MAIL_TEXTS[language];
  const shopName = shopNameIn(shop.name, language);
  const rupees = (amount: number) => formatRupees(amount, language);
  const packedText = (packedQuantity: string | null, unit: string | undefined) =>
    packedQuantity === null
      ? '—'
      : Number(packedQuantity) === 0
        ? say.notAvailable
        : formatInUnit(Number(packedQuantity), unit, language);
  const number = orderNumberLabel(order.orderNumber);
  const lines = order.orderItems.map((item) => ({
    name: item.substitute ? say.substituted(item.name, item.substitute.name) : item.name,
    ordered: formatInUnit(item.quantity, item.unit, language),
    packed: packedText(item.packedQuantity, item.unit),
    amount: rupees(item.amount),
  }));
  // The delivery charge and the round-off, as the bill prints them.
  const adjusted = adjustmentLines(order, say, rupees);
  const text = [
    say.hello(firstName),
    '',
    say.packedIntro(number),
    '',
    ...lines.map((line) => say.billLine(line.name, line.ordered, line.packed, line.amount)),
    ...adjusted,
    '',
    `${say.estimate} ${rupees(order.estimatedTotal)}`,
    `${say.amountDue} ${rupees(order.total)}`,
    '',
    say.seeYourOrderAt(link),
    '',
    say.signature(shopName),
    '',
    ...shopFooterLines(shop, language),
  ].join('\n');
  const cell = 'padding:6px 10px;border-bottom:1px solid #e7e5e4;text-align:left';
  const num = `${cell};text-align:right`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
<p>${escapeHtml(say.hello(firstName))}</p>
<p>${escapeHtml(say.packedIntroHtml(number))}</p>
<table style="border-collapse:collapse">
<thead><tr><th style="${cell}">${say.item}</th><th style="${num}">${say.ordered}</th><th style="${num}">${say.packed}</th><th style="${num}">${say.amount}</th></tr></thead>
<tbody>
${lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(line.name)}</td><td style="${num}">${escapeHtml(line.ordered)}</td><td style="${num}">${escapeHtml(line.packed)}</td><td style="${num}">${escapeHtml(line.amount)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
${adjusted.length ? `<p>${adjusted.map(escapeHtml).join('<br>')}</p>\n` : ''}<p>${say.estimate} <del>${escapeHtml(rupees(order.estimatedTotal))}</del><br>
<strong>${say.amountDue} ${escapeHtml(rupees(order.total))}</strong></p>
<p><a href="${escapeHtml(link)}">${escapeHtml(say.seeYourOrder)}</a></p>
<p>${escapeHtml(say.signature(shopName))}</p>
${shopFooterHtml(shop, language)}
</body></html>`;
  return { to, subject: say.billSubject(shopName, number, rupees(order.total)), text, html };
}

/**
 * Sends the final bill of a packed order: the "packed" order event's subscriber (decision 0017),
 * run after the commit. The order is read as it is now, so a repeat sends the same bill.
 */
export async function sendFinalBill(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'shop' | 'pdf'>,
  views: OrderViews,
  orderId: string,
): Promise<void> {
  const order = await getOrderForBill(deps.db, views, orderId);
  if (!order?.userId) return;
  const contact = await findMailContact(deps.db, order.userId);
  if (!contact) return;
  const link = `${deps.config.publicUrl}/Order/OrderDetails/${order._id}`;
  // The seller as last saved (decision 0028): the mail and its bill name the same shop.
  const shop = await deps.shop.current();
  const mail = finalBillMail(contact.email, contact.firstName, order, link, contact.language, shop);
  const bill = await getBillPdfForMail(deps.db, views, deps.pdf, shop, order._id, contact.language);
  await deps.mailer.send(
    bill
      ? { ...mail, attachments: [{ filename: bill.fileName, content: bill.pdf, contentType: 'application/pdf' }] }
      : mail,
  );
}

/**
 * The bill as a PDF (pdfkit, A4): the document kind as title, seller, number and date, buyer and
 * delivery address, a table of lines with right-aligned figures, the tax totals, the amount in
 * words and the computer-generated note, drawn with the shop's PDF kit (`lib/pdf/`: embedded Noto
 * Sans, Latin and Devanagari, no network). Every fixed text comes from the bill's
 * texts in English or Hindi (`billing.pdf.texts*.ts`); figures stay in Latin digits with Indian
 * grouping in both, as Indian GST bills print them.
 */
import type { ShopLanguage } from '@mandi/shared';
import { formatIndianAmount, gramsToKgString, orderNumberLabel, QUANTITY_CODES } from '@mandi/shared/kernel';
import type { BillKind, OrderPayment } from '@mandi/shared/schemas';
import { GST_STATE_CODES } from '../../lib/gst-states.js';
import {
  CONTENT_WIDTH,
  drawTableHeader,
  MUTED,
  openPdfCanvas,
  PAGE,
  RULE,
  SHADE,
  STRIPE,
  type TableColumn,
  type Weight,
} from '../../lib/pdf/pdf-canvas.js';
import { type DocumentSeller, documentDateFormat, drawSeller } from '../../lib/pdf/pdf-seller.js';
import { DELIVERY_FEE, ROUND_OFF } from '../orders/orders.adjustments.js';
import { BILL_TEXTS_HI } from './billing.pdf.texts.hi.js';
import { BILL_TEXTS_EN, type BillTexts } from './billing.pdf.texts.js';
import type { BillFigures } from './billing.rules.js';

/** The seller as a bill prints it (the shop's documents print it alike: lib/pdf/pdf-seller.ts). */
export type BillSeller = DocumentSeller;

/** Everything printed on a bill. */
export interface BillDocument {
  kind: BillKind;
  invoiceNumber: string;
  /** The bill's date. */
  invoicedAt: Date;
  /** The order's number, printed #1042 (decision 0023). */
  orderNumber: number;
  seller: BillSeller;
  buyer: { name: string; address: string; city: string; pinCode: string; mobileNumber: string };
  figures: BillFigures;
  isCancelled: boolean;
  /** The note "paid by … on …": the amount is the bill's own. */
  payment: Omit<OrderPayment, 'amount'> | null;
  /**
   * The coupon the order was placed with when the packed bill no longer reaches its minimum, so
   * its discount was removed (decision 0044): the bill says so. Absent or null otherwise.
   */
  couponNotApplied?: { code: string; minSubtotalPaise: number } | null;
}

/** The bill's fixed texts by language; other documents of the shop print the seller with them. */
export const BILL_TEXTS: Record<ShopLanguage, BillTexts> = { en: BILL_TEXTS_EN, hi: BILL_TEXTS_HI };

/** Renders the bill in English (the default) or Hindi; resolves with the PDF's bytes. */
export function renderBillPdf(bill: BillDocument, language: ShopLanguage = 'en'): Promise<Buffer> {
  const say = BILL_TEXTS[language];
  const title = say.kind[bill.kind];
  // The adjustments every bill knows print in its language; any other prints the label it was given.
  const labelOf = (ref: { source: string; kind: string }, label: string) =>
    ref.source === DELIVERY_FEE.source && ref.kind === DELIVERY_FEE.kind
      ? say.deliveryCharge
      : ref.source === ROUND_OFF.source && ref.kind === ROUND_OFF.kind
        ? say.roundOff
        : label;
  const dateFormat = documentDateFormat(say, language);
  const canvas = openPdfCanvas({
    locale: say.locale,
    info: { Title: `${title} ${bill.invoiceNumber}`, Author: bill.seller.legalName, Subject: title },
  });
  const { doc, text, wrap, rule } = canvas;

  const { figures } = bill;
  const left = PAGE.margin;
  let y = PAGE.margin;

  // Title, and CANCELLED beside it when the order was cancelled (the number stays in the series).
  text(title, left, y, { size: 18, weight: 'bold', align: 'center', width: CONTENT_WIDTH });
  y += 26;
  if (bill.isCancelled) {
    text(say.cancelled, left, y, { size: 14, weight: 'bold', color: '#b00020', align: 'center', width: CONTENT_WIDTH });
    y += 20;
  }
  rule(y);
  y += 10;

  // Seller on the left, the bill's particulars on the right.
  const half = CONTENT_WIDTH / 2;
  const sellerY = drawSeller(canvas, bill.seller, say, left, y, half - 10);

  const particulars: { label: string; value: string; weight?: Weight; size?: number }[] = [
    { label: say.number, value: bill.invoiceNumber, weight: 'bold' },
    { label: say.date, value: dateFormat.format(bill.invoicedAt) },
    { label: say.order, value: orderNumberLabel(bill.orderNumber), weight: 'bold' },
    {
      label: say.placeOfSupply,
      value: figures.placeOfSupply
        ? `${figures.placeOfSupply} (${GST_STATE_CODES[figures.placeOfSupply] ?? '-'})`
        : say.unknownState,
    },
  ];
  let rightY = y;
  for (const { label, value, weight, size } of particulars) {
    text(`${label}:`, left + half, rightY, { color: MUTED });
    text(value, left + half + 78, rightY, { weight: weight ?? 'regular', size: size ?? 9 });
    rightY += 13;
  }
  y = Math.max(sellerY, rightY) + 8;

  // Buyer and delivery address.
  doc.rect(left, y, CONTENT_WIDTH, 58).fillColor(SHADE).fill();
  const isOverTheCounter = !bill.buyer.address;
  text(isOverTheCounter ? say.soldTo : say.billedTo, left + 8, y + 6, { color: MUTED, size: 8 });
  text(bill.buyer.name || say.counterSale, left + 8, y + 17, { weight: 'bold', size: 10 });
  // A sale over the counter was handed over in the shop: no address to print.
  const buyerLines = isOverTheCounter
    ? []
    : wrap(`${bill.buyer.address}, ${bill.buyer.city} ${bill.buyer.pinCode}`, CONTENT_WIDTH - 16, 9);
  text(buyerLines.slice(0, 1).join(' '), left + 8, y + 31);
  text(
    `${buyerLines.length > 1 ? `${buyerLines.slice(1).join(' ')} · ` : ''}${say.buyerStateAndMobile(figures.placeOfSupply ?? say.unknownState, bill.buyer.mobileNumber || '-')}`,
    left + 8,
    y + (isOverTheCounter ? 31 : 43),
  );
  y += 70;

  // The lines.
  const taxLabel = figures.isInState ? 'CGST+SGST' : 'IGST';
  const columns: TableColumn[] = [
    { label: '#', width: 18, align: 'right' },
    { label: say.columnHsn, width: 48, align: 'left' },
    { label: say.columnDescription, width: 128, align: 'left' },
    { label: say.columnQuantity, width: 58, align: 'right' },
    { label: say.columnRate, width: 52, align: 'right' },
    { label: say.columnTaxable, width: 62, align: 'right' },
    { label: say.columnGstRate, width: 34, align: 'right' },
    { label: say.columnTax(taxLabel), width: 58, align: 'right' },
    { label: say.columnAmount, width: 57, align: 'right' },
  ];
  /** A further page names the bill it continues. */
  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
    text(say.continued(title, bill.invoiceNumber), left, y, { size: 9, color: MUTED });
    y += 18;
  };
  const header = () => {
    y = drawTableHeader(canvas, columns, left, y);
  };
  header();
  figures.lines.forEach((line, index) => {
    // An adjustment's line (no weight): the ones the bill knows print their fixed text.
    const label = line.adjustment
      ? labelOf(line.adjustment, line.description)
      : line.orderedName !== undefined
        ? say.substituted(line.orderedName, line.description)
        : line.description;
    const description = wrap(label, columns[2]!.width - 6, 8.5);
    const height = 6 + description.length * 11;
    if (y + height > PAGE.height - PAGE.margin - 40) {
      newPage();
      header();
    }
    if (index % 2 === 1)
      doc
        .rect(left, y - 2, CONTENT_WIDTH, height)
        .fillColor(STRIPE)
        .fill();
    const cells = [
      String(index + 1),
      line.hsnCode,
      '',
      // The quantity in its unit and the unit's quantity code: "0.25 KGS", "1 DOZ".
      line.grams === null ? '' : `${gramsToKgString(line.grams)} ${QUANTITY_CODES[line.unit ?? 'kg']}`,
      line.ratePaise === null ? '' : formatIndianAmount(line.ratePaise),
      formatIndianAmount(line.taxablePaise),
      `${line.gstRate}%`,
      formatIndianAmount(line.taxPaise),
      formatIndianAmount(line.amountPaise),
    ];
    let x = left;
    columns.forEach((column, i) => {
      if (i === 2) {
        description.forEach((part, row) => {
          text(part, x + 3, y + 1 + row * 11, { size: 8.5 });
        });
      } else text(cells[i] ?? '', x + 3, y + 1, { size: 8.5, align: column.align, width: column.width - 6 });
      x += column.width;
    });
    y += height;
  });
  // Discounts (a coupon's) after the lines, signed: the lines' taxable values are already lowered.
  for (const entry of figures.discounts) {
    if (y + 17 > PAGE.height - PAGE.margin - 40) {
      newPage();
      header();
    }
    text(entry.label, left + columns[0]!.width + columns[1]!.width + 3, y + 1, { size: 8.5 });
    text(formatIndianAmount(entry.amountPaise), left + CONTENT_WIDTH - columns[8]!.width + 3, y + 1, {
      size: 8.5,
      align: 'right',
      width: columns[8]!.width - 6,
    });
    y += 17;
  }
  rule(y);
  y += 8;

  // Totals, right-aligned under the figures.
  if (y > PAGE.height - PAGE.margin - 200) newPage();
  const totals: [string, number][] = [[say.taxableValue, figures.taxablePaise]];
  // A shop not registered for GST charges none: no tax rows at all.
  if (bill.seller.gstin && figures.isInState) {
    totals.push(['CGST', figures.cgstPaise], ['SGST', figures.sgstPaise]);
  } else if (bill.seller.gstin) totals.push(['IGST', figures.igstPaise]);
  // After the tax: what is no supply (the round-off to whole rupees), signed.
  for (const entry of figures.afterTax) totals.push([labelOf(entry, entry.label), entry.amountPaise]);
  const boxX = left + CONTENT_WIDTH - 220;
  for (const [label, paise] of totals) {
    text(label, boxX, y, { color: MUTED });
    text(formatIndianAmount(paise), boxX + 100, y, { align: 'right', width: 120 });
    y += 13;
  }
  rule(y, RULE, boxX, left + CONTENT_WIDTH);
  y += 5;
  text(say.amountDue, boxX, y, { weight: 'bold', size: 11 });
  text(`₹ ${formatIndianAmount(figures.totalPaise)}`, boxX + 80, y, {
    weight: 'bold',
    size: 11,
    align: 'right',
    width: 140,
  });
  y += 20;

  // Tax by rate, for the buyer's and the accountant's check.
  const rateLine = figures.taxByRate
    .map((entry) =>
      say.taxByRateEntry(entry.rate, formatIndianAmount(entry.taxablePaise), formatIndianAmount(entry.taxPaise)),
    )
    .join('   ·   ');
  for (const line of wrap(`${say.taxByRate} ${rateLine}`, CONTENT_WIDTH, 8)) {
    text(line, left, y, { size: 8, color: MUTED });
    y += 11;
  }
  y += 4;
  text(say.amountInWordsLabel, left, y, { size: 8, color: MUTED });
  y += 11;
  for (const line of wrap(say.amountInWords(figures.totalPaise), CONTENT_WIDTH, 9.5, 'bold')) {
    text(line, left, y, { size: 9.5, weight: 'bold' });
    y += 13;
  }
  y += 6;

  const notes: string[] = [];
  if (!bill.seller.gstin) notes.push(say.noteNotRegistered);
  else if (figures.kind === 'Bill of Supply') notes.push(say.noteExempt);
  else if (figures.kind === 'Invoice-cum-Bill of Supply') notes.push(say.noteMixed);
  if (bill.seller.gstin && figures.lines.some((line) => line.grams === null)) notes.push(say.noteDelivery);
  if (bill.payment) {
    const paidOn = dateFormat.format(new Date(bill.payment.paidAt));
    notes.push(
      bill.payment.method === 'Khata'
        ? say.noteKhata(paidOn)
        : say.notePaid(say.paymentMethod[bill.payment.method], bill.payment.reference ?? '', paidOn),
    );
  }
  if (figures.discounts.length) notes.push(say.noteDiscount);
  if (bill.couponNotApplied) {
    notes.push(
      say.noteCouponNotApplied(bill.couponNotApplied.code, formatIndianAmount(bill.couponNotApplied.minSubtotalPaise)),
    );
  }
  if (bill.isCancelled) notes.push(say.noteCancelled);
  for (const note of notes) {
    for (const line of wrap(note, CONTENT_WIDTH, 8.5)) {
      text(line, left, y, { size: 8.5 });
      y += 11;
    }
  }

  // In place of a signature, at the foot of the last page.
  const footY = PAGE.height - PAGE.margin - 14;
  rule(footY - 6);
  text(say.computerGenerated, left, footY, {
    size: 8,
    color: MUTED,
    align: 'center',
    width: CONTENT_WIDTH,
  });

  return canvas.end();
}

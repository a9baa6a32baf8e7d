/**
 * Bills (decision 0010): the PDF of an order's final bill, the UPI link for its amount due, the
 * payment an admin records, and the month's bills register. A bill is made from the order's own
 * lines (HSN code, GST rate, rate and packed weight as sold) and the shop's settings.
 */
import type { ShopLanguage } from '@mandi/shared';
import { csvLines, orderNumberLabel, rupeesToPaise, shopDateOf, unitOrDefault } from '@mandi/shared/kernel';
import type {
  BillRegisterEntry,
  BillsRegisterAnswer,
  OrderPayment,
  OrderRefund,
  PaymentMethod,
  Shop,
} from '@mandi/shared/schemas';
import { GST_RATES } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { yieldToLoop } from '../../lib/csv-stream.js';
import type { PdfRenderer } from '../../lib/pdf-pool.js';
import type { SessionUser } from '../../lib/session.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { findContact } from '../accounts/accounts.service.js';
import type { OrderEventOutbox } from '../order-events/order-events.dispatcher.js';
import { findOrderAdjustments, findOrderItems } from '../orders/orders.repository.js';
import { getOrderForBill } from '../orders/orders.service.js';
import { type OrderViews, presentParts } from '../orders/orders.views.js';
import { billingCache } from './billing.cache.js';
import type { BillDocument } from './billing.pdf.js';
import * as repo from './billing.repository.js';
import {
  type BillFigures,
  computeBill,
  financialYearOf,
  invoiceFileName,
  isUtr,
  shopMonthRange,
  upiUrl,
} from './billing.rules.js';

/** The seller as the shop's profile names it (decision 0028): read per bill, so a save applies to the next one. */
export type BillShop = Pick<
  Shop,
  'name' | 'legalName' | 'address' | 'state' | 'gstin' | 'upiId' | 'fssaiNumber' | 'phone' | 'email'
>;
type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** The owner or an admin sees an order's bill; for anyone else the order does not exist. */
async function findVisibleOrder(db: Db, viewer: Viewer, id: string): Promise<repo.BillOrderRow> {
  const order = await repo.findBillOrder(db, id);
  if (!order || (order.userId !== viewer.id && viewer.role !== 'Admin')) throw notFound('Order');
  return order;
}

/** What the order answer's payment and refund are made of: the bill's columns, the order's total and time. */
export type BillPart = repo.BillColumns & Pick<repo.BillOrderRow, 'totalPaise' | 'createdAt'>;

export function paymentOf(order: BillPart): OrderPayment | null {
  return order.paymentMethod
    ? {
        method: order.paymentMethod,
        reference: order.paymentMethod === 'Khata' ? null : (order.paymentReference ?? ''),
        // A split sale's amount is the money it took (its cash and UPI tenders), not its khata part.
        amount:
          order.paymentMethod === 'Khata'
            ? null
            : (order.paidPaise ?? (order.paymentMethod === 'Split' ? 0 : order.totalPaise)) / 100,
        paidAt: (order.paidAt ?? order.createdAt).toISOString(),
      }
    : null;
}

/** The refund of a paid order the shop cancelled (decision 0032), or null. */
export function refundOf(order: BillPart): OrderRefund | null {
  return order.refundMethod && order.refundedAt
    ? {
        method: order.refundMethod,
        reference: order.refundReference ?? '',
        amount: (order.refundAmountPaise ?? 0) / 100,
        refundedAt: order.refundedAt.toISOString(),
      }
    : null;
}

/** The figures of an order's bill from its kept lines. */
export function billFigures(
  shop: BillShop,
  order: repo.BillOrderRow,
  lines: readonly repo.BillLineRow[],
  adjustments: readonly repo.BillAdjustmentRow[],
): BillFigures {
  return computeBill({
    lines: lines.map((line) => {
      const grams = line.packedGrams ?? line.quantityGrams;
      // A line packed with a substitute is billed as the substitute (decision 0043).
      if (
        line.substituteName !== null &&
        line.substituteRatePaise !== null &&
        line.substituteHsnCode !== null &&
        line.substituteGstRate !== null
      ) {
        return {
          description: line.substituteName,
          orderedName: line.name,
          hsnCode: line.substituteHsnCode,
          gstRate: line.substituteGstRate,
          grams,
          unit: unitOrDefault(line.unit),
          ratePaise: line.substituteRatePaise,
          amountPaise: line.amountPaise,
        };
      }
      return {
        description: line.name,
        hsnCode: line.hsnCode,
        gstRate: line.gstRate,
        grams,
        unit: unitOrDefault(line.unit),
        ratePaise: line.ratePaise,
        amountPaise: line.amountPaise,
      };
    }),
    adjustments,
    pinCode: order.pinCode,
    shopState: shop.state,
    isRegistered: Boolean(shop.gstin),
  });
}

/** The coupon an order was placed with, as its bill notes it when packing removed the discount. */
export interface PlacedCoupon {
  code: string;
  minSubtotalPaise: number;
}

/** The coupons' part of the order (through its answer's fields: billing does not import coupons). */
async function placedCouponOf(db: Db, views: OrderViews, orderId: string): Promise<PlacedCoupon | null> {
  const part = (await presentParts(db, views, [orderId], ['couponCode', 'couponTerms'])).get(orderId);
  return part?.couponCode && part.couponTerms
    ? { code: part.couponCode, minSubtotalPaise: rupeesToPaise(part.couponTerms.minSubtotal) }
    : null;
}

/** Whether the order was placed on a khata (the khata's part of its answer: `paymentMethod` 'Khata'). */
async function isKhataOrder(db: Db | Tx, views: OrderViews, orderId: string): Promise<boolean> {
  return (await presentParts(db, views, [orderId], ['paymentMethod'])).get(orderId)?.paymentMethod === 'Khata';
}

/** Everything the PDF prints, for a numbered order. */
export function billDocument(
  shop: BillShop,
  order: repo.BillOrderRow,
  lines: readonly repo.BillLineRow[],
  adjustments: readonly repo.BillAdjustmentRow[],
  coupon: PlacedCoupon | null = null,
): BillDocument {
  if (!order.invoiceNumber || !order.invoicedAt) throw new AppError('conflict', serverMessage('billNotFinal'));
  const figures = billFigures(shop, order, lines, adjustments);
  return {
    kind: figures.kind,
    invoiceNumber: order.invoiceNumber,
    invoicedAt: order.invoicedAt,
    orderNumber: order.orderNumber,
    seller: {
      legalName: shop.legalName,
      address: shop.address,
      state: shop.state,
      gstin: shop.gstin,
      fssaiNumber: shop.fssaiNumber,
      phone: shop.phone,
      email: shop.email,
    },
    buyer: {
      // A walk-in's bill names no buyer: the bill says "Counter sale" in its language.
      name: `${order.customerFirstName} ${order.customerLastName}`.trim(),
      address: order.address ?? '',
      city: order.city ?? '',
      pinCode: order.pinCode ?? '',
      mobileNumber: order.mobileNumber ?? '',
    },
    figures,
    isCancelled: order.status === 'Cancelled',
    payment: paymentOf(order),
    couponNotApplied:
      coupon && figures.discounts.length === 0
        ? { code: coupon.code, minSubtotalPaise: coupon.minSubtotalPaise }
        : null,
  };
}

/** The language a bill is written in when none is asked for: the shopper's chosen one, else English. */
async function shopperLanguage(db: Db, order: repo.BillOrderRow): Promise<ShopLanguage> {
  if (!order.userId) return 'en';
  return (await findContact(db, order.userId))?.language ?? 'en';
}

/**
 * The bill's PDF and its file name, in the language asked for, else the order's shopper's (so an
 * admin downloading it gets the bill the shopper reads); 409 while the order has no number yet.
 * Drawn by the PDF pool (decision 0038), within the viewer's share of it, or served as kept.
 */
export async function getInvoicePdf(
  db: Db,
  views: OrderViews,
  pdf: PdfRenderer,
  shop: BillShop,
  viewer: Viewer,
  id: string,
  language?: ShopLanguage,
): Promise<{ fileName: string; pdf: Buffer; language: ShopLanguage }> {
  const order = await findVisibleOrder(db, viewer, id);
  if (!order.invoiceNumber) throw new AppError('conflict', serverMessage('billNotFinal'));
  const billLanguage = language ?? (await shopperLanguage(db, order));
  return { ...(await renderInvoice(db, views, pdf, shop, order, billLanguage, viewer.id)), language: billLanguage };
}

/**
 * The bill's PDF for the final-bill mail (its attachment), in the language the mail is written
 * in; null when the order is missing or has no bill number yet. The same PDF as the download, and
 * kept like it: the shopper who opens the mail and downloads the bill gets it without a render.
 */
export async function getBillPdfForMail(
  db: Db,
  views: OrderViews,
  pdf: PdfRenderer,
  shop: BillShop,
  id: string,
  language: ShopLanguage,
): Promise<{ fileName: string; pdf: Buffer } | null> {
  const order = await repo.findBillOrder(db, id);
  if (!order?.invoiceNumber) return null;
  return renderInvoice(db, views, pdf, shop, order, language, null);
}

/**
 * The bill as the pool draws it. The document is read afresh each time (a few small queries) and
 * is itself the key of the kept PDF: a repack, a refund, a payment, a profile save or anything else
 * that changes what the bill prints makes another document, so a kept bill is never stale.
 */
async function renderInvoice(
  db: Db,
  views: OrderViews,
  pdf: PdfRenderer,
  shop: BillShop,
  order: repo.BillOrderRow,
  language: ShopLanguage,
  owner: string | null,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [lines, adjustments, coupon] = await Promise.all([
    findOrderItems(db, [order.id]),
    findOrderAdjustments(db, [order.id]),
    placedCouponOf(db, views, order.id),
  ]);
  const document = billDocument(shop, order, lines, adjustments, coupon);
  return {
    fileName: invoiceFileName(order.invoiceNumber ?? ''),
    pdf: await pdf.render({ kind: 'bill', data: document, language }, { owner, keep: true }),
  };
}

/**
 * The `upi://pay` link for the amount due of a final, unpaid, not cancelled bill. Before packing
 * the amount is only an estimate, so no link is given (409) rather than one for a wrong amount.
 */
export async function getUpiLink(db: Db, views: OrderViews, shop: BillShop, viewer: Viewer, id: string) {
  if (!shop.upiId) throw new AppError('notFound', serverMessage('noUpi'));
  const order = await findVisibleOrder(db, viewer, id);
  if (order.status === 'Cancelled') throw new AppError('conflict', serverMessage('cancelledNothingDue'));
  // A khata order is paid on the khata (decision 0034): no link to pay it at the door.
  if (await isKhataOrder(db, views, order.id)) throw new AppError('conflict', serverMessage('khataOrderPayment'));
  if (order.paymentMethod) throw new AppError('conflict', serverMessage('alreadyPaid'));
  if (!order.invoiceNumber) throw new AppError('conflict', serverMessage('amountDueAfterPacking'));
  return {
    upiUrl: upiUrl({ upiId: shop.upiId, name: shop.legalName }, order.totalPaise, order.invoiceNumber),
    amount: order.totalPaise / 100,
  };
}

/**
 * Records the payment of an order (admin), once: the bill must be final (so the amount is known),
 * the order not cancelled, a UPI payment needs its 12-digit UTR. Written with the order row locked,
 * with a `payment` event in the order's history and a "paid" order event in the outbox.
 */
export async function recordPayment(
  work: UnitOfWork,
  views: OrderViews,
  events: OrderEventOutbox,
  actor: Viewer,
  id: string,
  { method, reference }: { method: PaymentMethod; reference: string },
) {
  if (method === 'UPI' && !isUtr(reference)) {
    throw new AppError('invalid', serverMessage('upiNeedsUtr'));
  }
  const written = await work.transaction(async (tx, touch) => {
    const order = await repo.lockBillOrder(tx, id);
    if (!order) throw notFound('Order');
    if (order.status === 'Cancelled') throw new AppError('conflict', serverMessage('cancelledNoPayment'));
    if (await isKhataOrder(tx, views, order.id)) throw new AppError('conflict', serverMessage('khataOrderPayment'));
    if (order.paymentMethod) {
      throw new AppError(
        'conflict',
        serverMessage('alreadyPaidWith', {
          payment: `${order.paymentMethod}${order.paymentReference ? ` ${order.paymentReference}` : ''}`,
        }),
      );
    }
    if (!order.invoiceNumber) throw new AppError('conflict', serverMessage('packBeforePayment'));
    const paidAt = new Date();
    if (method === 'UPI') await claimUpiReference(tx, reference, { orderId: order.id }, paidAt);
    // The payment keeps what it took: a refund repays this, whatever the order's total becomes.
    await repo.recordPayment(tx, order.id, {
      method,
      reference,
      amountPaise: order.totalPaise,
      paidAt,
      recordedBy: actor.id,
    });
    // The "paid" order event commits with the payment (decision 0017).
    const written = await events.write(tx, [{ type: 'paid', orderId: order.id, payload: { method } }]);
    touch(...billingCache.writes.paymentRecorded.tags(order.userId));
    return written;
  });
  if (written > 0) events.dispatchSoon();
  const order = await getOrderForBill(work.db, views, id);
  if (!order) throw notFound('Order');
  return order;
}

/** A bill as the register lists it, from its figures. */
function registerEntry({ order, figures }: BillWithFigures): BillRegisterEntry {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    invoiceNumber: order.invoiceNumber ?? '',
    date: order.invoicedAt ? shopDateOf(order.invoicedAt) : '',
    buyer: `${order.customerFirstName} ${order.customerLastName}`.trim(),
    kind: figures.kind,
    taxableValue: rupees(figures.taxablePaise),
    taxByRate: figures.taxByRate.map((entry) => ({
      rate: entry.rate,
      taxableValue: rupees(entry.taxablePaise),
      tax: rupees(entry.taxPaise),
    })),
    tax: rupees(figures.taxPaise),
    roundOff: rupees(afterTaxPaise(figures)),
    total: rupees(figures.totalPaise),
    status: order.status,
    payment: paymentOf(order),
    refund: refundOf(order),
  };
}

const rupees = (paise: number) => paise / 100;
const afterTaxPaise = (figures: BillFigures) => figures.afterTax.reduce((sum, entry) => sum + entry.amountPaise, 0);

/**
 * The bills dated in a month (shop time), in number order. A cancelled order's bill is listed (the
 * series has no gaps) with its status, and left out of the month's totals; a paid one carries its
 * refund, which says where the money went (decision 0032). Read a page at a time (decision 0039).
 */
export async function billsRegister(db: Db, shop: BillShop, month: string): Promise<BillsRegisterAnswer> {
  const { from, to } = shopMonthRange(month);
  const totals = {
    taxablePaise: 0,
    taxPaise: 0,
    roundOffPaise: 0,
    totalPaise: 0,
    byRate: new Map<number, { t: number; x: number }>(),
  };
  const bills: BillRegisterEntry[] = [];
  for await (const page of billPages(db, shop, from, to, { withCancelled: true })) {
    for (const bill of page) {
      const { figures } = bill;
      if (bill.order.status !== 'Cancelled') {
        totals.taxablePaise += figures.taxablePaise;
        totals.taxPaise += figures.taxPaise;
        totals.roundOffPaise += afterTaxPaise(figures);
        totals.totalPaise += figures.totalPaise;
        for (const entry of figures.taxByRate) {
          const sum = totals.byRate.get(entry.rate) ?? { t: 0, x: 0 };
          sum.t += entry.taxablePaise;
          sum.x += entry.taxPaise;
          totals.byRate.set(entry.rate, sum);
        }
      }
      bills.push(registerEntry(bill));
    }
  }
  return {
    success: true,
    month,
    bills,
    totals: {
      taxableValue: rupees(totals.taxablePaise),
      taxByRate: [...totals.byRate]
        .sort(([a], [b]) => a - b)
        .map(([rate, sum]) => ({ rate, taxableValue: rupees(sum.t), tax: rupees(sum.x) })),
      tax: rupees(totals.taxPaise),
      roundOff: rupees(totals.roundOffPaise),
      total: rupees(totals.totalPaise),
    },
  };
}

/**
 * The register of a month as CSV for a spreadsheet: UTF-8 with a byte order mark (so Excel reads ₹
 * and names right), CRLF, one row per bill, a taxable value and a tax column per GST rate, figures
 * in rupees with two decimals. Written a page of bills at a time, for `sendCsv` to stream
 * (decision 0039): the pieces joined are the whole file.
 */
export async function* billsRegisterCsv(db: Db, shop: BillShop, month: string): AsyncGenerator<string> {
  const { from, to } = shopMonthRange(month);
  // A number cell, so the spreadsheet sums it (text cells are quoted).
  const money = (rupees: number) => Number(rupees.toFixed(2));
  const header = [
    'Invoice number',
    'Order',
    'Date',
    'Buyer',
    'Document',
    'Status',
    ...GST_RATES.flatMap((rate) => [`Taxable value ${rate}%`, ...(rate > 0 ? [`GST ${rate}%`] : [])]),
    'Taxable value',
    'Total GST',
    'Round off',
    'Total',
    'Payment',
    'Payment reference',
    'Refund',
    'Refund reference',
    'Refund amount',
  ];
  yield `\uFEFF${csvLines([header])}`;
  for await (const page of billPages(db, shop, from, to, { withCancelled: true })) {
    const rows = page.map((entry) => {
      const bill = registerEntry(entry);
      const byRate = new Map(bill.taxByRate.map((rate) => [rate.rate, rate]));
      return [
        bill.invoiceNumber,
        orderNumberLabel(bill.orderNumber),
        bill.date,
        bill.buyer,
        bill.kind,
        bill.status,
        ...GST_RATES.flatMap((rate) => [
          money(byRate.get(rate)?.taxableValue ?? 0),
          ...(rate > 0 ? [money(byRate.get(rate)?.tax ?? 0)] : []),
        ]),
        money(bill.taxableValue),
        money(bill.tax),
        money(bill.roundOff ?? 0),
        money(bill.total),
        bill.payment?.method ?? '',
        bill.payment?.reference ?? '',
        bill.refund?.method ?? '',
        bill.refund?.reference ?? '',
        bill.refund ? money(bill.refund.amount) : '',
      ];
    });
    yield csvLines(rows);
  }
}

/** A khata order's payment once its bill is on the khata (the khata participant calls it at packing). */
export const markBilledToKhata = repo.markBilledToKhata;
/** A bill with its kept lines and its figures, as the register computes them. */
export interface BillWithFigures {
  order: repo.BillOrderRow;
  lines: repo.BillLineRow[];
  figures: BillFigures;
}

/** Bills per page of a long report: a page's queries and figures hold the loop a few milliseconds. */
const BILL_PAGE = 250;

/**
 * The bills dated [from, to) in number order, each with the figures of `billFigures` (the
 * register's and the PDF's maths), a page at a time, giving the event loop back between pages: a
 * month of a busy shop is 30,000 bills, which built in one go held every other request for seconds
 * (decision 0039). For the reports that must agree with the register to the paisa: the register,
 * the margin report and the GST return (decision 0037).
 */
export async function* billPages(
  db: Db,
  shop: BillShop,
  from: Date,
  to: Date,
  { withCancelled }: { withCancelled: boolean },
): AsyncGenerator<BillWithFigures[]> {
  let after: repo.BillCursor | null = null;
  for (;;) {
    const page = await repo.findBillsPage(db, from, to, { withCancelled, after, limit: BILL_PAGE });
    const linesOf = groupByOrder(page.lines);
    const adjustmentsOf = groupByOrder(page.adjustments);
    yield page.orders.map((order) => {
      const orderLines = linesOf.get(order.id) ?? [];
      return {
        order,
        lines: orderLines,
        figures: billFigures(shop, order, orderLines, adjustmentsOf.get(order.id) ?? []),
      };
    });
    const last = page.orders.at(-1);
    if (page.orders.length < BILL_PAGE || !last?.invoiceSeries || !last.invoiceYear || last.invoiceSeq === null) return;
    after = { invoiceSeries: last.invoiceSeries, invoiceYear: last.invoiceYear, invoiceSeq: last.invoiceSeq };
    await yieldToLoop();
  }
}

function groupByOrder<T extends { orderId: string }>(rows: readonly T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/** The highest bill number of a series in a financial year below `seq` (0 when none). */
export const lastBillSeqBefore = (db: Db, series: string, invoiceYear: string, seq: number) =>
  repo.lastSeqBefore(db, series, invoiceYear, seq);

/**
 * Takes a UPI reference (UTR) as money in, once across the shop (decision 0055): for an order's
 * payment, a khata payment or a counter tender, inside the caller's transaction. A UTR already
 * taken is a 409 naming what it paid, and the caller's transaction (with it, everything) is undone.
 */
export async function claimUpiReference(
  tx: Tx,
  utr: string,
  paid: { orderId: string } | { khataAccountId: string },
  at: Date,
): Promise<void> {
  if (await repo.claimUpiReference(tx, utr, paid, at)) return;
  const use = await repo.findUpiReferenceUse(tx, utr);
  if ('orderNumber' in use) {
    throw new AppError(
      'conflict',
      serverMessage('utrUsedOnOrder', { reference: utr, order: orderNumberLabel(use.orderNumber) }),
    );
  }
  if ('khataName' in use) {
    throw new AppError('conflict', serverMessage('utrUsedOnKhata', { reference: utr, name: use.khataName }));
  }
  throw new AppError('conflict', serverMessage('utrUsed', { reference: utr }));
}

/**
 * The next sequence each series expects in the financial year of `at` (1 before its first bill):
 * what a counter device numbers its next bill with (decision 0060).
 */
export async function nextSequences(db: Db, series: readonly string[], at: Date): Promise<Map<string, number>> {
  const last = await repo.lastSequences(db, series, financialYearOf(at));
  return new Map(series.map((one) => [one, (last.get(one) ?? 0) + 1]));
}

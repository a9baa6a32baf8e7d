/**
 * Billing, an order participant (decision 0010): the bill gets its number when the order is first
 * packed, or when it is shipped without having been packed, from the counter of its series and the
 * financial year of that moment (shop time), inside the moment's transaction. A re-pack keeps the
 * number; a cancelled order keeps it too, so the series has no gaps. When the shop cancels a paid
 * order it records the refund of what the payment took in the same transaction, and refuses the
 * cancel without one (decision 0032); a paid order is not packed again (decision 0055).
 */

import { serverMessage } from '@mandi/shared/server-messages';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { CacheTag } from '../../lib/response-cache.js';
import { type Cancellation, extensionOf, type NewOrder, type OrderParticipant } from '../orders/orders.lifecycle.js';
import type { OrderRow } from '../orders/orders.repository.js';
import * as repo from './billing.repository.js';
import { financialYearOf, formatInvoiceNumber, isUtr } from './billing.rules.js';
import { type BillPart, claimUpiReference, paymentOf, refundOf } from './billing.service.js';

/**
 * Credits a refund to the shopper's khata (a `reversal` entry), inside the cancel's transaction,
 * or refuses with an AppError when the shopper has no khata. The khata module gives one to
 * `createBillingParticipant`; `reference` is what the refund keeps as its own (the entry's id).
 */
export type KhataRefund = (
  tx: Tx,
  refund: { order: OrderRow; amountPaise: number; actorUserId: string },
) => Promise<{ reference: string; tags: CacheTag[] }>;

/** No khata module yet: no shopper has a khata account to refund to. */
export const noKhataAccounts: KhataRefund = async () => {
  throw new AppError('conflict', serverMessage('refundNoKhata'));
};

/** The payments a shop cancel must refund (`Split`: a counter sale paid in several tenders, part in money). */
const REFUNDABLE_PAYMENTS: ReadonlySet<string> = new Set(['Cash', 'UPI', 'Split']);

/**
 * A bill numbered and paid as the sale is made, by the module that made it (a counter sale,
 * decision 0060): billing's part of such a request (`request.extensions.billing`). A checkout
 * never carries one (billing reads nothing of a checkout's body).
 */
export interface BillAtSale {
  /** The device's series (`C1`) and its own count in the financial year of `at`: the next one, or a 409. */
  series: string;
  sequence: number;
  /** When the sale was made: the bill's date and financial year. */
  at: Date;
  payment: {
    /** One tender's method, or `Split` for several. */
    method: 'Cash' | 'UPI' | 'Khata' | 'Split';
    /** The money taken (cash and UPI tenders), which a refund repays; null when all went on the khata. */
    paidPaise: number | null;
    /** A UPI tender's UTR when given (taken once across the shop), else null. */
    reference: string | null;
  };
}

const billAtSaleOf = (order: NewOrder) => extensionOf<BillAtSale>(order.request, 'billing');

export interface BillingParticipantOptions {
  /** The series of online orders' bills (`INVOICE_PREFIX`, 1-3 capitals or digits). */
  invoicePrefix: string;
  /** The clock: tests set it around 31 March midnight in Kolkata. */
  now: () => Date;
  /** Where a "Khata" refund goes; without a khata module, nowhere (409). */
  khataRefund?: KhataRefund;
}

export function createBillingParticipant({
  invoicePrefix,
  now,
  khataRefund = noKhataAccounts,
}: BillingParticipantOptions): OrderParticipant {
  /**
   * The order row is locked by the moment, so reading `invoiceNumber` and writing it cannot race.
   * `bill`: the order's bill as this moment read it already, under the same lock.
   */
  async function numberOnce(tx: Tx, order: OrderRow, bill?: repo.BillColumns): Promise<CacheTag[]> {
    if ((bill ?? (await repo.billOf(tx, order.id))).invoiceNumber) return [];
    const at = now();
    const invoiceYear = financialYearOf(at);
    const invoiceSeries = invoicePrefix;
    const invoiceSeq = await repo.nextInvoiceSeq(tx, invoiceSeries, invoiceYear);
    const invoiceNumber = formatInvoiceNumber(invoiceSeries, invoiceYear, invoiceSeq);
    const values = { invoiceNumber, invoiceSeries, invoiceYear, invoiceSeq, invoicedAt: at };
    if (!(await repo.setInvoiceNumber(tx, order.id, values))) {
      // Cannot happen under the order lock; throwing undoes the counter step, so no gap is left.
      throw new Error(`order ${order.id} was numbered while locked`);
    }
    // The orders module clears the order's own tags; the number shows in the same reads.
    return [];
  }
  /**
   * A paid order is cancelled only with its refund, of what was paid (the payment is recorded for
   * the final bill's total); an unpaid one has nothing to refund, so a refund sent with it is
   * refused rather than written down as money that never moved.
   */
  async function refundOnCancel(tx: Tx, { order, refund, actorUserId }: Cancellation): Promise<CacheTag[]> {
    // A khata order's refund was refused by the khata's `mayCancel` (decision 0034); its bill is
    // reversed on the khata by the khata's own cancel step, and its payment ('Khata') is no money.
    // Only money taken in cash or by UPI comes back as a refund.
    const bill = await repo.billOf(tx, order.id);
    if (!bill.paymentMethod || !REFUNDABLE_PAYMENTS.has(bill.paymentMethod)) {
      if (refund) throw new AppError('conflict', serverMessage('refundNothingPaid'));
      return [];
    }
    if (!refund) {
      const payment = `${bill.paymentMethod}${bill.paymentReference ? ` ${bill.paymentReference}` : ''}`;
      throw new AppError('conflict', serverMessage('refundRequired', { payment }));
    }
    // What the payment took, never the order's later total (decision 0055).
    const amountPaise = bill.paidPaise ?? order.totalPaise;
    const tags: CacheTag[] = [];
    let reference = refund.reference;
    if (refund.method === 'Khata') {
      const credited = await khataRefund(tx, { order, amountPaise, actorUserId });
      reference = credited.reference;
      tags.push(...credited.tags);
    }
    const written = await repo.recordRefund(tx, order.id, {
      method: refund.method,
      reference,
      amountPaise,
      refundedAt: now(),
      refundedBy: actorUserId,
    });
    // Cannot happen under the order lock (a cancelled order is never cancelled again).
    if (!written) throw new Error(`order ${order.id} was refunded while locked`);
    // The orders module clears the order's own reads; the khata's are its own.
    return tags;
  }
  /**
   * A paid order's bill is settled: packing it again would change what was paid for. The shop
   * cancels it with its refund and takes a new order instead (decision 0055).
   */
  async function packUnpaid(tx: Tx, order: OrderRow): Promise<CacheTag[]> {
    const bill = await repo.billOf(tx, order.id);
    if (bill.paymentMethod && REFUNDABLE_PAYMENTS.has(bill.paymentMethod)) {
      const payment = `${bill.paymentMethod}${bill.paymentReference ? ` ${bill.paymentReference}` : ''}`;
      throw new AppError('conflict', serverMessage('paidNoRepack', { payment }));
    }
    return numberOnce(tx, order, bill);
  }
  /**
   * Numbers a sale's bill with the number its device gave it: the device's next one in its series
   * and year (the counter row's lock makes two processes agree), else a 409 naming the expected.
   */
  async function numberAtSale(tx: Tx, order: NewOrder, { series, sequence, at }: BillAtSale): Promise<void> {
    const invoiceYear = financialYearOf(at);
    const invoiceSeq = await repo.nextInvoiceSeq(tx, series, invoiceYear);
    if (invoiceSeq !== sequence) {
      // Undoes the whole transaction, the counter step with it.
      throw new AppError(
        'conflict',
        serverMessage('billSequenceExpected', { series, sequence, expected: invoiceSeq }),
        { expected: invoiceSeq },
      );
    }
    const invoiceNumber = formatInvoiceNumber(series, invoiceYear, invoiceSeq);
    await repo.setInvoiceNumber(tx, order.id, {
      invoiceNumber,
      invoiceSeries: series,
      invoiceYear,
      invoiceSeq,
      invoicedAt: at,
    });
  }
  return {
    name: 'billing',
    async place() {
      return {
        accept: () => undefined,
        // A sale's bill takes its device's number as the order is written (packing then keeps it).
        async write(tx, accepted) {
          for (const order of accepted) {
            const atSale = billAtSaleOf(order);
            if (atSale) await numberAtSale(tx, order, atSale);
          }
          return [];
        },
        // Once handed over (packed, the khata's part debited): the sale's payment, as its tenders were.
        async handedOver(tx, orders) {
          for (const order of orders) {
            const atSale = billAtSaleOf(order);
            if (!atSale) continue;
            const { method, paidPaise, reference } = atSale.payment;
            if (reference) await claimUpiReference(tx, reference, { orderId: order.id }, atSale.at);
            await repo.recordSalePayment(tx, order.id, {
              method,
              reference,
              paidPaise,
              paidAt: atSale.at,
              recordedBy: order.request.handedOverBy ?? null,
            });
          }
          return [];
        },
      };
    },
    // The bill's number, the payment and the refund of the order answer (decision 0058).
    view: {
      read: repo.findBillParts,
      present: (bill: BillPart | undefined) => ({
        /** Written by billing (decision 0010). */
        invoiceNumber: bill?.invoiceNumber ?? null,
        payment: bill ? paymentOf(bill) : null,
        /** Written when the shop cancels a paid order (decision 0032). */
        refund: bill ? refundOf(bill) : null,
      }),
    },
    // Before anything is written: a shopper does not cancel what they paid (the shop has money to
    // give back: decision 0032), and a UPI refund names its UTR.
    async mayCancel(tx, { order, by, refund }) {
      if (by === 'shopper' && (await repo.billOf(tx, order.id)).paymentMethod) {
        throw new AppError('conflict', serverMessage('cancelPaidAskShop'));
      }
      if (refund?.method === 'UPI' && !isUtr(refund.reference)) {
        throw new AppError('invalid', serverMessage('refundUpiNeedsUtr'));
      }
    },
    pack: (tx, { order }) => packUnpaid(tx, order),
    cancel: refundOnCancel,
    statusChange: async (tx, { order, to }) => (to === 'Shipped' ? numberOnce(tx, order) : []),
  };
}

/**
 * Billing, an order participant (decision 0010): the bill gets its number when the order is first
 * packed, or when it is shipped without having been packed, from the counter of the financial year
 * of that moment (shop time), inside the moment's transaction. A re-pack keeps the number; a
 * cancelled order keeps it too, so the series has no gaps.
 */
import type { Tx } from '../../db/client.js';
import type { CacheTag } from '../../lib/response-cache.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import type { OrderRow } from '../orders/orders.repository.js';
import * as repo from './billing.repository.js';
import { financialYearOf, formatInvoiceNumber } from './billing.rules.js';

export interface BillingParticipantOptions {
  invoicePrefix: string;
  /** The clock: tests set it around 31 March midnight in Kolkata. */
  now: () => Date;
}

export function createBillingParticipant({ invoicePrefix, now }: BillingParticipantOptions): OrderParticipant {
  /** The order row is locked by the moment, so reading `invoiceNumber` and writing it cannot race. */
  async function numberOnce(tx: Tx, order: OrderRow): Promise<CacheTag[]> {
    if (order.invoiceNumber) return [];
    const at = now();
    const invoiceYear = financialYearOf(at);
    const invoiceSeq = await repo.nextInvoiceSeq(tx, invoiceYear);
    const invoiceNumber = formatInvoiceNumber(invoicePrefix, invoiceYear, invoiceSeq);
    if (!(await repo.setInvoiceNumber(tx, order.id, { invoiceNumber, invoiceYear, invoiceSeq, invoicedAt: at }))) {
      // Cannot happen under the order lock; throwing undoes the counter step, so no gap is left.
      throw new Error(`order ${order.id} was numbered while locked`);
    }
    // The orders module clears the order's own tags; the number shows in the same reads.
    return [];
  }
  return {
    name: 'billing',
    pack: (tx, { order }) => numberOnce(tx, order),
    statusChange: async (tx, { order, to }) => (to === 'Shipped' ? numberOnce(tx, order) : []),
  };
}

/**
 * The delivery run's rules (decision 0033), without a database: what the delivery person collects
 * at a stop, and the difference a cash close keeps. Money in paise.
 */

/** Payment methods that settle an order before the door: the amount due there is 0. */
const SETTLED_BEFORE_THE_DOOR = new Set(['Cash', 'UPI', 'Khata']);

export interface DueOrder {
  /** The payment recorded on the order (Cash, UPI; Khata once a khata order is billed); null: none yet. */
  paymentMethod: string | null;
  /** How the shopper chose to pay: a 'Khata' order is never paid at the door, billed or not (decision 0034). */
  paymentTerms: string;
  /** The bill when packed, else the estimate (orders keep one total: modules/orders). */
  totalPaise: number;
}

/**
 * What to collect at the door: nothing for a paid order or one billed to the customer's khata,
 * else the order's total, the final bill once packed or the estimate before.
 */
export function amountDuePaise(order: DueOrder): number {
  if (order.paymentTerms === 'Khata') return 0;
  return order.paymentMethod && SETTLED_BEFORE_THE_DOOR.has(order.paymentMethod) ? 0 : order.totalPaise;
}

/** The payment a stop shows: the one recorded, else "Khata" for a khata order not yet billed. */
export const stopPaymentMethod = (order: DueOrder): string | null =>
  order.paymentMethod ?? (order.paymentTerms === 'Khata' ? 'Khata' : null);

/** What the admin counted, less the cash the payments say was collected: negative when cash is missing. */
export const differencePaise = (countedPaise: number, collectedPaise: number): number => countedPaise - collectedPaise;

/**
 * The delivery run's rules (decision 0033), without a database: what the delivery person collects
 * at a stop, and the difference a cash close keeps. Money in paise.
 */

/** Payment methods that settle an order before the door: the amount due there is 0. */
const SETTLED_BEFORE_THE_DOOR = new Set(['Cash', 'UPI', 'Khata']);

export interface DueOrder {
  /** The payment recorded on the order (Cash, UPI), or the way it is billed (Khata, once it exists); null: none yet. */
  paymentMethod: string | null;
  /** The bill when packed, else the estimate (orders keep one total: modules/orders). */
  totalPaise: number;
}

/**
 * What to collect at the door: nothing for a paid order or one billed to the customer's khata,
 * else the order's total, the final bill once packed or the estimate before.
 */
export function amountDuePaise(order: DueOrder): number {
  return order.paymentMethod && SETTLED_BEFORE_THE_DOOR.has(order.paymentMethod) ? 0 : order.totalPaise;
}

/** What the admin counted, less the cash the payments say was collected: negative when cash is missing. */
export const differencePaise = (countedPaise: number, collectedPaise: number): number => countedPaise - collectedPaise;

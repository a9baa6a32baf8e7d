/**
 * The order lifecycle seam. The orders module owns the transaction of every moment in an order's
 * life and calls its participants (stock today; packing, delivery slots and tax bills next) inside
 * it, in the order they were registered. A participant may refuse with an AppError, which undoes
 * the whole moment for that order, and names the cache tags it touched, cleared after the commit.
 * Mail and other side effects never run in here: they follow the commit. See decision 0006.
 */
import type { OrderStatus } from '@mandi/shared';
import type { ShippingInfo } from '@mandi/shared/schemas';
import type { Tx } from '../../db/client.js';
import type { CacheTag } from '../../lib/response-cache.js';
import type { SessionUser } from '../../lib/session.js';
import type { OrderRow, ProductForOrder } from './orders.repository.js';

/** A checkout whose lines passed the checks that need no database, waiting for its transaction. */
export interface OrderRequest {
  user: SessionUser;
  lines: { productId: string; grams: number | null; quantity: number }[];
  shipping: ShippingInfo;
  idempotencyKey: string | null;
  /** The delivery slot the shopper chose (an `_id` from the slot listing), or null for the earliest. */
  slotId: string | null;
}

/** A delivery slot kept on the order as it was booked: a template on a shop date, with its times. */
export interface BookedSlot {
  templateId: string;
  /** YYYY-MM-DD, shop time. */
  date: string;
  /** Minutes after midnight, shop time. */
  startMinute: number;
  endMinute: number;
}

/**
 * What participants add to an order while accepting it: a charge on top of the subtotal and the
 * slot booked. The orders module writes them and counts the charge in the total, without knowing
 * which participant set them.
 */
export interface OrderCharges {
  shippingPaise: number;
  /** The delivery terms the charge came from, kept on the order for the final bill (free above judged again on the packed subtotal). */
  deliveryTerms: DeliveryTerms;
  slot: BookedSlot | null;
}

/** A zone's fee and the subtotal from which delivery is free (null: never free). */
export interface DeliveryTerms {
  feePaise: number;
  freeAbovePaise: number | null;
}

/** No fee at all: the terms of a shop without zones. */
export const FREE_DELIVERY: DeliveryTerms = { feePaise: 0, freeAbovePaise: null };

/** The charge for a subtotal under the terms: the fee, unless the subtotal reaches "free above". */
export function shippingChargePaise(terms: DeliveryTerms, subtotalPaise: number): number {
  if (terms.freeAbovePaise !== null && subtotalPaise >= terms.freeAbovePaise) return 0;
  return terms.feePaise;
}

/** An order the rules accepted (known products, sold weights, duplicates merged), not yet written. */
export interface NewOrder {
  id: string;
  request: OrderRequest;
  lines: { product: ProductForOrder; grams: number; position: number }[];
  /** The lines' amounts added up. */
  subtotalPaise: number;
  /** Starts at no charge and no slot; set by participants in `accept`. */
  charges: OrderCharges;
}

/** What the shopper pays: the lines plus what participants charged. */
export const orderTotalPaise = (order: NewOrder): number => order.subtotalPaise + order.charges.shippingPaise;

/** The orders placed in one transaction (one, or a group commit's batch). */
export interface PlacementBatch {
  /** In arrival order: each is decided in this order. */
  requests: readonly OrderRequest[];
  /** Every product they name, already locked (in id order) by the orders module. */
  products: ReadonlyMap<string, ProductForOrder>;
}

/** Gives back what `accept` reserved for an order that a later participant refused. */
export type Undo = () => void;

/** What a participant read for one batch before its products were locked; lives for that transaction only. */
export interface PreparedPlacement {
  place(tx: Tx, batch: PlacementBatch): Promise<Placement>;
}

/** A participant's part in placing one batch; lives for that transaction only. */
export interface Placement {
  /** In memory, per order in arrival order: reserve, or throw an AppError to refuse this order alone. */
  accept(order: NewOrder): Undo | undefined;
  /** Once for the batch, after the orders and their lines are inserted: one write for all accepted. */
  write(tx: Tx, accepted: readonly NewOrder[]): Promise<CacheTag[]>;
}

export interface StatusChange {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
}

/** One line of an order as a participant sees it at pack or cancel time (weights in grams). */
export interface HeldLine {
  /** Null once the product is deleted: nothing to give back or take from. */
  productId: string | null;
  name: string;
  orderedGrams: number;
  /** What the order holds now: the packed weight once packed, the ordered weight before. */
  heldGrams: number;
}

/** The weights actually packed, line by line (grams), when an order is weighed and packed. */
export interface Packing {
  /** The order as it is after packing (new total and packed time already written). */
  order: OrderRow;
  /** `heldGrams` is what the line held before this packing; `packedGrams` what it holds now. */
  lines: (HeldLine & { packedGrams: number })[];
}

export interface Cancellation {
  order: OrderRow;
  from: OrderStatus;
  /** What the order held when it was cancelled. */
  lines: HeldLine[];
}

/**
 * One domain's part in an order's life. Every moment runs inside the order's transaction; a
 * participant reads and locks in a fixed order (the batch's products are already locked in id
 * order), refuses with an AppError, and returns the cache tags it touched.
 */
export interface OrderParticipant {
  readonly name: string;
  /**
   * Placing, before the batch's products are locked: read what needs no lock (settings the batch
   * is decided by), so that the locks are held for fewer round trips. Its `place` replaces the
   * participant's own.
   */
  prepare?(tx: Tx, requests: readonly OrderRequest[]): Promise<PreparedPlacement>;
  /** Placing: lock or read what the whole batch needs, once per transaction. */
  place?(tx: Tx, batch: PlacementBatch): Promise<Placement>;
  /** An admin moved the order one step (the new status is already written). */
  statusChange?(tx: Tx, change: StatusChange): Promise<CacheTag[]>;
  /** The order was weighed and packed. */
  pack?(tx: Tx, packing: Packing): Promise<CacheTag[]>;
  /** The order was cancelled (the status is already written). */
  cancel?(tx: Tx, cancellation: Cancellation): Promise<CacheTag[]>;
}

type Moment = 'statusChange' | 'pack' | 'cancel';
type EventOf<M extends Moment> = Parameters<NonNullable<OrderParticipant[M]>>[1];

/** Runs one single-order moment through every participant in turn; the tags they touched. */
export async function runMoment<M extends Moment>(
  participants: readonly OrderParticipant[],
  moment: M,
  tx: Tx,
  event: EventOf<M>,
): Promise<CacheTag[]> {
  const tags: CacheTag[] = [];
  for (const participant of participants) {
    const step = participant[moment] as ((tx: Tx, event: EventOf<M>) => Promise<CacheTag[]>) | undefined;
    if (step) tags.push(...(await step.call(participant, tx, event)));
  }
  return tags;
}

/**
 * Accepts one order with every participant's placement in turn. When one refuses, what the ones
 * before it reserved for this order is given back (latest first) and the refusal is rethrown.
 */
export function acceptWithAll(placements: readonly Placement[], order: NewOrder): void {
  const undos: Undo[] = [];
  try {
    for (const placement of placements) {
      const undo = placement.accept(order);
      if (undo) undos.push(undo);
    }
  } catch (error) {
    for (const undo of undos.reverse()) undo();
    throw error;
  }
}

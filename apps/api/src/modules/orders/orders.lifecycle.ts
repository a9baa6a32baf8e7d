/**
 * The order lifecycle seam. The orders module owns the transaction of every moment in an order's
 * life and calls its participants (stock, delivery, billing, round-off) inside it, in the order they
 * were registered. A participant may refuse with an AppError, which undoes
 * the whole moment for that order, and names the cache tags it touched, cleared after the commit.
 * Mail and other side effects never run in here: each moment writes its order events to the outbox
 * in its transaction, delivered after the commit. See decisions 0006 and 0017.
 */
import type { CheckoutPaymentMethod, OrderStatus, RefundMethod, SubstitutionChoice } from '@mandi/shared';
import type { CouponTerms, DeliveryTerms } from '@mandi/shared/kernel';
import type { ShippingInfo } from '@mandi/shared/schemas';
import type { Tx } from '../../db/client.js';
import type { CacheTag } from '../../lib/response-cache.js';
import type { SessionUser } from '../../lib/session.js';
import type { AdjustmentSet } from './orders.adjustments.js';
import type { OrderRow, ProductForOrder } from './orders.repository.js';

/** A checkout whose lines passed the checks that need no database, waiting for its transaction. */
export interface OrderRequest {
  user: SessionUser;
  /** `substitution`: what the shopper wants when the product is short (decision 0043); skip when absent. */
  lines: { productId: string; grams: number | null; quantity: number; substitution?: SubstitutionChoice }[];
  shipping: ShippingInfo;
  idempotencyKey: string | null;
  /** The delivery slot the shopper chose (an `_id` from the slot listing), or null for the earliest. */
  slotId: string | null;
  /** How the shopper pays: 'COD' (at the door) or 'Khata' (the khata participant decides; decision 0034). */
  paymentMethod: CheckoutPaymentMethod;
  /** The coupon code the shopper typed, or null (the coupons participant judges it; decision 0044). */
  couponCode: string | null;
  /**
   * The lines' subtotal the shopper saw when confirming, in paise, or null: when today's rates make
   * it another amount the order is refused (409), not charged at rates the shopper never saw
   * (decision 0055).
   */
  expectedSubtotalPaise?: number | null;
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
 * What delivery keeps on an order besides its fee adjustment: the terms the fee was judged by (so
 * packing judges it again by them) and the slot booked. The orders module writes them without
 * knowing who set them.
 */
export interface OrderCharges {
  deliveryTerms: DeliveryTerms;
  slot: BookedSlot | null;
  /** The coupon's terms the discount was judged by, kept so that packing judges it again by them. */
  coupon: CouponTerms | null;
}

/** An order the rules accepted (known products, sold weights, duplicates merged), not yet written. */
export interface NewOrder {
  id: string;
  request: OrderRequest;
  lines: { product: ProductForOrder; grams: number; position: number; substitution: SubstitutionChoice }[];
  /** The lines' amounts added up. */
  subtotalPaise: number;
  /** Starts at free delivery and no slot; set by participants in `accept`. */
  charges: OrderCharges;
  /** Starts empty; participants set theirs in `accept` (and undo them when the order is refused). */
  adjustments: AdjustmentSet;
}

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
  /**
   * The product whose stock the line holds: the ordered one, or the substitute sent in its place
   * (decision 0043). Null once that product is deleted: nothing to give back or take from.
   */
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
  /** Who packed (an admin). */
  actorUserId: string;
  /** The packer chose to take a khata past its limit with this bill (decision 0055). */
  overKhataLimit: boolean;
  /**
   * `productId` and `heldGrams` are what the line held before this packing; `packedProductId` and
   * `packedGrams` what it holds now (another product when a substitute is sent, decision 0043).
   */
  lines: (HeldLine & { packedProductId: string | null; packedGrams: number })[];
}

/**
 * Packing judges the adjustments again on the packed lines: each participant's `adjust` in
 * registration order, in memory, before the order's total is written (so a participant registered
 * later sees what the earlier ones set).
 */
export interface Judging {
  /** The order as it was before this packing (its kept terms, its status). */
  order: OrderRow;
  /** The packed lines added up. */
  subtotalPaise: number;
  adjustments: AdjustmentSet;
}

/** How the shop says it paid back a paid order it cancels (decision 0032); the amount is the order's. */
export interface RefundRequest {
  method: RefundMethod;
  /** The UPI refund's UTR, a receipt number, or '' for cash. */
  reference: string;
}

export interface Cancellation {
  order: OrderRow;
  from: OrderStatus;
  /** What the order held when it was cancelled. */
  lines: HeldLine[];
  /** The shop (an admin's status change) or the shopper (their own cancel). */
  by: 'shop' | 'shopper';
  /** Who cancelled, for the history of what the participants write. */
  actorUserId: string;
  /** The refund sent with the shop's cancel, or null (billing refuses what does not fit the payment). */
  refund: RefundRequest | null;
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
  /** Packing (or shipping unpacked): set this participant's adjustments for the packed lines. Pure, no I/O. */
  adjust?(judging: Judging): void;
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

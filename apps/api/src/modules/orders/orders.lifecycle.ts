/**
 * The order lifecycle seam. The orders module owns the transaction of every moment in an order's
 * life and calls its participants (stock, delivery, billing, round-off) inside it, in the order they
 * were registered. A participant may refuse with an AppError, which undoes
 * the whole moment for that order, and names the cache tags it touched, cleared after the commit.
 * Mail and other side effects never run in here: each moment writes its order events to the outbox
 * in its transaction, delivered after the commit. See decisions 0006 and 0017.
 */
import type { OrderStatus, RefundMethod, ShopLanguage, SubstitutionChoice } from '@mandi/shared';
import type { Order, OrderChannel, ShippingInfo } from '@mandi/shared/schemas';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { CacheTag } from '../../lib/response-cache.js';
import type { AdjustmentSet } from './orders.adjustments.js';
import type { OrderItemRow, OrderRow, ProductForOrder } from './orders.repository.js';

/**
 * Where an order comes from (contract "Orders gain channel"): a shopper's checkout (`online`), a
 * sale at the counter, or a standing order. A participant takes part in the orders of the channels
 * it names (`channels`): a channel is the participants' choice, not a fork of the lifecycle.
 */
export type { OrderChannel } from '@mandi/shared/schemas';

/**
 * Whom an order is for: a shopper's account (a checkout, a standing order, a counter sale to a
 * regular), copied onto the order so it reads well after the account is gone.
 */
export interface OrderCustomer {
  userId: string;
  firstName: string;
  lastName: string;
  /** Where the "placed" confirmation goes; null: none is sent (a counter sale hands its receipt over). */
  email: string | null;
  language: ShopLanguage;
}

/** An order whose lines passed the checks that need no database, waiting for its transaction. */
export interface OrderRequest {
  /** Null: nobody's (a walk-in shopper at the counter). */
  customer: OrderCustomer | null;
  /** `online` when absent (the checkout's). */
  channel?: OrderChannel;
  /**
   * Who hands the order over as it is made (a sale at the counter): it is packed at the ordered
   * weights (billed) and delivered in the placing transaction itself, by them. The goods have left
   * the shop already, so its lines are whatever was weighed or counted (any whole thousandths, not
   * only the product's options) and stock never refuses it (it may go below zero). Absent: placed only.
   */
  handedOverBy?: string;
  /**
   * `substitution`: what the shopper wants when the product is short (decision 0043); skip when
   * absent. `ratePaise`: the rate agreed when the order was made, set by the module making it (a
   * counter sale made offline keeps the rate in force when it was made); the product's rate now
   * when absent.
   */
  lines: {
    productId: string;
    grams: number | null;
    quantity: number;
    substitution?: SubstitutionChoice;
    ratePaise?: number;
  }[];
  /** Where it goes; null for an order that goes nowhere (handed over at the counter). */
  shipping: ShippingInfo | null;
  idempotencyKey: string | null;
  /**
   * The lines' subtotal the shopper saw when confirming, in paise, or null: when today's rates make
   * it another amount the order is refused (409), not charged at rates the shopper never saw
   * (decision 0055).
   */
  expectedSubtotalPaise?: number | null;
  /**
   * Each participant's own part of the request, by participant name, as its `readRequest` took it
   * from the body (delivery's slot, khata's payment terms, the coupon's code): the orders module
   * carries them without knowing what they hold (decision 0058).
   */
  extensions: Readonly<Record<string, unknown>>;
}

/** A participant's own part of a request (what its `readRequest` returned), or undefined. */
export const extensionOf = <T>(request: Pick<OrderRequest, 'extensions'>, participant: string): T | undefined =>
  request.extensions[participant] as T | undefined;

/** An order the rules accepted (known products, sold weights, duplicates merged), not yet written. */
export interface NewOrder {
  id: string;
  request: OrderRequest;
  /** `ratePaise`: what the line is sold at (the request's agreed rate, else the product's now). */
  lines: {
    product: ProductForOrder;
    grams: number;
    ratePaise: number;
    position: number;
    substitution: SubstitutionChoice;
  }[];
  /** The lines' amounts added up. */
  subtotalPaise: number;
  /** Starts empty; participants set theirs in `accept` (and undo them when the order is refused). */
  adjustments: AdjustmentSet;
  /**
   * The shop date the order is to be delivered, null until a participant sets it in `accept`
   * (delivery: its slot's date). The orders module keeps it; the pick list and the run read it.
   */
  deliveryDate: string | null;
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
  /**
   * What `write` kept of an accepted order, as the participant's `view` reads it back: the placing
   * answer and a hand-over's packing need no read (a participant without it is read). A hand-over's
   * answer reads again the part of a participant with a step in it (`pack`, `statusChange`, `handedOver`).
   */
  written?(order: NewOrder): unknown;
  /**
   * After the orders handed over as they were made (`request.handedOverBy`) are packed and
   * delivered, in the same transaction: settle what the hand-over leaves (billing: the sale's payment).
   */
  handedOver?(tx: Tx, orders: readonly NewOrder[]): Promise<CacheTag[]>;
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
  /**
   * The order as it was before this packing: its total the estimate, or an earlier packing's bill
   * (what a participant that keeps figures of the orders' amounts takes away).
   */
  before: OrderRow;
  /** Who packed (an admin). */
  actorUserId: string;
  /** The packer chose to take a khata past its limit with this bill (decision 0055). */
  overKhataLimit: boolean;
  /**
   * `productId` and `heldGrams` are what the line held before this packing; `packedProductId` and
   * `packedGrams` what it holds now (another product when a substitute is sent, decision 0043).
   * `item` is the line's row as it was before this packing (its ordered product, unit and
   * amount), `packedAmountPaise` its amount now.
   */
  lines: (HeldLine & {
    packedProductId: string | null;
    packedGrams: number;
    item: OrderItemRow;
    packedAmountPaise: number;
  })[];
}

/**
 * Packing judges the adjustments again on the packed lines: each participant's `adjust` in
 * registration order, in memory, before the order's total is written (so a participant registered
 * later sees what the earlier ones set).
 */
export interface Judging<Own = unknown> {
  /** The order as it was before this packing (its status). */
  order: OrderRow;
  /** What this participant keeps of the order (its `view.read`), undefined when it keeps nothing. */
  own: Own | undefined;
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
 * A participant's part of the order answer: it reads what it keeps of many orders at once and
 * presents its fields of the Order shape (undefined: it keeps nothing of that order).
 */
export interface OrderViewPart<Own = unknown> {
  read(db: Db | Tx, orderIds: readonly string[]): Promise<ReadonlyMap<string, Own>>;
  present(own: Own | undefined): Partial<Order>;
}

/**
 * One domain's part in an order's life. Every moment runs inside the order's transaction; a
 * participant reads and locks in a fixed order (the batch's products are already locked in id
 * order), refuses with an AppError, and returns the cache tags it touched. A participant keeps
 * what it decides in its own tables and shows it through `view` (decision 0058).
 */
export interface OrderParticipant<Own = unknown> {
  readonly name: string;
  /**
   * The channels whose orders it takes part in, at every moment (every channel when absent):
   * delivery has nothing to do with a sale made at the counter.
   */
  readonly channels?: readonly OrderChannel[];
  /** Its fields of a checkout's body, validated by the route with the orders module's own (their errors are its). */
  readonly requestFields?: Readonly<Record<string, z.ZodType>>;
  /** Its own part of a checkout's body (validated by `requestFields`), carried as `request.extensions[name]`. */
  readRequest?(body: Readonly<Record<string, unknown>>): unknown;
  /** Its fields of the order answer, read from its own tables. */
  view?: OrderViewPart<Own>;
  /**
   * Narrows the admin's order list by the list's query (delivery: `slotId`), as a condition on
   * `orders.id` over its own tables; undefined when the query names nothing of its.
   */
  listFilter?(query: Readonly<Record<string, unknown>>): SQL | undefined;
  /**
   * Placing, before the batch's products are locked: read what needs no lock (settings the batch
   * is decided by), so that the locks are held for fewer round trips. Its `place` replaces the
   * participant's own.
   */
  prepare?(tx: Tx, requests: readonly OrderRequest[]): Promise<PreparedPlacement>;
  /** Placing: lock or read what the whole batch needs, once per transaction. */
  place?(tx: Tx, batch: PlacementBatch): Promise<Placement>;
  /** Packing (or shipping unpacked): set this participant's adjustments for the packed lines. Pure, no I/O. */
  adjust?(judging: Judging<Own>): void;
  /** An admin moved the order one step (the new status is already written). */
  statusChange?(tx: Tx, change: StatusChange): Promise<CacheTag[]>;
  /** The order was weighed and packed. */
  pack?(tx: Tx, packing: Packing): Promise<CacheTag[]>;
  /**
   * Before a cancel writes anything (the order is locked, its status allows a cancel): refuse with
   * an AppError what this participant does not let happen (billing: a shopper's cancel of a paid order).
   */
  mayCancel?(tx: Tx, cancel: Pick<Cancellation, 'order' | 'by' | 'refund'>): Promise<void>;
  /** The order was cancelled (the status is already written). */
  cancel?(tx: Tx, cancellation: Cancellation): Promise<CacheTag[]>;
}

type Moment = 'statusChange' | 'pack' | 'cancel';
type EventOf<M extends Moment> = Parameters<NonNullable<OrderParticipant[M]>>[1];

/** Whether the participant takes part in the orders of `channel`. */
export const takesPart = (participant: Pick<OrderParticipant, 'channels'>, channel: OrderChannel): boolean =>
  !participant.channels || participant.channels.includes(channel);

/** Runs one single-order moment through every participant of the order's channel in turn; the tags they touched. */
export async function runMoment<M extends Moment>(
  participants: readonly OrderParticipant[],
  moment: M,
  tx: Tx,
  event: EventOf<M>,
): Promise<CacheTag[]> {
  const tags: CacheTag[] = [];
  for (const participant of participants) {
    if (!takesPart(participant, event.order.channel)) continue;
    const step = participant[moment] as ((tx: Tx, event: EventOf<M>) => Promise<CacheTag[]>) | undefined;
    if (step) tags.push(...(await step.call(participant, tx, event)));
  }
  return tags;
}

/**
 * Accepts one order with every participant's placement in turn. When one refuses, what the ones
 * before it reserved for this order is given back (latest first) and the refusal is rethrown.
 */
export function acceptWithAll(
  placements: readonly (Placement & Pick<OrderParticipant, 'channels'>)[],
  order: NewOrder,
): void {
  const undos: Undo[] = [];
  const channel = order.request.channel ?? 'online';
  try {
    for (const placement of placements) {
      if (!takesPart(placement, channel)) continue;
      const undo = placement.accept(order);
      if (undo) undos.push(undo);
    }
  } catch (error) {
    for (const undo of undos.reverse()) undo();
    throw error;
  }
}

/**
 * The placement machinery: group commit (decision 0005) and the order transaction. Which orders
 * are accepted is decided by the rules and the participants (decision 0006); this file only runs
 * them in the right order and writes what they accepted.
 */

import { pictureUrl } from '@mandi/shared';
import { lineAmountPaise } from '@mandi/shared/kernel';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { failed, type Outcome, ok, TurnBatcher } from '../../lib/turn-batcher.js';
import type { Touch, UnitOfWork } from '../../platform/unit-of-work.js';
import type { OrderEventOutbox } from '../order-events/order-events.dispatcher.js';
import type { OrderEventType } from '../order-events/order-events.js';
import { orderTotalPaise } from './orders.adjustments.js';
import { ordersCache } from './orders.cache.js';
import {
  acceptWithAll,
  type NewOrder,
  type OrderChannel,
  type OrderParticipant,
  type OrderRequest,
  type Placement,
  type PreparedPlacement,
  takesPart,
} from './orders.lifecycle.js';
import type { OrderView } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import { acceptLines } from './orders.rules.js';
import { loadOrder, presentOrders, readParts } from './orders.views.js';

export interface PlacedOrder {
  order: OrderView;
  /** False when the idempotency key names an order placed earlier, which is answered instead. */
  isNew: boolean;
}

export interface OrderPlacer {
  place(request: OrderRequest): Promise<PlacedOrder>;
}

/** An order as a transaction holds it: its row, its lines (by position) and its adjustments (by source and kind). */
export interface HeldOrder {
  row: repo.OrderRow;
  items: repo.OrderItemRow[];
  adjustments: repo.OrderAdjustmentRow[];
}

/**
 * An order this transaction just inserted, with each participant's part as its placement wrote it
 * (`parts`, by participant name: those with `written` only). Its row needs no lock: no other
 * transaction sees it before this one commits.
 */
export interface JustPlaced extends HeldOrder {
  parts: ReadonlyMap<string, unknown>;
}

/** What a hand-over did: the events it caused and the order as it left it. */
export interface HandedOver {
  events: OrderEventType[];
  order: HeldOrder;
}

export interface OrderPlacerOptions {
  work: UnitOfWork;
  /** Each placed order's "placed" event goes to the outbox in the batch's transaction. */
  events: Pick<OrderEventOutbox, 'write'>;
  participants: readonly OrderParticipant[];
  /** Orders per transaction at most; 1 turns group commit off (one transaction per order). */
  batchSize: number;
  /**
   * Packs and delivers a placed order whose request is `handedOverBy` someone, in the placing
   * transaction (orders.service `createOrderLifecycle` gives the moments), from what placing holds
   * of it, read back nowhere.
   */
  handOver?: (tx: Tx, touch: Touch, placed: JustPlaced, actorUserId: string) => Promise<HandedOver>;
}

/**
 * One batch at a time; the checkouts that arrive meanwhile gather for the next. A busy shop's
 * batches share its popular products, so a second batch at once mostly waited for the first one's
 * row locks while holding a connection, and the smaller batches cost more per order (decision 0005).
 */
const MAX_ORDER_TRANSACTIONS = 1;

/** A request's channel: a checkout's (`online`) unless its maker says otherwise. */
const channelOf = (request: OrderRequest): OrderChannel => request.channel ?? 'online';

/** The insert met an earlier order with the same idempotency key: undo, answer with that one. */
class DuplicateOrder extends Error {}

/** Made once per database by buildApp. */
export function createOrderPlacer(options: OrderPlacerOptions): OrderPlacer {
  const { work, participants, batchSize } = options;
  const placeAlone = async (request: OrderRequest): Promise<Outcome<PlacedOrder>> => {
    try {
      const [outcome] = await writeOrders(options, [request]);
      return outcome ?? failed(new Error('order transaction gave no answer'));
    } catch (error) {
      if (error instanceof DuplicateOrder && request.idempotencyKey && request.customer) {
        const earlier = await repo.findOrderByIdempotencyKey(work.db, request.customer.userId, request.idempotencyKey);
        if (earlier) return ok({ order: await loadOrder(work.db, participants, earlier), isNew: false });
      }
      return failed(error);
    }
  };
  const unwrap = (outcome: Outcome<PlacedOrder>): PlacedOrder => {
    if (!outcome.isOk) throw outcome.error;
    return outcome.value;
  };
  if (batchSize <= 1) return { place: async (request) => unwrap(await placeAlone(request)) };

  /*
   * Group commit: the checkouts that arrive in one turn of the event loop share one transaction.
   * Each is still decided on its own, in arrival order, against what the orders before it left,
   * so every shopper gets the answer they would get one transaction at a time.
   */
  const batcher = new TurnBatcher<OrderRequest, PlacedOrder>(
    async (requests) => {
      if (requests.length > 1) {
        let hasSentCommit = false;
        try {
          return await writeOrders(options, requests, () => {
            hasSentCommit = true;
          });
        } catch (error) {
          // A failed COMMIT may still have saved the orders: placing them again could make two.
          if (hasSentCommit) throw error;
          // Otherwise nothing was saved. Something touched the whole batch (an idempotency key met
          // its earlier order, an account was deleted meanwhile, the connection dropped): each
          // order goes again in its own transaction, answered exactly as if never batched.
        }
      }
      return Promise.all(requests.map(placeAlone));
    },
    { maxBatch: batchSize, maxRunning: MAX_ORDER_TRANSACTIONS },
  );
  return {
    // A sale handed over as it is made (the counter: a shopper at the till, waiting) takes its own
    // transaction at once instead of queueing behind the checkouts' batch and the night's standing
    // orders: it waits only for the row locks of the products it shares with them.
    place: async (request) => (request.handedOverBy ? unwrap(await placeAlone(request)) : batcher.call(request)),
  };
}

/**
 * One transaction for `requests`: let each participant read what needs no lock, lock their
 * products (in id order), let each participant prepare for the batch, decide each order in turn
 * (rules, then every participant), insert the accepted orders and their lines with RETURNING, let
 * each participant write once, commit. An order refused by a rule or a participant gets its error
 * and leaves nothing behind.
 */
async function writeOrders(
  { work, events, participants, handOver }: OrderPlacerOptions,
  requests: OrderRequest[],
  onCommitting: () => void = () => {},
): Promise<Outcome<PlacedOrder>[]> {
  const productIds = [...new Set(requests.flatMap((request) => request.lines.map((line) => line.productId)))];
  return work.transaction(async (tx, touch) => {
    // Reads that need no lock first: while another batch holds the products, this one gets ready.
    const prepared: (PreparedPlacement & Pick<OrderParticipant, 'name' | 'channels'>)[] = [];
    for (const participant of participants) {
      const { name, channels } = participant;
      // A participant of other channels only is not asked (nor does it lock anything).
      const ofItsChannels = requests.filter((request) => takesPart(participant, channelOf(request)));
      if (!ofItsChannels.length) continue;
      if (participant.prepare) prepared.push({ name, channels, ...(await participant.prepare(tx, ofItsChannels)) });
      else if (participant.place) prepared.push({ name, channels, place: participant.place.bind(participant) });
    }
    const products = new Map((await repo.lockProductsForOrder(tx, productIds)).map((p) => [p.id, p]));
    const placements: (Placement & Pick<OrderParticipant, 'name' | 'channels'>)[] = [];
    for (const participant of prepared) {
      const batchOfIts = requests.filter((request) => takesPart(participant, channelOf(request)));
      const placement = await participant.place(tx, { requests: batchOfIts, products });
      placements.push({ ...placement, name: participant.name, channels: participant.channels });
    }
    const outcomes: Outcome<PlacedOrder>[] = [];
    const accepted: { index: number; order: NewOrder }[] = [];
    requests.forEach((request, index) => {
      try {
        const order = acceptLines(request, products);
        acceptWithAll(placements, order);
        accepted.push({ index, order });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = failed(error);
      }
    });

    if (accepted.length > 0) {
      const orders = accepted.map(({ order }) => order);
      const placed = await insertOrders(tx, orders);
      const parts = new Map<string, Map<string, unknown>>();
      touch(
        ...ordersCache.writes.placed.tags(
          orders.flatMap((order) => (order.request.customer ? [order.request.customer.userId] : [])),
        ),
      );
      for (const placement of placements) {
        const its = orders.filter((order) => takesPart(placement, channelOf(order.request)));
        touch(...(await placement.write(tx, its)));
        // What each participant wrote, as its view would read it back: the answer needs no read.
        const written = placement.written;
        if (written) parts.set(placement.name, new Map(its.map((order) => [order.id, written(order)])));
      }
      // One statement for the batch, committed with the orders (decision 0017).
      await events.write(
        tx,
        orders.map(({ id, request: { customer, channel } }) => ({
          type: 'placed' as const,
          orderId: id,
          channel: channel ?? 'online',
          // Whom to confirm to, as the checkout knew them (the confirmation mail needs no account read).
          payload: customer?.email ? { email: customer.email, language: customer.language } : {},
        })),
      );
      const views = new Map(
        presentOrders(participants, placed.rows, placed.items, placed.adjustments, parts).map((view) => [
          view._id,
          view,
        ]),
      );
      // An order handed over as it is made is packed and delivered now, in this transaction, from
      // what was just inserted and written.
      const handedOver = orders.filter((order) => order.request.handedOverBy);
      const delivered = new Map<string, HeldOrder>();
      for (const order of handedOver) {
        const actor = order.request.handedOverBy;
        if (!actor) continue;
        if (!handOver) throw new Error("an order handed over needs the lifecycle's handOver");
        const moved = await handOver(tx, touch, heldOf(placed, parts, order.id), actor);
        delivered.set(order.id, moved.order);
        await events.write(
          tx,
          moved.events.map((type) => ({ type, orderId: order.id, channel: channelOf(order.request) })),
        );
      }
      // Then each participant settles what the hand-over leaves (billing: the payment).
      const settling = new Set<string>();
      for (const placement of placements) {
        const its = handedOver.filter((order) => takesPart(placement, channelOf(order.request)));
        if (placement.handedOver && its.length) {
          settling.add(placement.name);
          touch(...(await placement.handedOver(tx, its)));
        }
      }
      if (delivered.size) {
        for (const view of await presentHandedOver(participants, tx, [...delivered.values()], parts, settling)) {
          views.set(view._id, view);
        }
      }
      for (const { index, order } of accepted) {
        const view = views.get(order.id);
        outcomes[index] = view ? ok({ order: view, isNew: true }) : failed(new Error('order insert gave no row'));
      }
    }
    onCommitting();
    return outcomes;
  });
}

/** One order of those just inserted, with each participant's part as written (of those that wrote one for it). */
function heldOf(
  placed: Awaited<ReturnType<typeof insertOrders>>,
  written: ReadonlyMap<string, ReadonlyMap<string, unknown>>,
  orderId: string,
): JustPlaced {
  const row = placed.rows.find((one) => one.id === orderId);
  if (!row) throw new Error(`order ${orderId} was not inserted`);
  const parts = new Map<string, unknown>();
  for (const [name, byOrder] of written) if (byOrder.has(orderId)) parts.set(name, byOrder.get(orderId));
  return {
    row,
    items: placed.items.filter((item) => item.orderId === orderId),
    adjustments: repo.sortAdjustments(placed.adjustments.filter((adjustment) => adjustment.orderId === orderId)),
    parts,
  };
}

/**
 * The answer of orders just handed over, as `loadOrders` would read it, from the rows the hand-over
 * left. What a participant wrote at placing (`written`) is what its view reads until one of its own
 * steps has run since (`pack`, `statusChange`, `handedOver`: billing's bill and payment, the
 * khata's flags): only those parts, and those never written, are read again. A participant of
 * other channels keeps nothing of the order.
 */
async function presentHandedOver(
  participants: readonly OrderParticipant[],
  tx: Tx,
  orders: readonly HeldOrder[],
  written: ReadonlyMap<string, ReadonlyMap<string, unknown>>,
  settling: ReadonlySet<string>,
) {
  const stale = participants.filter(
    (participant) =>
      participant.view &&
      orders.some(({ row }) => takesPart(participant, row.channel)) &&
      (!written.has(participant.name) ||
        participant.pack ||
        participant.statusChange ||
        settling.has(participant.name)),
  );
  const read = await readParts(
    tx,
    stale,
    orders.map(({ row }) => row.id),
  );
  return presentOrders(
    participants,
    orders.map(({ row }) => row),
    orders.flatMap(({ items }) => items),
    orders.flatMap(({ adjustments }) => adjustments),
    new Map([...written, ...read]),
  );
}

/** Writes the accepted orders, their lines and adjustments; the rows as written. */
async function insertOrders(tx: Tx, accepted: NewOrder[]) {
  const orderRows = await repo.insertOrders(
    tx,
    accepted.map((order) => ({
      id: order.id,
      userId: order.request.customer?.userId ?? null,
      customerFirstName: order.request.customer?.firstName ?? '',
      customerLastName: order.request.customer?.lastName ?? '',
      totalPaise: orderTotalPaise(order.subtotalPaise, order.adjustments),
      estimatedTotalPaise: orderTotalPaise(order.subtotalPaise, order.adjustments),
      adjustmentsPaise: order.adjustments.sumPaise(),
      channel: channelOf(order.request),
      deliveryDate: order.deliveryDate,
      address: order.request.shipping?.address ?? null,
      city: order.request.shipping?.city ?? null,
      mobileNumber: order.request.shipping?.mobileNumber ?? null,
      pinCode: order.request.shipping?.pinCode ?? null,
      idempotencyKey: order.request.idempotencyKey,
    })),
  );
  if (orderRows.length !== accepted.length) throw new DuplicateOrder();

  const items = await repo.insertOrderItems(
    tx,
    accepted.flatMap(({ id, lines }) =>
      lines.map((line) => ({
        orderId: id,
        productId: line.product.id,
        name: line.product.name,
        imageUrl: pictureUrl(line.product.imageId, line.product.name),
        quantityGrams: line.grams,
        ratePaise: line.ratePaise,
        amountPaise: lineAmountPaise(line.ratePaise, line.grams),
        position: line.position,
        hsnCode: line.product.hsnCode,
        gstRate: line.product.gstRate,
        unit: line.product.unit,
        substitution: line.substitution,
      })),
    ),
  );
  const adjustments = accepted.flatMap(({ id, adjustments }) =>
    adjustments.list().map((adjustment) => ({ ...adjustment, orderId: id })),
  );
  // Most shops deliver free: then an order has no adjustment and this costs no statement.
  await repo.insertOrderAdjustments(tx, adjustments);
  return { rows: orderRows, items: items.sort((a, b) => a.position - b.position), adjustments };
}

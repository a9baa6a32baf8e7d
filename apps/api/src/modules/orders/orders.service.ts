/**
 * Orders: placing (priced by the server, all the stock or none, a retried checkout answered with
 * the first order), reading, and moving a status one step forward. The rules live in
 * orders.rules.ts, the group commit in orders.placement.ts, and every write runs its participants
 * through the lifecycle seam (orders.lifecycle.ts).
 */
import {
  ADMIN_CANCELLABLE_STATUSES,
  formatRupees,
  NEXT_ORDER_STATUS,
  type OrderStatus,
  type SubstitutionChoice,
} from '@mandi/shared';
import {
  gramsToKgString,
  lineAmountPaise,
  paiseToRupees,
  rupeesToPaise,
  type Unit,
  unitOrDefault,
} from '@mandi/shared/kernel';
import type { ShippingInfo } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { yieldToLoop } from '../../lib/csv-stream.js';
import type { SessionUser } from '../../lib/session.js';
import type { Touch, UnitOfWork } from '../../platform/unit-of-work.js';
import type { OrderEventOutbox } from '../order-events/order-events.dispatcher.js';
import type { DeliveryRun, OrderEvent, OrderEventType } from '../order-events/order-events.js';
import { AdjustmentSet, DELIVERY_FEE, orderTotalPaise, ROUND_OFF } from './orders.adjustments.js';
import { ordersCache } from './orders.cache.js';
import {
  type Cancellation,
  type OrderParticipant,
  type RefundRequest,
  runMoment,
  takesPart,
} from './orders.lifecycle.js';
import {
  createOrderPlacer,
  type HandedOver,
  type HeldOrder,
  type JustPlaced,
  type OrderPlacer,
  type OrderPlacerOptions,
  type PlacedOrder,
} from './orders.placement.js';
import { type OrderView, presentHistory, substitutionOf } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import { checkCart, illegalMove, MAX_ORDER_TOTAL_PAISE, orderSearchOf } from './orders.rules.js';
import { loadOrder, loadOrders, type OrderViews, readParts } from './orders.views.js';

export { MAX_ORDER_LINES, MAX_ORDER_TOTAL_PAISE } from './orders.rules.js';

/** The orders module's writers, made once per database by buildApp. */
export interface OrderLifecycle {
  work: UnitOfWork;
  participants: readonly OrderParticipant[];
  placer: OrderPlacer;
  /** The order events' outbox: written in each moment's transaction, dispatched after its commit. */
  events: OrderEventOutbox;
}

export interface PlaceOrderInput {
  /** As sent: product id and quantity in kg (already known to be numbers), and the substitution wish (skip when absent). */
  lines: { id: string; quantity: number; substitution?: SubstitutionChoice }[];
  shipping: ShippingInfo;
  idempotencyKey?: string;
  /** The items' subtotal (₹) the shopper confirmed; another amount at today's rates is a 409. */
  expectedSubtotal?: number;
  /** The whole body as the route's schema took it: each participant reads its own part (`readRequest`). */
  body: Readonly<Record<string, unknown>>;
}

export async function placeOrder(
  lifecycle: OrderLifecycle,
  user: SessionUser,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const { db } = lifecycle.work;
  if (input.idempotencyKey) {
    const earlier = await repo.findOrderByIdempotencyKey(db, user.id, input.idempotencyKey);
    if (earlier) return { order: await loadOrder(db, lifecycle.participants, earlier), isNew: false };
  }
  const lines = checkCart(input.lines);
  const extensions: Record<string, unknown> = {};
  for (const participant of lifecycle.participants) {
    if (participant.readRequest) extensions[participant.name] = participant.readRequest(input.body);
  }
  const placed = await lifecycle.placer.place({
    customer: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      language: user.language,
    },
    lines,
    shipping: input.shipping,
    idempotencyKey: input.idempotencyKey ?? null,
    extensions,
    expectedSubtotalPaise: input.expectedSubtotal === undefined ? null : rupeesToPaise(input.expectedSubtotal),
  });
  // Committed with its "placed" event: the confirmation mail goes after the answer.
  if (placed.isNew) lifecycle.events.dispatchSoon();
  return placed;
}

export async function listOwnOrders(db: Db, views: OrderViews, userId: string) {
  return loadOrders(db, views, await repo.findOrdersByUser(db, userId));
}

/**
 * A shopper's own orders, newest first, each with its history as the shopper sees it (their own
 * name, not the staff's): what the personal data download holds (decision 0031).
 */
/** Orders read per step of the data download: three queries each, the event loop given back between. */
const DOWNLOAD_CHUNK = 50;

/**
 * A shopper's orders with their lines and histories, for the data download (decision 0055): three
 * queries per 50 orders (lines, adjustments, events), never one per order, and the event loop is
 * given back between chunks, so a shopper with hundreds of orders does not stall the shop (on
 * the embedded database every query runs on the loop).
 */
export async function listOwnOrdersWithHistory(db: Db, views: OrderViews, user: Pick<SessionUser, 'id' | 'role'>) {
  const rows = await repo.findOrdersByUser(db, user.id);
  // The shopper's view even for an admin's own download: staff names are not their personal data.
  const viewer = { id: user.id, role: 'User' as const };
  const withHistory = [];
  for (let start = 0; start < rows.length; start += DOWNLOAD_CHUNK) {
    if (start > 0) await yieldToLoop();
    const chunk = rows.slice(start, start + DOWNLOAD_CHUNK);
    const [presented, events] = [
      await loadOrders(db, views, chunk),
      await repo.findEventsOfOrders(
        db,
        chunk.map((row) => row.id),
      ),
    ];
    for (const [index, view] of presented.entries()) {
      const row = chunk[index] as repo.OrderRow;
      withHistory.push({ ...view, history: presentHistory(row, events.get(row.id) ?? [], viewer) });
    }
  }
  return withHistory;
}

/** Pages of the admin's order list; without one, every order (older clients read the whole list: docs/product.md#who-sees-an-order). */
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 500;

/**
 * The admin's orders: of a delivery date, of one number, those a typed search finds, and whatever
 * the participants narrow by the list's query (`listFilter`: delivery's slot).
 */
export type OrderListFilter = Omit<repo.DeliveryFilter, 'search' | 'where'> & {
  search?: string;
  query?: Readonly<Record<string, unknown>>;
};

/**
 * Every order newest first (or those delivered on a date, in a slot, or found by a search: the
 * order of its number first), or one page of them; `total` counts every order of the filter either way.
 */
export async function listAllOrders(
  db: Db,
  views: OrderViews,
  page?: { page: number; limit: number },
  listFilter?: OrderListFilter,
) {
  const { search, query, ...rest } = listFilter ?? {};
  const found = search === undefined ? null : orderSearchOf(search);
  const where = query ? views.flatMap((participant) => participant.listFilter?.(query) ?? []) : [];
  const filter: repo.DeliveryFilter = { ...rest, where, ...(found ? { search: found } : {}) };
  const [list, total] = await Promise.all([
    repo.findAllOrders(db, page && { limit: page.limit, offset: (page.page - 1) * page.limit }, filter),
    page ? repo.countOrders(db, filter) : null,
  ]);
  return { orders: await loadOrders(db, views, list), total: total ?? list.length };
}

/**
 * The owner or an admin sees an order; for anyone else it does not exist. The single-order read
 * carries the order's history (presentHistory decides whose names the viewer sees).
 */
export async function getOrder(db: Db, views: OrderViews, user: SessionUser, id: string) {
  const order = await repo.findOrderById(db, id);
  if (!order || (order.userId !== user.id && user.role !== 'Admin')) throw notFound('Order');
  const [view, events] = await Promise.all([loadOrder(db, views, order), repo.findOrderEvents(db, order.id)]);
  return { ...view, history: presentHistory(order, events, user) };
}

/** Who makes a change: the user, recorded in the order's history. */
type Actor = Pick<SessionUser, 'id' | 'role'>;

/** A moment's answer: the order as it now is, and whether this moment packed it. */
export interface MomentResult {
  order: OrderView;
  packed: boolean;
}

const heldGrams = (item: repo.OrderItemRow) => item.packedGrams ?? item.quantityGrams;
/** The product whose stock a line holds: the substitute once one was sent (decision 0043), else the ordered one. */
const heldProductId = (item: repo.OrderItemRow) =>
  item.substituteName !== null ? item.substituteProductId : item.productId;

export type { SubstituteSent } from './orders.repository.js';

/** How a line is packed: its packed amount (thousandths of its unit) and the product sent in its place, if any. */
export interface PackedLine {
  grams: number;
  substitute: repo.SubstituteSent | null;
}

/**
 * Runs a single-order moment on the locked order. The moment names the order events it caused;
 * they are written to the outbox in the same transaction and dispatched after the commit, so a
 * rolled-back moment never mails anyone and a committed one always does (decision 0017).
 */
async function orderMoment(
  lifecycle: OrderLifecycle,
  id: string,
  moment: (tx: Tx, touch: Touch, order: repo.OrderRow) => Promise<(OrderEventType | Omit<OrderEvent, 'orderId'>)[]>,
): Promise<MomentResult> {
  const result = await lifecycle.work.transaction(async (tx, touch) => {
    // The order row first, always: simultaneous moments on one order run one after the other.
    const order = await repo.lockOrder(tx, id);
    if (!order) throw notFound('Order');
    const events = (await moment(tx, touch, order)).map((event) =>
      typeof event === 'string'
        ? { type: event, orderId: id, channel: order.channel }
        : { ...event, orderId: id, channel: order.channel },
    );
    const written = await lifecycle.events.write(tx, events);
    const updated = (await repo.findOrderById(tx, id)) ?? order;
    touch(...ordersCache.writes.changed.tags(updated.userId));
    return {
      order: await loadOrder(tx, lifecycle.participants, updated),
      packed: events.some((event) => event.type === 'packed'),
      written,
    };
  });
  // Only when a subscriber has something to do: an event nobody listens to wrote no row.
  if (result.written > 0) lifecycle.events.dispatchSoon();
  return { order: result.order, packed: result.packed };
}

/** How an order is packed, beyond its weights. */
interface PackHow {
  /** Packed as ordered, no weights given (shipped unpacked, handed over): noted in the history. */
  atOrderedWeights: boolean;
  choices?: PackChoices;
  /** What the moment holds of the order already (a hand-over: what placing just wrote), read again nowhere. */
  held?: JustPlaced;
  /**
   * The status the moment moves the order on to right after packing: written by the same update
   * as the packed bill (the next status event and `statusChange` are the caller's).
   */
  moveTo?: OrderStatus;
}

/**
 * Writes packed weights (grams by order item id) on a locked Processing order: line amounts, the
 * new amount due, the packed time, one history event, then every participant (stock moves by the
 * difference to what each line held). The order as it now is: its row, lines and adjustments.
 */
async function packLocked(
  lifecycle: OrderLifecycle,
  tx: Tx,
  touch: Touch,
  actor: Actor,
  order: repo.OrderRow,
  packing: ReadonlyMap<string, PackedLine>,
  { atOrderedWeights, choices = {}, held, moveTo }: PackHow,
): Promise<HeldOrder> {
  const items = held?.items ?? (await repo.findOrderItems(tx, [order.id]));
  const lines = items.map((item) => {
    const line = packing.get(item.id);
    const packed = line?.grams ?? item.quantityGrams;
    // A substitute is billed at its own rate (decision 0043).
    const substitute = line?.substitute ?? null;
    return { item, packed, substitute, amountPaise: lineAmountPaise(substitute?.ratePaise ?? item.ratePaise, packed) };
  });
  // Every participant judges its adjustments again on the packed lines (the delivery fee by the
  // terms kept on the order, then the round-off on everything before it), in registration order.
  const subtotalPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const kept = held?.adjustments ?? (await repo.findOrderAdjustments(tx, [order.id]));
  const before = new AdjustmentSet(kept);
  const adjustments = new AdjustmentSet(kept);
  // Each participant judges by what it kept of the order (its terms), read for this order alone
  // unless the moment holds it already.
  const judged = lifecycle.participants.filter(
    (participant) => participant.adjust && takesPart(participant, order.channel),
  );
  const read = await readParts(
    tx,
    judged.filter((participant) => !held?.parts.has(participant.name)),
    [order.id],
  );
  for (const participant of judged) {
    const own = held?.parts.has(participant.name)
      ? held.parts.get(participant.name)
      : read.get(participant.name)?.get(order.id);
    participant.adjust?.({ order, subtotalPaise, adjustments, own });
  }
  const totalPaise = orderTotalPaise(subtotalPaise, adjustments);
  if (totalPaise > MAX_ORDER_TOTAL_PAISE) {
    throw new AppError(
      'invalid',
      serverMessage('orderMaxTotal', { amount: formatRupees(paiseToRupees(MAX_ORDER_TOTAL_PAISE)) }),
    );
  }
  await repo.updatePackedLines(
    tx,
    lines.map(({ item, packed, amountPaise, substitute }) => ({
      id: item.id,
      packedGrams: packed,
      amountPaise,
      substitute,
    })),
  );
  const adjustmentsChanged = !adjustments.equals(before);
  if (adjustmentsChanged) await repo.replaceOrderAdjustments(tx, order.id, adjustments.list());
  const written = await repo.updateOrder(tx, order.id, {
    totalPaise,
    adjustmentsPaise: adjustments.sumPaise(),
    packedAt: new Date(),
    ...(moveTo ? { status: moveTo } : {}),
  });
  // The pack's participants see the order packed, before it moves on (the dashboard counts the
  // bill's change under the status it had). What they read in SQL cannot tell the two apart: the
  // khata's pending sum leaves out cancelled orders only.
  const updated = moveTo ? { ...written, status: order.status } : written;
  const changed = (ref: { source: string; kind: string }, name: string) => {
    const from = before.amountOf(ref);
    const to = adjustments.amountOf(ref);
    return from === to ? {} : { [name]: { from: paiseToRupees(from), to: paiseToRupees(to) } };
  };
  const kg = (grams: number | null) => (grams === null ? null : gramsToKgString(grams));
  await repo.insertOrderEvent(tx, {
    orderId: order.id,
    actorUserId: actor.id,
    kind: 'packed',
    changes: {
      ...(atOrderedWeights ? { atOrderedWeights: true } : {}),
      lines: lines
        .filter(
          ({ item, packed, amountPaise, substitute }) =>
            item.packedGrams !== packed ||
            item.amountPaise !== amountPaise ||
            item.substituteName !== (substitute?.name ?? null),
        )
        .map(({ item, packed, amountPaise, substitute }) => ({
          _id: item.id,
          name: item.name,
          quantity: kg(item.quantityGrams),
          packedQuantity: { from: kg(item.packedGrams), to: kg(packed) },
          amount: { from: paiseToRupees(item.amountPaise), to: paiseToRupees(amountPaise) },
          ...(item.substituteName !== (substitute?.name ?? null)
            ? { substitute: { from: item.substituteName, to: substitute?.name ?? null } }
            : {}),
        })),
      ...changed(DELIVERY_FEE, 'shippingCharge'),
      ...changed(ROUND_OFF, 'roundOff'),
      total: { from: paiseToRupees(order.totalPaise), to: paiseToRupees(totalPaise) },
    },
  });
  touch(
    ...(await runMoment(lifecycle.participants, 'pack', tx, {
      order: updated,
      before: order,
      actorUserId: actor.id,
      overKhataLimit: choices.overKhataLimit === true,
      lines: lines.map(({ item, packed, substitute, amountPaise }) => ({
        productId: heldProductId(item),
        name: item.name,
        orderedGrams: item.quantityGrams,
        heldGrams: heldGrams(item),
        packedProductId: substitute ? substitute.productId : item.productId,
        packedGrams: packed,
        item,
        packedAmountPaise: amountPaise,
      })),
    })),
  );
  return {
    row: written,
    // The lines as updatePackedLines wrote them (their cost rate, which no answer shows, is the
    // cost participant's), and the adjustments in the order findOrderAdjustments reads them.
    items: lines.map(({ item, packed, amountPaise, substitute }) => ({
      ...item,
      packedGrams: packed,
      amountPaise,
      substituteProductId: substitute?.productId ?? null,
      substituteName: substitute?.name ?? null,
      substituteRatePaise: substitute?.ratePaise ?? null,
      substituteHsnCode: substitute?.hsnCode ?? null,
      substituteGstRate: substitute?.gstRate ?? null,
    })),
    adjustments: adjustmentsChanged
      ? repo.sortAdjustments(adjustments.list().map((adjustment) => ({ ...adjustment, orderId: order.id })))
      : [...kept],
  };
}

/** An order's line as the weighing rules check a packed weight against it. */
export interface LineToWeigh {
  id: string;
  name: string;
  /** Thousandths of `unit`. */
  quantityGrams: number;
  unit: Unit;
  /** The ordered product (null once deleted) and its rate as ordered, paise per unit. */
  productId: string | null;
  ratePaise: number;
  /** What the shopper wants when the product is short (decision 0043). */
  substitution: SubstitutionChoice;
}

/** What the packer chose beyond the weights (decision 0055). */
export interface PackChoices {
  /** Pack a khata order even though its bill takes the khata past its limit. */
  overKhataLimit?: boolean;
}

/**
 * Packs an order at the weighed weights (admin), or packs it again while it is still Processing.
 * `weigh` gives each line's packed amount and substitute by line id, or refuses with an AppError:
 * the weighing and substitution rules, passed in, because weighing depends on orders and never
 * the reverse. It runs inside the order's transaction (the order row locked), so it may read.
 */
export async function packOrder(
  lifecycle: OrderLifecycle,
  actor: Actor,
  id: string,
  choices: PackChoices,
  weigh: (tx: Tx, lines: readonly LineToWeigh[]) => Promise<ReadonlyMap<string, PackedLine>>,
): Promise<MomentResult> {
  return orderMoment(lifecycle, id, async (tx, touch, order) => {
    if (order.status !== 'Processing') {
      throw new AppError('conflict', serverMessage('packOnlyProcessing', { status: order.status }));
    }
    const lines = await repo.findOrderItems(tx, [order.id]);
    const packing = await weigh(
      tx,
      lines.map((line) => ({
        id: line.id,
        name: line.name,
        quantityGrams: line.quantityGrams,
        unit: unitOrDefault(line.unit),
        productId: line.productId,
        ratePaise: line.ratePaise,
        substitution: substitutionOf(line.substitution),
      })),
    );
    await packLocked(lifecycle, tx, touch, actor, order, packing, { atOrderedWeights: false, choices });
    return ['packed'];
  });
}

/**
 * Who cancelled, in the "cancelled" event's payload: the shop (an admin's status change) or the
 * shopper (their own cancel). The shopper is told by mail only when the shop cancels.
 */
export const CANCELLED_BY = { shop: 'shop', shopper: 'shopper' } as const;

/**
 * Cancels a locked order: status, history, then every participant (stock comes back once; billing
 * records the refund of a paid order, or refuses the cancel without one: decision 0032).
 */
async function cancelLocked(
  lifecycle: OrderLifecycle,
  tx: Tx,
  touch: Touch,
  actor: Actor,
  order: repo.OrderRow,
  by: Cancellation['by'],
  refund: RefundRequest | null,
  reason?: string,
): Promise<void> {
  // A shopper's cancel asked them already, before its own checks (cancelOwnOrder).
  if (by === CANCELLED_BY.shop) {
    for (const participant of lifecycle.participants) {
      if (takesPart(participant, order.channel)) await participant.mayCancel?.(tx, { order, by, refund });
    }
  }
  const items = await repo.findOrderItems(tx, [order.id]);
  const updated = await repo.updateOrder(tx, order.id, { status: 'Cancelled' });
  await repo.insertOrderEvent(tx, {
    orderId: order.id,
    actorUserId: actor.id,
    kind: 'cancelled',
    changes: { status: { from: order.status, to: 'Cancelled' }, ...(reason ? { reason } : {}) },
  });
  touch(
    ...(await runMoment(lifecycle.participants, 'cancel', tx, {
      order: updated,
      from: order.status,
      by,
      actorUserId: actor.id,
      refund,
      lines: items.map((item) => ({
        productId: heldProductId(item),
        name: item.name,
        orderedGrams: item.quantityGrams,
        heldGrams: heldGrams(item),
      })),
    })),
  );
}

/**
 * The shopper cancels their own order while it is Processing and neither packed nor paid (once
 * weighed or paid, the shop decides: it has the goods or the money to give back, decision 0032);
 * anyone else's order does not exist.
 */
export async function cancelOwnOrder(lifecycle: OrderLifecycle, user: Actor, id: string): Promise<MomentResult> {
  return orderMoment(lifecycle, id, async (tx, touch, order) => {
    if (order.userId !== user.id) throw notFound('Order');
    if (order.status !== 'Processing') {
      throw new AppError(
        'conflict',
        order.status === 'Shipped'
          ? serverMessage('cancelShipped')
          : serverMessage('cancelOnlyProcessing', { status: order.status }),
      );
    }
    for (const participant of lifecycle.participants) {
      if (takesPart(participant, order.channel))
        await participant.mayCancel?.(tx, { order, by: 'shopper', refund: null });
    }
    if (order.packedAt) throw new AppError('conflict', serverMessage('cancelPackedAskShop'));
    await cancelLocked(lifecycle, tx, touch, user, order, CANCELLED_BY.shopper, null);
    return [{ type: 'cancelled', payload: { by: CANCELLED_BY.shopper } }];
  });
}

/**
 * Takes back an order handed over as it was made (a sale returned at the counter, decision 0060):
 * the shop cancels it although it was delivered, with the refund of what was paid, and the
 * reason kept in its history. `isHandedOver` is asked under the order's lock by the module that
 * made it (an order it did not make does not exist for it).
 */
export async function cancelHandedOverOrder(
  lifecycle: OrderLifecycle,
  actor: Actor,
  id: string,
  { refund, reason }: { refund: RefundRequest | null; reason: string },
  isHandedOver: (tx: Tx, order: repo.OrderRow) => Promise<boolean>,
): Promise<MomentResult> {
  return orderMoment(lifecycle, id, async (tx, touch, order) => {
    if (!(await isHandedOver(tx, order))) throw notFound('Order');
    if (order.status === 'Cancelled')
      throw new AppError('conflict', serverMessage('statusFinal', { status: 'Cancelled' }));
    await cancelLocked(lifecycle, tx, touch, actor, order, CANCELLED_BY.shop, refund, reason);
    return [{ type: 'cancelled', payload: { by: CANCELLED_BY.shop } }];
  });
}

/**
 * An admin moves an order one step forward (Processing → Shipped → Delivered) or cancels it from
 * Processing or Shipped; Delivered and Cancelled are final. Shipping an order never packed packs
 * it at the ordered weights first. A paid order is cancelled with its refund (`refund`), recorded
 * in the same transaction by billing; a refund with any other move is refused.
 */
export async function changeOrderStatus(
  lifecycle: OrderLifecycle,
  actor: Actor,
  id: string,
  next: OrderStatus,
  refund: RefundRequest | null = null,
): Promise<MomentResult> {
  if (refund && next !== 'Cancelled') throw new AppError('invalid', serverMessage('refundOnlyWhenCancelling'));
  return orderMoment(lifecycle, id, async (tx, touch, order) => {
    const from = order.status;
    if (next === 'Cancelled') {
      if (!ADMIN_CANCELLABLE_STATUSES.includes(from)) throw illegalMove(from, next);
      await cancelLocked(lifecycle, tx, touch, actor, order, CANCELLED_BY.shop, refund);
      return [{ type: 'cancelled', payload: { by: CANCELLED_BY.shop } }];
    }
    if (NEXT_ORDER_STATUS[from] !== next) throw illegalMove(from, next);
    const packs = next === 'Shipped' && order.packedAt === null;
    // Shipping an unpacked order packs it first; one update writes the packed bill and the status.
    const updated = packs
      ? (await packLocked(lifecycle, tx, touch, actor, order, new Map(), { atOrderedWeights: true, moveTo: next })).row
      : await repo.updateOrder(tx, order.id, { status: next });
    await repo.insertOrderEvent(tx, {
      orderId: order.id,
      actorUserId: actor.id,
      kind: 'status',
      changes: { status: { from, to: next } },
    });
    touch(...(await runMoment(lifecycle.participants, 'statusChange', tx, { order: updated, from, to: next })));
    const moved: OrderEventType = next === 'Shipped' ? 'shipped' : 'delivered';
    return packs ? ['packed', moved] : [moved];
  });
}

/**
 * Packs a just-placed order at its ordered weights (billed) and delivers it, in the placing
 * transaction: an order handed over as it is made (a counter sale, decision 0058), from what
 * placing holds of it (its row, lines, adjustments and the participants' parts as written). The
 * events it caused, for the outbox, and the order as it now is.
 */
async function handOverLocked(
  lifecycle: OrderLifecycle,
  tx: Tx,
  touch: Touch,
  placed: JustPlaced,
  actorUserId: string,
): Promise<HandedOver> {
  const order = placed.row;
  const actor = { id: actorUserId, role: 'Admin' as const };
  const delivered = await packLocked(lifecycle, tx, touch, actor, order, new Map(), {
    atOrderedWeights: true,
    held: placed,
    moveTo: 'Delivered',
  });
  await repo.insertOrderEvent(tx, {
    orderId: order.id,
    actorUserId,
    kind: 'status',
    changes: { status: { from: order.status, to: 'Delivered' } },
  });
  touch(
    ...(await runMoment(lifecycle.participants, 'statusChange', tx, {
      order: delivered.row,
      from: order.status,
      to: 'Delivered',
    })),
  );
  return { events: ['packed', 'delivered'], order: delivered };
}

/** The orders module's writers over `participants`, made once per database by buildApp. */
export function createOrderLifecycle(
  options: Omit<OrderPlacerOptions, 'handOver'> & { events: OrderEventOutbox },
): OrderLifecycle {
  const lifecycle: OrderLifecycle = {
    work: options.work,
    participants: options.participants,
    events: options.events,
    placer: createOrderPlacer({
      ...options,
      handOver: (tx, touch, placed, actorUserId) => handOverLocked(lifecycle, tx, touch, placed, actorUserId),
    }),
  };
  return lifecycle;
}

/** Many orders as presented, by id (the confirmation mails of a checkout batch): three queries. */
export async function getOrdersByIds(
  db: Db,
  views: OrderViews,
  ids: readonly string[],
): Promise<Map<string, OrderView>> {
  const list = await loadOrders(db, views, await repo.findOrdersByIds(db, [...ids]));
  return new Map(list.map((view) => [view._id, view]));
}

/**
 * The orders of an order-event claim, read once for every subscriber of the claim that needs them
 * (a checkout batch's confirmation mails and its saved addresses: decision 0017).
 */
export function getClaimedOrders(db: Db, views: OrderViews, run: DeliveryRun): Promise<Map<string, OrderView>> {
  return run.claim.once('orders', (orderIds) => getOrdersByIds(db, views, orderIds));
}

/** The order as the shopper's final bill shows it (after packing), or null when it is gone. */
export async function getOrderForBill(db: Db, views: OrderViews, id: string): Promise<OrderView | null> {
  const order = await repo.findOrderById(db, id);
  return order ? loadOrder(db, views, order) : null;
}

/**
 * The pick list's rows: per product, what the Processing orders of shop date `day` hold (their
 * slot's date, or the date placed, [from, to), for an order without a slot).
 */
export async function sumProcessingOrders(db: Db, day: string, from: Date, to: Date) {
  return repo.sumProcessingLines(db, day, from, to);
}

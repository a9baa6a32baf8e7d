/**
 * The order answer put together (decision 0058): the orders module presents its own fields (lines,
 * adjustments, status, the shopper) and each participant with a `view` reads what it keeps of the
 * same orders, one query per participant whatever their number, and presents its fields. The reads
 * of one answer are sent together (decision 0068).
 */
import type { Db, Tx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import type { OrderParticipant } from './orders.lifecycle.js';
import { type OrderView, presentOrder } from './orders.presenter.js';
import * as repo from './orders.repository.js';

/** The participants whose parts make an order answer (buildApp's, in their registered order). */
export type OrderViews = readonly Pick<OrderParticipant, 'name' | 'view' | 'listFilter'>[];

/** What each participant keeps of the orders named: participant name → order id → its own data. */
export async function readParts(
  db: Db | Tx,
  views: OrderViews,
  orderIds: readonly string[],
): Promise<Map<string, ReadonlyMap<string, unknown>>> {
  if (!orderIds.length) return new Map();
  const reading = views.flatMap(({ name, view }) => (view ? [{ name, view }] : []));
  const read = await readTogether(
    db,
    reading.map(
      ({ view }) =>
        () =>
          view.read(db, orderIds),
    ),
  );
  return new Map(reading.map(({ name }, index) => [name, read[index] as ReadonlyMap<string, unknown>]));
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

/** Presents orders whose lines, adjustments and participants' parts were read (or are known). */
export function presentOrders(
  views: OrderViews,
  list: readonly repo.OrderRow[],
  items: readonly repo.OrderItemRow[],
  adjustments: readonly repo.OrderAdjustmentRow[],
  parts: ReadonlyMap<string, ReadonlyMap<string, unknown>>,
): OrderView[] {
  const itemsOf = groupByOrder(items);
  const adjustmentsOf = groupByOrder(adjustments);
  return list.map((order) => {
    const view: Record<string, unknown> = presentOrder(
      order,
      itemsOf.get(order.id) ?? [],
      adjustmentsOf.get(order.id) ?? [],
    );
    for (const { name, view: part } of views) {
      if (part) Object.assign(view, part.present(parts.get(name)?.get(order.id)));
    }
    return view as OrderView;
  });
}

/** Many orders as answered: lines, adjustments and one query per participant's part, whatever their number. */
export async function loadOrders(db: Db | Tx, views: OrderViews, list: readonly repo.OrderRow[]): Promise<OrderView[]> {
  const ids = list.map((order) => order.id);
  if (!ids.length) return [];
  const [items, adjustments, parts] = await readTogether(db, [
    () => repo.findOrderItems(db, ids),
    () => repo.findOrderAdjustments(db, ids),
    () => readParts(db, views, ids),
  ]);
  return presentOrders(views, list, items, adjustments, parts);
}

export async function loadOrder(db: Db | Tx, views: OrderViews, order: repo.OrderRow): Promise<OrderView> {
  const [view] = await loadOrders(db, views, [order]);
  if (!view) throw new Error(`order ${order.id} presented as nothing`);
  return view;
}

/**
 * Some fields of the orders' answers, by order id: how another module reads what a participant it
 * may not import keeps of an order (billing: whether an order is on a khata, the coupon it was
 * placed with), through the Order shape every client reads. Only the participants whose view
 * gives one of `fields` are read (what a view gives is what it presents of an order it keeps
 * nothing of), so asking for one field costs one query, not one per participant.
 */
export async function presentParts<Field extends keyof OrderView>(
  db: Db | Tx,
  views: OrderViews,
  orderIds: readonly string[],
  fields: readonly Field[],
): Promise<Map<string, Partial<Pick<OrderView, Field>>>> {
  const giving = views.filter(
    ({ view }) =>
      view && Object.keys(view.present(undefined)).some((key) => (fields as readonly string[]).includes(key)),
  );
  const parts = await readParts(db, giving, orderIds);
  return new Map(
    orderIds.map((id) => [
      id,
      Object.assign({}, ...giving.map(({ name, view }) => view?.present(parts.get(name)?.get(id)) ?? {})),
    ]),
  );
}

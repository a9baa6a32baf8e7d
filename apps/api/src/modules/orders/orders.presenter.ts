/** Turns order rows into the API's Order shape (docs/product.md#compatibility-names) (rupees, kilograms, ISO dates, a filled `user`). */
import { formatMinuteOfDay, slotIdOf } from '@mandi/shared/delivery';
import type { OrderItemRow, OrderRow } from './orders.repository.js';

/** The slot kept on the order (not the template as it is now), or null for an order without one. */
function presentSlot(order: OrderRow) {
  if (!order.slotTemplateId || !order.slotDate || order.slotStartMinute === null || order.slotEndMinute === null) {
    return null;
  }
  return {
    _id: slotIdOf(order.slotTemplateId, order.slotDate),
    date: order.slotDate,
    start: formatMinuteOfDay(order.slotStartMinute),
    end: formatMinuteOfDay(order.slotEndMinute),
  };
}

export function presentOrder(order: OrderRow, items: OrderItemRow[]) {
  const createdAt = order.createdAt.toISOString();
  return {
    _id: order.id,
    orderItems: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.imageUrl,
      quantity: item.quantityGrams / 1000,
      rate: item.ratePaise / 100,
    })),
    subtotal: order.subtotalPaise / 100,
    shippingCharge: order.shippingChargePaise / 100,
    total: order.totalPaise / 100,
    deliverySlot: presentSlot(order),
    status: order.status,
    orderDate: createdAt,
    createdAt,
    shippingInfo: {
      address: order.address,
      city: order.city,
      mobileNumber: order.mobileNumber,
      pinCode: order.pinCode,
    },
    userId: order.userId,
    // The names are the order's own copy, so the order still reads well after the account is deleted.
    user: { _id: order.userId, firstName: order.customerFirstName, lastName: order.customerLastName },
  };
}

export type OrderView = ReturnType<typeof presentOrder>;

/** Presents many orders with their lines, fetched in one query by the caller. */
export function presentOrders(list: OrderRow[], items: OrderItemRow[]): OrderView[] {
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const lines = byOrder.get(item.orderId);
    if (lines) lines.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return list.map((order) => presentOrder(order, byOrder.get(order.id) ?? []));
}

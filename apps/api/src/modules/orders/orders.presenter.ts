/** Turns order rows into the API's Order shape (docs/product.md#compatibility-names) (rupees, kilograms, ISO dates, a filled `user`). */

import { SUBSTITUTION_CHOICES, type SubstitutionChoice } from '@mandi/shared';
import { formatMinuteOfDay, slotIdOf } from '@mandi/shared/delivery';
import { gramsToKgString, unitOrDefault } from '@mandi/shared/kernel';
import { DELIVERY_FEE, ROUND_OFF } from './orders.adjustments.js';
import type { OrderAdjustmentRow, OrderEventRow, OrderItemRow, OrderRow } from './orders.repository.js';

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

/** A line's kept wish as the type knows it (the column's CHECK allows no other). */
export const substitutionOf = (value: string): SubstitutionChoice =>
  (SUBSTITUTION_CHOICES as readonly string[]).includes(value) ? (value as SubstitutionChoice) : 'skip';

const amountOf = (adjustments: readonly OrderAdjustmentRow[], ref: { source: string; kind: string }) =>
  adjustments.find((adjustment) => adjustment.source === ref.source && adjustment.kind === ref.kind)?.amountPaise ?? 0;

export function presentOrder(order: OrderRow, items: OrderItemRow[], adjustments: readonly OrderAdjustmentRow[]) {
  const createdAt = order.createdAt.toISOString();
  return {
    _id: order.id,
    /** The number people read out, shown as `#1042` (decision 0023). */
    orderNumber: order.orderNumber,
    orderItems: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.imageUrl,
      quantity: item.quantityGrams / 1000,
      rate: item.ratePaise / 100,
      /** In the unit as a numeric string ("1.04"), null until packed; "0" when not available. */
      packedQuantity: item.packedGrams === null ? null : gramsToKgString(item.packedGrams),
      /** Rate × packed quantity once packed, rate × ordered quantity before (₹). */
      amount: item.amountPaise / 100,
      unit: unitOrDefault(item.unit),
      /** The shopper's wish when the product is short (decision 0043). */
      substitution: substitutionOf(item.substitution),
      /** What was sent in its place: then `packedQuantity` and `amount` above are the substitute's. */
      substitute:
        item.substituteName === null || item.substituteRatePaise === null
          ? null
          : {
              productId: item.substituteProductId,
              name: item.substituteName,
              rate: item.substituteRatePaise / 100,
              packedQuantity: gramsToKgString(item.packedGrams ?? 0),
              amount: item.amountPaise / 100,
            },
    })),
    subtotal: order.subtotalPaise / 100,
    /** The delivery fee adjustment (the spec's name). */
    shippingCharge: amountOf(adjustments, DELIVERY_FEE) / 100,
    /** To whole rupees once packed; 0 before (the estimate is not rounded). */
    roundOff: amountOf(adjustments, ROUND_OFF) / 100,
    /** The coupon placed with (decision 0044), kept when packing removed its discount; null: none. */
    couponCode: order.coupon?.code ?? null,
    /** The terms packing judges the discount by, so the packing screen shows the bill's total. */
    couponTerms: order.coupon
      ? {
          kind: order.coupon.kind,
          value: order.coupon.kind === 'flat' ? order.coupon.value / 100 : order.coupon.value,
          minSubtotal: order.coupon.minSubtotalPaise / 100,
        }
      : null,
    /** Rupees off the lines: every discount adjustment, as a positive amount. */
    discount: -adjustments.reduce((sum, a) => sum + (a.taxTreatment === 'discount' ? a.amountPaise : 0), 0) / 100,
    adjustments: adjustments.map((adjustment) => ({
      source: adjustment.source,
      kind: adjustment.kind,
      label: adjustment.label,
      amount: adjustment.amountPaise / 100,
    })),
    /** The amount due, lines + adjustments: the estimate until packed, then the final bill. */
    total: order.totalPaise / 100,
    estimatedTotal: order.estimatedTotalPaise / 100,
    /** The terms packing judges the fee by, so the packing screen shows the bill's total without re-deriving it. */
    deliveryTerms: {
      fee: order.deliveryFeePaise / 100,
      freeAbove: order.freeAbovePaise === null ? null : order.freeAbovePaise / 100,
    },
    packedAt: order.packedAt ? order.packedAt.toISOString() : null,
    deliverySlot: presentSlot(order),
    status: order.status,
    paymentMethod: order.paymentTerms,
    orderDate: createdAt,
    createdAt,
    shippingInfo: {
      address: order.address,
      city: order.city,
      mobileNumber: order.mobileNumber,
      pinCode: order.pinCode,
    },
    /** Written by the billing module (decision 0010); the presenter only reads them. */
    invoiceNumber: order.invoiceNumber,
    payment: order.paymentMethod
      ? {
          method: order.paymentMethod,
          // A khata bill has no payment reference: it is on the khata (decision 0034).
          reference: order.paymentMethod === 'Khata' ? null : (order.paymentReference ?? ''),
          // What the payment took: a refund repays this (decision 0055).
          amount: order.paymentMethod === 'Khata' ? null : (order.paidPaise ?? order.totalPaise) / 100,
          paidAt: (order.paidAt ?? order.createdAt).toISOString(),
        }
      : null,
    /** Written by billing when the shop cancels a paid order (decision 0032). */
    refund:
      order.refundMethod && order.refundedAt
        ? {
            method: order.refundMethod,
            reference: order.refundReference ?? '',
            amount: (order.refundAmountPaise ?? 0) / 100,
            refundedAt: order.refundedAt.toISOString(),
          }
        : null,
    userId: order.userId,
    // The names are the order's own copy, so the order still reads well after the account is deleted.
    user: { _id: order.userId, firstName: order.customerFirstName, lastName: order.customerLastName },
  };
}

export type OrderView = ReturnType<typeof presentOrder>;

export interface OrderHistoryEntry {
  at: string;
  by: string | null;
  kind: string;
  /** What changed, each as `{ from, to }` (weights, amounts, status). */
  changes: Record<string, unknown>;
}

/**
 * The order's history, oldest first, beginning with its placing (from the order row itself, so
 * placing costs no extra write). `viewer` decides whose names show: an admin sees every name; the
 * shopper sees their own and null for the shop's staff, whose names are the shop's business.
 */
export function presentHistory(
  order: OrderRow,
  events: OrderEventRow[],
  viewer: { id: string; role: 'Admin' | 'User' },
): OrderHistoryEntry[] {
  const nameOf = (id: string | null, first: string | null, last: string | null) =>
    id !== null && first !== null && (viewer.role === 'Admin' || id === viewer.id)
      ? `${first} ${last ?? ''}`.trim()
      : null;
  return [
    {
      at: order.createdAt.toISOString(),
      by:
        viewer.role === 'Admin' || order.userId === viewer.id
          ? `${order.customerFirstName} ${order.customerLastName}`.trim()
          : null,
      kind: 'placed',
      changes: { status: { from: null, to: 'Processing' }, total: { from: null, to: order.estimatedTotalPaise / 100 } },
    },
    ...events.map((event) => ({
      at: event.at.toISOString(),
      by: nameOf(event.actorUserId, event.actorFirstName, event.actorLastName),
      kind: event.kind,
      changes: event.changes as Record<string, unknown>,
    })),
  ];
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

/** Presents many orders with their lines and adjustments, each fetched in one query by the caller. */
export function presentOrders(
  list: OrderRow[],
  items: OrderItemRow[],
  adjustments: readonly OrderAdjustmentRow[],
): OrderView[] {
  const itemsOf = groupByOrder(items);
  const adjustmentsOf = groupByOrder(adjustments);
  return list.map((order) => presentOrder(order, itemsOf.get(order.id) ?? [], adjustmentsOf.get(order.id) ?? []));
}

/** Turns order rows into the API's Order shape (docs/product.md#compatibility-names) (rupees, kilograms, ISO dates, a filled `user`). */

import { SUBSTITUTION_CHOICES, type SubstitutionChoice } from '@mandi/shared';
import { gramsToKgString, paiseToRupees, unitOrDefault } from '@mandi/shared/kernel';
import type { Order } from '@mandi/shared/schemas';
import { DELIVERY_FEE, ROUND_OFF } from './orders.adjustments.js';
import type { OrderAdjustmentRow, OrderEventRow, OrderItemRow, OrderRow } from './orders.repository.js';

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
      rate: paiseToRupees(item.ratePaise),
      /** In the unit as a numeric string ("1.04"), null until packed; "0" when not available. */
      packedQuantity: item.packedGrams === null ? null : gramsToKgString(item.packedGrams),
      /** Rate × packed quantity once packed, rate × ordered quantity before (₹). */
      amount: paiseToRupees(item.amountPaise),
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
              rate: paiseToRupees(item.substituteRatePaise),
              packedQuantity: gramsToKgString(item.packedGrams ?? 0),
              amount: paiseToRupees(item.amountPaise),
            },
    })),
    subtotal: paiseToRupees(order.subtotalPaise),
    /** The delivery fee adjustment (the spec's name). */
    shippingCharge: paiseToRupees(amountOf(adjustments, DELIVERY_FEE)),
    /** To whole rupees once packed; 0 before (the estimate is not rounded). */
    roundOff: paiseToRupees(amountOf(adjustments, ROUND_OFF)),
    /** Rupees off the lines: every discount adjustment, as a positive amount. */
    discount: paiseToRupees(
      -adjustments.reduce((sum, a) => sum + (a.taxTreatment === 'discount' ? a.amountPaise : 0), 0),
    ),
    adjustments: adjustments.map((adjustment) => ({
      source: adjustment.source,
      kind: adjustment.kind,
      label: adjustment.label,
      amount: paiseToRupees(adjustment.amountPaise),
    })),
    /** The amount due, lines + adjustments: the estimate until packed, then the final bill. */
    total: paiseToRupees(order.totalPaise),
    estimatedTotal: paiseToRupees(order.estimatedTotalPaise),
    packedAt: order.packedAt ? order.packedAt.toISOString() : null,
    status: order.status,
    /** Where the order came from (contract: counter sales and standing orders are other channels). */
    channel: order.channel,
    /** The shop date it is to be delivered (its slot's date), or null. */
    deliveryDate: order.deliveryDate,
    orderDate: createdAt,
    createdAt,
    // An order handed over at the counter goes nowhere: empty fields keep the shape every client reads.
    shippingInfo: {
      address: order.address ?? '',
      city: order.city ?? '',
      mobileNumber: order.mobileNumber ?? '',
      pinCode: order.pinCode ?? '',
    },
    userId: order.userId,
    // The names are the order's own copy, so the order still reads well after the account is deleted.
    user: { _id: order.userId, firstName: order.customerFirstName, lastName: order.customerLastName },
  };
}

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
      changes: {
        status: { from: null, to: 'Processing' },
        total: { from: null, to: paiseToRupees(order.estimatedTotalPaise) },
      },
    },
    ...events.map((event) => ({
      at: event.at.toISOString(),
      by: nameOf(event.actorUserId, event.actorFirstName, event.actorLastName),
      kind: event.kind,
      changes: event.changes as Record<string, unknown>,
    })),
  ];
}

/** An order as answered: its own fields and every participant's (orders.views.ts puts them together). */
export type OrderView = Order;

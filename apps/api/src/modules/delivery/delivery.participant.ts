/**
 * Delivery, an order participant (decision 0008): an order must go to a served PIN code and reach
 * its zone's minimum; it pays the zone's fee (unless free above), written as the order's delivery
 * fee adjustment and judged again at packing (decision 0017), and gets a slot, the one chosen
 * or the earliest available. A slot's capacity holds across processes: `place` locks the booking
 * rows the batch may use (in a fixed order), so the counting `accept` does in memory is exact, and
 * `write` books the whole batch with one guarded statement.
 */

import { formatMinuteOfDay, parseSlotId, slotIdOf } from '@mandi/shared/delivery';
import {
  type DeliveryTerms,
  deliveryFeePaise,
  deliveryTermsToRupees,
  FREE_DELIVERY,
  shopDateOf,
} from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { type Adjustment, DELIVERY_FEE } from '../orders/orders.adjustments.js';
import {
  extensionOf,
  type NewOrder,
  type OrderParticipant,
  type Placement,
  type PlacementBatch,
  type PreparedPlacement,
} from '../orders/orders.lifecycle.js';
import { deliveryCache } from './delivery.cache.js';
import * as repo from './delivery.repository.js';
import {
  belowMinimumMessage,
  bookingKey,
  matchZone,
  noSlotMessage,
  notServedMessage,
  refusedSlotMessage,
  refuseSlot,
  remainingPlaces,
  servesZone,
  slotsAhead,
  unknownSlotMessage,
  weekdayOf,
} from './delivery.rules.js';

/** A delivery slot kept as it was booked: a template on a shop date, with its times (minutes after midnight, shop time). */
interface BookedSlot {
  templateId: string;
  /** YYYY-MM-DD, shop time: the order's delivery date. */
  date: string;
  startMinute: number;
  endMinute: number;
}

/** What delivery keeps of an order (`order_delivery`), with the slot's date from the order. */
export interface OrderDeliveryPart {
  terms: DeliveryTerms;
  slot: BookedSlot | null;
}

/** Delivery's part of a checkout's body. */
interface DeliveryRequest {
  /** The delivery slot the shopper chose (an `_id` from the slot listing), or null for the earliest. */
  slotId: string | null;
  /** A standing order's date and slot: see `StandingDelivery`. */
  standing?: StandingDelivery;
}

/**
 * Delivery's part of a standing order (decision 0064), set by the standing orders module: the date
 * it was made for and its slot template. It is booked in that slot on that date whatever the
 * slot's capacity and cut-off (the earliest of the day serving its zone when the template is gone
 * or not on that day; none when the day has no slot), and the zone's minimum does not refuse it:
 * the shop agreed to the standing order when it was set up. The zone's fee applies.
 */
export interface StandingDelivery {
  date: string;
  templateId: string | null;
}

const deliveryRequestFields = {
  slotId: z
    .string({ error: 'slotId must be text: a slot _id from the slot listing' })
    .trim()
    .min(1, 'slotId must not be blank')
    .max(100, 'slotId must be at most 100 characters')
    .optional(),
};

/** The slot and terms as the order answer shows them (free and none when delivery kept nothing). */
function presentDelivery(part: OrderDeliveryPart | undefined) {
  const terms = part?.terms ?? FREE_DELIVERY;
  const slot = part?.slot ?? null;
  return {
    /** The terms packing judges the fee by, so the packing screen shows the bill's total without re-deriving it. */
    deliveryTerms: deliveryTermsToRupees(terms),
    /** The slot kept on the order (not the template as it is now), or null. */
    deliverySlot: slot
      ? {
          _id: slotIdOf(slot.templateId, slot.date),
          date: slot.date,
          start: formatMinuteOfDay(slot.startMinute),
          end: formatMinuteOfDay(slot.endMinute),
        }
      : null,
  };
}

/** The zone's fee terms, kept for the order so the final bill is judged by them. */
const termsOf = (zone: { deliveryFeePaise: number; freeAbovePaise: number | null } | null): DeliveryTerms =>
  zone ? { feePaise: zone.deliveryFeePaise, freeAbovePaise: zone.freeAbovePaise } : FREE_DELIVERY;

/** The delivery fee adjustment for a subtotal under the terms (none when free). */
const feeAdjustment = (terms: DeliveryTerms, subtotalPaise: number): Adjustment => ({
  ...DELIVERY_FEE,
  amountPaise: deliveryFeePaise(terms, subtotalPaise),
  // Delivery by the seller is part of a composite supply: taxed at the rate of the main goods (decision 0010).
  taxTreatment: 'principal-supply',
});

export interface DeliveryParticipantOptions {
  /** The clock: tests set it to a moment around midnight in Kolkata. */
  now: () => Date;
}

export function createDeliveryParticipant({ now }: DeliveryParticipantOptions): OrderParticipant<OrderDeliveryPart> {
  return {
    name: 'delivery',
    // A sale at the counter is delivered across it: no zone, fee or slot.
    channels: ['online', 'subscription'],
    requestFields: deliveryRequestFields,
    readRequest: (body): DeliveryRequest => ({ slotId: typeof body.slotId === 'string' ? body.slotId : null }),

    view: {
      read: repo.findOrderDeliveryParts,
      present: presentDelivery,
    },

    // The admin's order list of one slot (`slotId` names its template and date; the date is the order's).
    listFilter: (query) => {
      const slot = query.slotId as { templateId?: unknown } | undefined;
      return typeof slot?.templateId === 'string' ? repo.ordersInSlotTemplate(slot.templateId) : undefined;
    },

    // Zones and templates are read before the batch's products are locked; they are not locked
    // (a zone or template may change meanwhile, as between any two statements), and the booking
    // statement re-checks each template and its capacity under the booking rows' locks.
    async prepare(tx): Promise<PreparedPlacement> {
      const setup = await repo.readDeliverySetup(tx, shopDateOf(now()));
      return { place: (lockedTx, batch) => placeWith(lockedTx, batch, setup) };
    },

    // Packing judges the fee again on the packed subtotal, by the terms the shopper was shown.
    adjust({ own, subtotalPaise, adjustments }) {
      adjustments.set(feeAdjustment(own?.terms ?? FREE_DELIVERY, subtotalPaise));
    },

    async cancel(tx, { order }) {
      const kept = (await repo.findOrderDeliveryParts(tx, [order.id])).get(order.id);
      if (kept?.slot) {
        await repo.releaseSlot(tx, { templateId: kept.slot.templateId, date: kept.slot.date });
        return deliveryCache.writes.slotReleased.tags();
      }
      return [];
    },
  };

  async function placeWith(
    tx: Tx,
    batch: PlacementBatch,
    {
      zones,
      templates,
      closedDates,
    }: { zones: repo.ZoneRow[]; templates: repo.TemplateRow[]; closedDates: Set<string> },
  ): Promise<Placement> {
    const at = now();
    const templatesById = new Map(templates.map((template) => [template.id, template]));
    const zoneOf = (pinCode: string) => (zones.length ? matchZone(zones, pinCode) : null);

    // The slots this batch may book: every open slot serving a zone of its PIN codes.
    const keys = new Map<string, repo.BookingKey>();
    if (templates.length) {
      const batchZones = new Set(batch.requests.map((request) => zoneOf(request.shipping?.pinCode ?? '')?.id ?? null));
      for (const zoneId of batchZones) {
        for (const slot of slotsAhead(templates, at, zoneId, closedDates)) {
          if (slot.isOpen)
            keys.set(bookingKey(slot.template.id, slot.date), { templateId: slot.template.id, date: slot.date });
        }
      }
    }
    // A standing order's slot, whatever its capacity or cut-off.
    const standingSlotOf = (request: PlacementBatch['requests'][number]) => {
      const standing = extensionOf<DeliveryRequest>(request, 'delivery')?.standing;
      if (!standing) return null;
      const zoneId = zoneOf(request.shipping?.pinCode ?? '')?.id ?? null;
      const onTheDay = (template: repo.TemplateRow) =>
        template.days.includes(weekdayOf(standing.date)) && servesZone(template, zoneId);
      const chosen = standing.templateId ? templatesById.get(standing.templateId) : undefined;
      const template = chosen && onTheDay(chosen) ? chosen : templates.find(onTheDay);
      return { date: standing.date, template: template ?? null };
    };
    for (const request of batch.requests) {
      const slot = standingSlotOf(request);
      if (slot?.template)
        keys.set(bookingKey(slot.template.id, slot.date), { templateId: slot.template.id, date: slot.date });
    }
    const booked = await repo.lockBookings(tx, [...keys.values()]);
    const bookedIn = (key: string) => booked.get(key) ?? 0;

    /** What each accepted order gets, by order id, for `write`. */
    const kept = new Map<string, OrderDeliveryPart>();
    const partOf = (order: NewOrder) => {
      const part = kept.get(order.id) ?? { terms: FREE_DELIVERY, slot: null };
      kept.set(order.id, part);
      return part;
    };

    const book = (order: NewOrder, template: repo.TemplateRow, date: string) => {
      const key = bookingKey(template.id, date);
      booked.set(key, bookedIn(key) + 1);
      partOf(order).slot = {
        templateId: template.id,
        date,
        startMinute: template.startMinute,
        endMinute: template.endMinute,
      };
      order.deliveryDate = date;
      return () => {
        booked.set(key, bookedIn(key) - 1);
        partOf(order).slot = null;
        order.deliveryDate = null;
      };
    };

    /** Standing orders' bookings (they pass capacity), by key, for `write`. */
    const standingBooked = new Set<string>();

    return {
      accept(order) {
        const pinCode = order.request.shipping?.pinCode ?? '';
        const zone = zoneOf(pinCode);
        if (zones.length && !zone) throw new AppError('invalid', notServedMessage(pinCode));
        const charge = () => {
          const terms = termsOf(zone);
          partOf(order).terms = terms;
          const undoFee = order.adjustments.set(feeAdjustment(terms, order.subtotalPaise));
          return () => {
            undoFee();
            partOf(order).terms = FREE_DELIVERY;
          };
        };
        const standing = standingSlotOf(order.request);
        if (standing) {
          let undoStanding = () => {
            order.deliveryDate = null;
          };
          if (standing.template) {
            const undoBook = book(order, standing.template, standing.date);
            standingBooked.add(order.id);
            undoStanding = () => {
              undoBook();
              standingBooked.delete(order.id);
            };
          }
          order.deliveryDate = standing.date;
          const undoFee = charge();
          return () => {
            undoFee();
            undoStanding();
          };
        }
        if (zone && order.subtotalPaise < zone.minOrderPaise) {
          throw new AppError('invalid', belowMinimumMessage(zone, order.subtotalPaise));
        }
        const slotId = extensionOf<DeliveryRequest>(order.request, 'delivery')?.slotId ?? null;
        if (!templates.length) {
          // No template: no slot exists, so a chosen one is unknown.
          if (slotId) throw new AppError('invalid', unknownSlotMessage(slotId));
          return charge();
        }

        let undoBooking: () => void;
        if (slotId) {
          const chosen = parseSlotId(slotId);
          const template = chosen ? templatesById.get(chosen.templateId) : undefined;
          const date = chosen?.date ?? '';
          const refusal = refuseSlot(
            template,
            date,
            at,
            zone?.id ?? null,
            bookedIn(bookingKey(template?.id ?? '', date)),
            closedDates,
          );
          if (refusal === 'unknown' || !template) throw new AppError('invalid', unknownSlotMessage(slotId));
          if (refusal) throw new AppError('conflict', refusedSlotMessage(refusal, template, date, pinCode));
          undoBooking = book(order, template, date);
        } else {
          const earliest = slotsAhead(templates, at, zone?.id ?? null, closedDates).find((slot) => {
            const remaining = remainingPlaces(slot.template, bookedIn(bookingKey(slot.template.id, slot.date)));
            return slot.isOpen && (remaining === null || remaining > 0);
          });
          if (!earliest) throw new AppError('conflict', noSlotMessage(pinCode));
          undoBooking = book(order, earliest.template, earliest.date);
        }
        const undoCharge = charge();
        return () => {
          undoCharge();
          undoBooking();
        };
      },

      written: (order) => kept.get(order.id),

      async write(tx, accepted) {
        const counts = new Map<string, repo.BookingKey & { count: number }>();
        const standingCounts = new Map<string, repo.BookingKey & { count: number }>();
        const rows: repo.OrderDeliveryRow[] = [];
        for (const order of accepted) {
          const part = kept.get(order.id);
          if (!part) continue;
          const { terms, slot } = part;
          if (terms.feePaise !== 0 || terms.freeAbovePaise !== null || slot) {
            rows.push({
              orderId: order.id,
              feePaise: terms.feePaise,
              freeAbovePaise: terms.freeAbovePaise,
              slotTemplateId: slot?.templateId ?? null,
              slotStartMinute: slot?.startMinute ?? null,
              slotEndMinute: slot?.endMinute ?? null,
            });
          }
          if (!slot) continue;
          const key = bookingKey(slot.templateId, slot.date);
          const tally = standingBooked.has(order.id) ? standingCounts : counts;
          const entry = tally.get(key);
          if (entry) entry.count += 1;
          else tally.set(key, { templateId: slot.templateId, date: slot.date, count: 1 });
        }
        await repo.insertOrderDeliveries(tx, rows);
        await repo.bookSlotsBeyondCapacity(tx, [...standingCounts.values()]);
        const bookedSlots = await repo.bookSlots(tx, [...counts.values()]);
        // Only if a capacity was lowered while this batch ran: the whole batch is undone and each
        // order goes again alone (decision 0006), decided against the new capacity.
        if (bookedSlots !== counts.size) {
          throw new AppError('conflict', serverMessage('slotFull'));
        }
        // The cached slot listings show the counts.
        return counts.size || standingCounts.size ? deliveryCache.writes.slotsBooked.tags() : [];
      },
    };
  }
}

/**
 * Delivery, an order participant (decision 0008): an order must go to a served PIN code and reach
 * its zone's minimum; it pays the zone's fee (unless free above), written as the order's delivery
 * fee adjustment and judged again at packing (decision 0017), and gets a slot, the one chosen
 * or the earliest available. A slot's capacity holds across processes: `place` locks the booking
 * rows the batch may use (in a fixed order), so the counting `accept` does in memory is exact, and
 * `write` books the whole batch with one guarded statement.
 */

import { parseSlotId } from '@mandi/shared/delivery';
import { type DeliveryTerms, deliveryFeePaise, FREE_DELIVERY } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { type Adjustment, DELIVERY_FEE } from '../orders/orders.adjustments.js';
import type {
  BookedSlot,
  NewOrder,
  OrderParticipant,
  Placement,
  PlacementBatch,
  PreparedPlacement,
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
  slotsAhead,
  unknownSlotMessage,
} from './delivery.rules.js';

/** The zone's fee terms, kept on the order so the final bill is judged by them. */
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

export function createDeliveryParticipant({ now }: DeliveryParticipantOptions): OrderParticipant {
  return {
    name: 'delivery',

    // Zones and templates are read before the batch's products are locked; they are not locked
    // (a zone or template may change meanwhile, as between any two statements), and the booking
    // statement re-checks each template and its capacity under the booking rows' locks.
    async prepare(tx): Promise<PreparedPlacement> {
      const setup = await repo.readDeliverySetup(tx);
      return { place: (lockedTx, batch) => placeWith(lockedTx, batch, setup) };
    },

    // Packing judges the fee again on the packed subtotal, by the terms the shopper was shown.
    adjust({ order, subtotalPaise, adjustments }) {
      const terms = { feePaise: order.deliveryFeePaise, freeAbovePaise: order.freeAbovePaise };
      adjustments.set(feeAdjustment(terms, subtotalPaise));
    },

    async cancel(tx, { order }) {
      if (order.slotTemplateId && order.slotDate) {
        await repo.releaseSlot(tx, { templateId: order.slotTemplateId, date: order.slotDate });
        return deliveryCache.writes.slotReleased.tags();
      }
      return [];
    },
  };

  async function placeWith(
    tx: Tx,
    batch: PlacementBatch,
    { zones, templates }: { zones: repo.ZoneRow[]; templates: repo.TemplateRow[] },
  ): Promise<Placement> {
    const at = now();
    const templatesById = new Map(templates.map((template) => [template.id, template]));
    const zoneOf = (pinCode: string) => (zones.length ? matchZone(zones, pinCode) : null);

    // The slots this batch may book: every open slot serving a zone of its PIN codes.
    const keys = new Map<string, repo.BookingKey>();
    if (templates.length) {
      const batchZones = new Set(batch.requests.map((request) => zoneOf(request.shipping.pinCode)?.id ?? null));
      for (const zoneId of batchZones) {
        for (const slot of slotsAhead(templates, at, zoneId)) {
          if (slot.isOpen)
            keys.set(bookingKey(slot.template.id, slot.date), { templateId: slot.template.id, date: slot.date });
        }
      }
    }
    const booked = await repo.lockBookings(tx, [...keys.values()]);
    const bookedIn = (key: string) => booked.get(key) ?? 0;

    const book = (order: NewOrder, template: repo.TemplateRow, date: string) => {
      const key = bookingKey(template.id, date);
      booked.set(key, bookedIn(key) + 1);
      const slot: BookedSlot = {
        templateId: template.id,
        date,
        startMinute: template.startMinute,
        endMinute: template.endMinute,
      };
      order.charges.slot = slot;
      return () => {
        booked.set(key, bookedIn(key) - 1);
        order.charges.slot = null;
      };
    };

    return {
      accept(order) {
        const { pinCode } = order.request.shipping;
        const zone = zoneOf(pinCode);
        if (zones.length && !zone) throw new AppError('invalid', notServedMessage(pinCode));
        if (zone && order.subtotalPaise < zone.minOrderPaise) {
          throw new AppError('invalid', belowMinimumMessage(zone, order.subtotalPaise));
        }
        const charge = () => {
          const terms = termsOf(zone);
          order.charges.deliveryTerms = terms;
          const undoFee = order.adjustments.set(feeAdjustment(terms, order.subtotalPaise));
          return () => {
            undoFee();
            order.charges.deliveryTerms = FREE_DELIVERY;
          };
        };
        if (!templates.length) {
          // No template: no slot exists, so a chosen one is unknown.
          if (order.request.slotId) throw new AppError('invalid', unknownSlotMessage(order.request.slotId));
          return charge();
        }

        let undoBooking: () => void;
        const { slotId } = order.request;
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
          );
          if (refusal === 'unknown' || !template) throw new AppError('invalid', unknownSlotMessage(slotId));
          if (refusal) throw new AppError('conflict', refusedSlotMessage(refusal, template, date, pinCode));
          undoBooking = book(order, template, date);
        } else {
          const earliest = slotsAhead(templates, at, zone?.id ?? null).find((slot) => {
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

      async write(tx, accepted) {
        const counts = new Map<string, repo.BookingKey & { count: number }>();
        for (const { charges } of accepted) {
          if (!charges.slot) continue;
          const key = bookingKey(charges.slot.templateId, charges.slot.date);
          const entry = counts.get(key);
          if (entry) entry.count += 1;
          else counts.set(key, { templateId: charges.slot.templateId, date: charges.slot.date, count: 1 });
        }
        const bookedSlots = await repo.bookSlots(tx, [...counts.values()]);
        // Only if a capacity was lowered while this batch ran: the whole batch is undone and each
        // order goes again alone (decision 0006), decided against the new capacity.
        if (bookedSlots !== counts.size) {
          throw new AppError('conflict', serverMessage('slotFull'));
        }
        // The cached slot listings show the counts.
        return counts.size ? deliveryCache.writes.slotsBooked.tags() : [];
      },
    };
  }
}

/**
 * Delivery: the PIN code check, the slots offered to a shopper, the admin's zones and slot
 * templates, and the day view of bookings. Placing an order in a slot is the delivery participant
 * (delivery.participant.ts), inside the order's transaction.
 */

import type { SlotBookings, SlotTemplateInput, ZoneInput } from '@mandi/shared/delivery';
import { formatMinuteOfDay, parseTimeOfDay, slotIdOf } from '@mandi/shared/delivery';
import { rupeesToPaise, shopDateOf } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db, Tx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/validation.js';
import type { Touch, UnitOfWork } from '../../platform/unit-of-work.js';
import { listAllOrders } from '../orders/orders.service.js';
import type { OrderViews } from '../orders/orders.views.js';
import { deliveryCache } from './delivery.cache.js';
import { presentSlot, presentTemplate, presentZone } from './delivery.presenter.js';
import * as repo from './delivery.repository.js';
import {
  bookableDates,
  bookingKey,
  matchZone,
  notServedMessage,
  servedMessage,
  slotsAhead,
  summariseDeliveryTerms,
  weekdayOf,
} from './delivery.rules.js';

/** Whether the shop delivers to a PIN code, and on what terms. No zone at all: everywhere, free. */
export async function checkPinCode(db: Db, pinCode: string) {
  const zones = await repo.listZones(db);
  if (!zones.length) return { serviceable: true, zone: null, message: servedMessage(pinCode, null) };
  const zone = matchZone(zones, pinCode);
  if (!zone) return { serviceable: false, zone: null, message: notServedMessage(pinCode).message };
  return { serviceable: true, zone: presentZone(zone), message: servedMessage(pinCode, zone) };
}

/**
 * The slots of today and the next 6 days for a PIN code, earliest first, full and closed ones
 * included (not available). An unserved PIN code has none.
 */
export async function listSlots(db: Db, now: Date, pinCode: string) {
  const dates = bookableDates(now);
  const first = dates[0] ?? shopDateOf(now);
  const last = dates.at(-1) ?? shopDateOf(now);
  const [zones, templates, bookings, closedDates] = await readTogether(db, [
    () => repo.listZones(db),
    () => repo.listTemplates(db),
    () => repo.bookingsBetween(db, first, last),
    () => repo.listClosedDates(db, first, last),
  ]);
  if (!templates.length) return [];
  const zone = zones.length ? matchZone(zones, pinCode) : null;
  if (zones.length && !zone) return [];
  const booked = new Map(bookings.map((row) => [bookingKey(row.templateId, row.date), row.booked]));
  const closed = new Set(closedDates.map((row) => row.date));
  return slotsAhead(templates, now, zone?.id ?? null, closed).map((slot) =>
    presentSlot(slot, booked.get(bookingKey(slot.template.id, slot.date)) ?? 0),
  );
}

// ---- zones ----

/** The delivery terms every zone shares, for the storefront (decision 0056). */
export async function deliveryTerms(db: Db) {
  return summariseDeliveryTerms(await repo.listZones(db));
}

export async function listZones(db: Db) {
  return (await repo.listZones(db)).map(presentZone);
}

function zoneValues(input: ZoneInput): repo.ZoneValues {
  return {
    name: input.name,
    pinPrefixes: input.pinPrefixes,
    minOrderPaise: rupeesToPaise(input.minOrder),
    deliveryFeePaise: rupeesToPaise(input.deliveryFee),
    freeAbovePaise: input.freeAbove === null ? null : rupeesToPaise(input.freeAbove),
  };
}

/** A prefix belongs to one zone only, or "the longest prefix" would not name one zone. */
async function refuseTakenPrefixes(tx: Tx, input: ZoneInput, exceptId: string | null) {
  await repo.lockZonesForWrite(tx);
  const [other] = await repo.zonesWithPrefixes(tx, input.pinPrefixes, exceptId);
  if (other) {
    const shared = input.pinPrefixes.filter((prefix) => other.pinPrefixes.includes(prefix));
    throw new AppError('conflict', serverMessage('pinPrefixTaken', { prefixes: shared.join(', '), zone: other.name }));
  }
}

export async function createZone(work: UnitOfWork, input: ZoneInput) {
  return work.transaction(async (tx, touch) => {
    touch(...deliveryCache.writes.setupEdited.tags());
    await refuseTakenPrefixes(tx, input, null);
    return presentZone(await repo.insertZone(tx, zoneValues(input)));
  });
}

export async function updateZone(work: UnitOfWork, id: string, input: ZoneInput) {
  return work.transaction(async (tx, touch) => {
    touch(...deliveryCache.writes.setupEdited.tags());
    await refuseTakenPrefixes(tx, input, id);
    const zone = await repo.updateZone(tx, id, zoneValues(input));
    if (!zone) throw notFound('Delivery zone');
    return presentZone(zone);
  });
}

/** A zone named by a slot template stays: removing it would leave the template's list empty, meaning every zone. */
export async function deleteZone(work: UnitOfWork, id: string) {
  return work.transaction(async (tx, touch) => {
    touch(...deliveryCache.writes.setupEdited.tags());
    const zone = await repo.findZone(tx, id);
    if (!zone) throw notFound('Delivery zone');
    const [template] = await repo.templatesNamingZone(tx, id);
    if (template) {
      const start = formatMinuteOfDay(template.startMinute);
      const end = formatMinuteOfDay(template.endMinute);
      throw new AppError('conflict', serverMessage('zoneInUse', { start, end, zone: zone.name }));
    }
    await repo.deleteZone(tx, id);
    return serverMessage('zoneDeleted', { name: zone.name });
  });
}

// ---- slot templates ----

export async function listTemplates(db: Db) {
  return (await repo.listTemplates(db)).map(presentTemplate);
}

/** The slot templates as kept (minutes after midnight), for the standing orders' dates. */
export async function slotTemplateTimes(db: Db | Tx) {
  return (await repo.listTemplates(db)).map(({ id, days, startMinute, endMinute, zoneIds }) => ({
    id,
    days,
    startMinute,
    endMinute,
    zoneIds,
  }));
}

async function templateValues(db: Db | Tx, input: SlotTemplateInput) {
  const zoneIds = input.zoneIds.map((id) => id.toLowerCase());
  const known = new Set((await repo.listZones(db)).map((zone) => zone.id));
  const unknown = zoneIds.find((id) => !isUuid(id) || !known.has(id));
  if (unknown !== undefined) throw new AppError('invalid', serverMessage('unknownZone', { id: unknown }));
  return {
    days: input.days,
    startMinute: parseTimeOfDay(input.start) ?? 0,
    endMinute: parseTimeOfDay(input.end) ?? 0,
    capacity: input.capacity,
    cutoffMinutes: input.cutoffMinutes,
    zoneIds,
  } satisfies repo.TemplateValues;
}

export async function createTemplate(work: UnitOfWork, input: SlotTemplateInput) {
  return work.transaction(async (tx, touch) => {
    touch(...deliveryCache.writes.setupEdited.tags());
    // Zone deletion checks the templates under this lock too, so a template never names a deleted zone.
    await repo.lockZonesForWrite(tx);
    return presentTemplate(await repo.insertTemplate(tx, await templateValues(tx, input)));
  });
}

/**
 * Changing a template changes the slots it offers from now on; orders already booked keep the
 * times they were promised (they are copied on the order).
 */
export async function updateTemplate(work: UnitOfWork, id: string, input: SlotTemplateInput) {
  return work.transaction(async (tx, touch) => {
    touch(...deliveryCache.writes.setupEdited.tags());
    await repo.lockZonesForWrite(tx);
    const template = await repo.updateTemplate(tx, id, await templateValues(tx, input));
    if (!template) throw notFound('Delivery slot');
    return presentTemplate(template);
  });
}

/** Its bookings go with it; orders keep their slot (date and times are on the order). */
export async function deleteTemplate(work: UnitOfWork, id: string) {
  return work.transaction(async (tx, touch) => {
    touch(...deliveryCache.writes.setupEdited.tags());
    if (!(await repo.deleteTemplate(tx, id))) throw notFound('Delivery slot');
    return serverMessage('slotDeleted');
  });
}

// ---- the day view ----

/**
 * Every slot of a date with its orders, capacity and booked count: the templates running that
 * weekday, plus any slot whose template was since changed or deleted but still holds orders.
 */
export async function dayBookings(db: Db, views: OrderViews, date: string): Promise<SlotBookings[]> {
  const [templates, booked, { orders }] = [
    await repo.listTemplates(db),
    await repo.bookingsOn(db, date),
    await listAllOrders(db, views, undefined, { deliveryDate: date }),
  ];
  const weekday = weekdayOf(date);
  const slots = new Map<string, SlotBookings>();
  for (const template of templates) {
    if (!template.days.includes(weekday) && !booked.get(template.id)) continue;
    slots.set(template.id, {
      _id: slotIdOf(template.id, date),
      templateId: template.id,
      date,
      start: formatMinuteOfDay(template.startMinute),
      end: formatMinuteOfDay(template.endMinute),
      capacity: template.capacity,
      booked: booked.get(template.id) ?? 0,
      orders: [],
    });
  }
  // Oldest first within a slot: the order they were booked in.
  for (const order of [...orders].reverse()) {
    const slot = order.deliverySlot;
    if (!slot) continue;
    const templateId = slot._id.slice(0, slot._id.lastIndexOf('_'));
    let entry = slots.get(templateId);
    if (!entry) {
      entry = {
        _id: slot._id,
        templateId,
        date,
        start: slot.start,
        end: slot.end,
        capacity: null,
        booked: booked.get(templateId) ?? 0,
        orders: [],
      };
      slots.set(templateId, entry);
    }
    entry.orders.push({
      _id: order._id,
      orderNumber: order.orderNumber,
      customer: `${order.user.firstName} ${order.user.lastName}`.trim(),
      pinCode: order.shippingInfo.pinCode,
      status: order.status,
      total: order.total,
    });
  }
  return [...slots.values()].sort(
    (a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.templateId.localeCompare(b.templateId),
  );
}

// ---- the shop's closed dates (decision 0064) ----

/** The shop's closed dates from `from` on, earliest first. */
export async function listClosedDates(db: Db | Tx, from: string, to?: string) {
  return (await repo.listClosedDates(db, from, to)).map(({ date, note }) => ({ date, note }));
}

/** Closes a date for deliveries (a note changes when it is closed already); the slot listings drop it. */
export async function closeDate(tx: Tx, touch: Touch, date: string, note: string) {
  touch(...deliveryCache.writes.setupEdited.tags());
  const row = await repo.upsertClosedDate(tx, date, note);
  return { date: row.date, note: row.note };
}

/** Opens a closed date again; false when it was not closed. */
export async function reopenDate(tx: Tx, touch: Touch, date: string) {
  touch(...deliveryCache.writes.setupEdited.tags());
  return repo.deleteClosedDate(tx, date);
}

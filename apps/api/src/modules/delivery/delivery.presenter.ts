/** Turns delivery rows into the API's shapes: rupees, "HH:MM" times, slot `_id`s. */
import { formatMinuteOfDay, type Slot, type SlotTemplate, slotIdOf, type Zone } from '@mandi/shared/delivery';
import { paiseToRupees } from '@mandi/shared/kernel';
import type { TemplateRow, ZoneRow } from './delivery.repository.js';
import { remainingPlaces, type SlotOnDate } from './delivery.rules.js';

export function presentZone(zone: ZoneRow): Zone {
  return {
    _id: zone.id,
    name: zone.name,
    pinPrefixes: zone.pinPrefixes,
    minOrder: paiseToRupees(zone.minOrderPaise),
    deliveryFee: paiseToRupees(zone.deliveryFeePaise),
    freeAbove: zone.freeAbovePaise === null ? null : paiseToRupees(zone.freeAbovePaise),
  };
}

export function presentTemplate(template: TemplateRow): SlotTemplate {
  return {
    _id: template.id,
    days: [...template.days].sort((a, b) => a - b),
    start: formatMinuteOfDay(template.startMinute),
    end: formatMinuteOfDay(template.endMinute),
    capacity: template.capacity,
    cutoffMinutes: template.cutoffMinutes,
    zoneIds: template.zoneIds,
  };
}

export function presentSlot(slot: SlotOnDate<TemplateRow>, booked: number): Slot {
  const remaining = remainingPlaces(slot.template, booked);
  return {
    _id: slotIdOf(slot.template.id, slot.date),
    date: slot.date,
    start: formatMinuteOfDay(slot.template.startMinute),
    end: formatMinuteOfDay(slot.template.endMinute),
    remaining,
    isAvailable: slot.isOpen && (remaining === null || remaining > 0),
  };
}

/**
 * The delivery rules, pure (no database; the time is passed in): which zone a PIN code belongs
 * to, cut-offs (shop time and the fee rule are the shop kernel's), which slots are offered and whether a chosen one can be
 * booked, with the messages a shopper sees.
 */
import { formatRupees } from '@mandi/shared';
import {
  type DeliveryTermsSummary,
  formatMinuteOfDay,
  isCalendarDate,
  SLOT_DAYS_AHEAD,
  slotIdOf,
} from '@mandi/shared/delivery';
import { addDays, paiseToRupees, shopDateOf, shopInstant } from '@mandi/shared/kernel';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';

export interface ZoneRule {
  id: string;
  name: string;
  pinPrefixes: string[];
  minOrderPaise: number;
  deliveryFeePaise: number;
  freeAbovePaise: number | null;
}

export interface TemplateRule {
  id: string;
  /** Weekdays, 0 = Sunday. */
  days: number[];
  startMinute: number;
  endMinute: number;
  capacity: number | null;
  cutoffMinutes: number;
  /** Empty: every zone. */
  zoneIds: string[];
}

/**
 * What holds of delivery everywhere the shop delivers (decision 0056): the storefront says no more
 * than this. "Free above" only when every zone has one, and then the highest: true in every zone.
 */
export function summariseDeliveryTerms(zones: readonly ZoneRule[]): DeliveryTermsSummary {
  const range = (values: number[]) => ({
    min: paiseToRupees(Math.min(...values)),
    max: paiseToRupees(Math.max(...values)),
  });
  if (zones.length === 0) {
    return {
      everyPinCode: true,
      areas: 0,
      deliveryFee: { min: 0, max: 0 },
      minOrder: { min: 0, max: 0 },
      freeAbove: null,
    };
  }
  const freeAbove = zones.map((zone) => zone.freeAbovePaise);
  return {
    everyPinCode: false,
    areas: zones.length,
    deliveryFee: range(zones.map((zone) => zone.deliveryFeePaise)),
    minOrder: range(zones.map((zone) => zone.minOrderPaise)),
    freeAbove: freeAbove.every((paise) => paise !== null) ? paiseToRupees(Math.max(...(freeAbove as number[]))) : null,
  };
}

/** 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Today and the next 6 days, shop dates. */
export function bookableDates(now: Date): string[] {
  const today = shopDateOf(now);
  return Array.from({ length: SLOT_DAYS_AHEAD }, (_, i) => addDays(today, i));
}

/** The zone with the longest prefix of the PIN code, or null. Prefixes are unique across zones. */
export function matchZone<Z extends ZoneRule>(zones: readonly Z[], pinCode: string): Z | null {
  let best: Z | null = null;
  let bestLength = 0;
  for (const zone of zones) {
    for (const prefix of zone.pinPrefixes) {
      if (prefix.length > bestLength && pinCode.startsWith(prefix)) {
        best = zone;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/** Empty zone list: every zone; a shop without zones (zoneId null) is served by those only. */
export function servesZone(template: TemplateRule, zoneId: string | null): boolean {
  return template.zoneIds.length === 0 || (zoneId !== null && template.zoneIds.includes(zoneId));
}

/** A slot takes orders until `cutoffMinutes` before its start. */
export function closesAt(template: TemplateRule, date: string): Date {
  return shopInstant(date, template.startMinute - template.cutoffMinutes);
}

export function isOpen(template: TemplateRule, date: string, now: Date): boolean {
  return now.getTime() < closesAt(template, date).getTime();
}

/** Places left; null when the slot has no limit. */
export function remainingPlaces(template: TemplateRule, booked: number): number | null {
  return template.capacity === null ? null : Math.max(0, template.capacity - booked);
}

export interface SlotOnDate<T extends TemplateRule = TemplateRule> {
  template: T;
  date: string;
  isOpen: boolean;
}

/** Earliest first: by date, start, end, then template id so equal slots keep one order. */
function compareSlots(a: SlotOnDate, b: SlotOnDate): number {
  return (
    a.date.localeCompare(b.date) ||
    a.template.startMinute - b.template.startMinute ||
    a.template.endMinute - b.template.endMinute ||
    a.template.id.localeCompare(b.template.id)
  );
}

const NO_CLOSED_DATES: ReadonlySet<string> = new Set();

/**
 * Every slot of the bookable dates serving the zone, earliest first, open or not (not on the
 * shop's closed dates: decision 0064).
 */
export function slotsAhead<T extends TemplateRule>(
  templates: readonly T[],
  now: Date,
  zoneId: string | null,
  closedDates: ReadonlySet<string> = NO_CLOSED_DATES,
): SlotOnDate<T>[] {
  const slots: SlotOnDate<T>[] = [];
  for (const date of bookableDates(now)) {
    const weekday = weekdayOf(date);
    for (const template of templates) {
      if (template.days.includes(weekday) && servesZone(template, zoneId)) {
        slots.push({ template, date, isOpen: !closedDates.has(date) && isOpen(template, date, now) });
      }
    }
  }
  return slots.sort(compareSlots);
}

export const bookingKey = (templateId: string, date: string) => slotIdOf(templateId, date);

export type SlotRefusal = 'unknown' | 'foreign' | 'closed' | 'full';

/**
 * Whether a chosen slot (template and date) can take one more order: unknown when no such slot
 * exists (no template, or not on that weekday), foreign when it does not serve the zone, closed
 * past its cut-off, outside the bookable week or on a day the shop is closed, full at capacity.
 * Null: it can.
 */
export function refuseSlot(
  template: TemplateRule | undefined,
  date: string,
  now: Date,
  zoneId: string | null,
  booked: number,
  closedDates: ReadonlySet<string> = NO_CLOSED_DATES,
): SlotRefusal | null {
  if (!template || !isCalendarDate(date) || !template.days.includes(weekdayOf(date))) return 'unknown';
  if (!servesZone(template, zoneId)) return 'foreign';
  if (!bookableDates(now).includes(date) || closedDates.has(date) || !isOpen(template, date, now)) return 'closed';
  const remaining = remainingPlaces(template, booked);
  if (remaining !== null && remaining <= 0) return 'full';
  return null;
}

// ---- what the shopper reads ----

export const notServedMessage = (pinCode: string) => serverMessage('notDeliveredTo', { pin: pinCode });

/** "We deliver to 411001: Pune, free above ₹500". */
export function servedMessage(pinCode: string, zone: ZoneRule | null): string {
  const parts: string[] = zone ? [zone.name] : [];
  if (!zone || zone.deliveryFeePaise === 0) parts.push('free delivery');
  else if (zone.freeAbovePaise !== null) parts.push(`free above ${formatRupees(paiseToRupees(zone.freeAbovePaise))}`);
  else parts.push(`delivery ${formatRupees(paiseToRupees(zone.deliveryFeePaise))}`);
  if (zone && zone.minOrderPaise > 0) parts.push(`minimum order ${formatRupees(paiseToRupees(zone.minOrderPaise))}`);
  return `We deliver to ${pinCode}: ${parts.join(', ')}`;
}

export const belowMinimumMessage = (zone: ZoneRule, subtotalPaise: number) =>
  serverMessage('belowMinimumOrder', {
    zone: zone.name,
    minimum: formatRupees(paiseToRupees(zone.minOrderPaise)),
    subtotal: formatRupees(paiseToRupees(subtotalPaise)),
  });

export const unknownSlotMessage = (slotId: string) => serverMessage('unknownSlot', { id: slotId });

export function refusedSlotMessage(
  refusal: Exclude<SlotRefusal, 'unknown'>,
  template: TemplateRule,
  date: string,
  pinCode: string,
): CodedMessage {
  const slot = { start: formatMinuteOfDay(template.startMinute), end: formatMinuteOfDay(template.endMinute), date };
  switch (refusal) {
    case 'full':
      return serverMessage('slotIsFull', slot);
    case 'closed':
      return serverMessage('slotIsClosed', slot);
    case 'foreign':
      return serverMessage('slotNotForPin', { ...slot, pin: pinCode });
  }
}

export const noSlotMessage = (pinCode: string) => serverMessage('noSlotFree', { pin: pinCode, days: SLOT_DAYS_AHEAD });

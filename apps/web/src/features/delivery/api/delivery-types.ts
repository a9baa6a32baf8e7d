/**
 * The delivery shapes as the browser uses them (contract: "Delivery zones and slots"). Amounts
 * arrive as ₹ numbers or numeric strings; `toZone` and friends turn them into numbers once, here,
 * so no screen parses money.
 */
import {
  type DeliveryTerms,
  deliveryFeePaise,
  FREE_DELIVERY,
  paiseToRupees,
  rupeesToPaise,
} from '@mandi/shared/kernel';

export interface Zone {
  _id: string;
  name: string;
  pinPrefixes: string[];
  /** ₹ */
  minOrder: number;
  /** ₹ */
  deliveryFee: number;
  /** ₹, or null: the fee is always charged. */
  freeAbove: number | null;
}

/** A template on a date, as the shopper's slot listing gives it. */
export interface DeliverySlotOption {
  _id: string;
  /** YYYY-MM-DD in Asia/Kolkata */
  date: string;
  /** HH:MM */
  start: string;
  end: string;
  /** Places left, or null for no limit. */
  remaining: number | null;
  isAvailable: boolean;
}

/** The slot an order is booked in (Order.deliverySlot). */
export interface BookedSlot {
  _id: string;
  date: string;
  start: string;
  end: string;
}

export interface SlotTemplate {
  _id: string;
  /** Weekdays, 0 = Sunday. */
  days: number[];
  start: string;
  end: string;
  /** Most orders per date, or null for no limit. */
  capacity: number | null;
  cutoffMinutes: number;
  /** Empty: every zone. */
  zoneIds: string[];
}

export interface DayBookingOrder {
  _id: string;
  /** The customer's name. */
  name?: string;
  pinCode?: string;
  /** ₹ */
  total?: number;
  status?: string;
}

export interface DaySlotBookings {
  _id: string;
  start: string;
  end: string;
  capacity: number | null;
  booked: number;
  orders: DayBookingOrder[];
}

const money = (value: unknown): number => {
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : 0;
};

export interface ZoneFromApi {
  _id: string;
  name: string;
  pinPrefixes: string[];
  minOrder: number | string;
  deliveryFee: number | string;
  freeAbove: number | string | null;
}

export function toZone(zone: ZoneFromApi): Zone {
  return {
    _id: zone._id,
    name: zone.name,
    pinPrefixes: [...zone.pinPrefixes],
    minOrder: money(zone.minOrder),
    deliveryFee: money(zone.deliveryFee),
    freeAbove: zone.freeAbove === null || zone.freeAbove === undefined ? null : money(zone.freeAbove),
  };
}

/** A zone's fee terms in paise, for the kernel's fee rule (no zone: the shop's free delivery). */
export const termsOfZone = (zone: Zone | null): DeliveryTerms =>
  zone
    ? {
        feePaise: rupeesToPaise(zone.deliveryFee),
        freeAbovePaise: zone.freeAbove === null ? null : rupeesToPaise(zone.freeAbove),
      }
    : FREE_DELIVERY;

/** The fee (₹) a cart of `subtotal` ₹ pays in `zone`, by the kernel's rule. */
export const deliveryFeeFor = (zone: Zone | null, subtotal: number): number =>
  paiseToRupees(deliveryFeePaise(termsOfZone(zone), rupeesToPaise(subtotal)));

/**
 * "Today" on the admin dashboard (`GET /api/admin/dashboard/today`, docs/decisions/0026-today-on-the-dashboard.md):
 * the owner's morning questions in one answer; and the top products of the last 30 days
 * (`GET /api/admin/dashboard/top-products`). Money in rupees, quantities in each one's own unit
 * (decision 0022: nothing is added across units), dates shop dates.
 */
import { z } from 'zod';
import { UNITS } from '../kernel/units.js';

/** A quantity in its unit: 2.75 (kg), 2 (litres), 1 (dozen). */
export const unitQuantitySchema = z.object({
  unit: z.enum(UNITS),
  quantity: z.number(),
});
export type UnitQuantity = z.infer<typeof unitQuantitySchema>;

/** What one slot (or the orders of the day without a slot, or the whole day) still asks for. */
export const todayFiguresSchema = z.object({
  /** Orders not yet weighed and packed (Processing, never packed). */
  ordersToPack: z.number().int(),
  /** Orders packed, shipped or delivered: with `ordersToPack`, every order of the slot not cancelled. */
  ordersPacked: z.number().int(),
  /** The ordered kg of the orders to pack: the kg lines only (a litre, a dozen or a bunch is no kg). */
  kgToPack: z.number(),
  /**
   * The ordered quantities of the orders to pack, one entry per unit that has any, in the order of
   * the kernel's units (kg, litre, piece, dozen, bunch, pack).
   */
  toPackByUnit: z.array(unitQuantitySchema),
  /** ₹ still to collect on delivery: the orders not paid yet, at the final bill once packed, else the estimate. */
  cashToCollect: z.number(),
});
export type TodayFigures = z.infer<typeof todayFiguresSchema>;

/** One of today's delivery slots: every slot template that runs today, and any slot orders still name. */
export const todaySlotSchema = todayFiguresSchema.extend({
  /** The slot's `_id` (`{templateId}_{date}`), as the slot listing and the orders table filter take it. */
  slotId: z.string(),
  /** "HH:MM", shop time. */
  start: z.string(),
  end: z.string(),
});

/** The products low on stock now, each judged in its own unit. */
export const lowStockSchema = z.object({
  /** The mark per unit, every unit: a product is low below its unit's mark (5 kg, 10 bunches). */
  below: z.array(unitQuantitySchema),
  /** At most 50, emptiest first (stock as a share of its unit's mark), then by name. */
  products: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      unit: z.enum(UNITS),
      /** In `unit`; 0 or less is out of stock. */
      stock: z.number(),
    }),
  ),
});
export type LowStock = z.infer<typeof lowStockSchema>;

export const dashboardTodayAnswerSchema = z.object({
  success: z.literal(true),
  /** Today's shop date, YYYY-MM-DD. */
  date: z.string(),
  /** Today's slots by start time. */
  slots: z.array(todaySlotSchema),
  /** The orders placed today without a slot (they are packed today, as the pick list counts them). */
  unslotted: todayFiguresSchema,
  /** The slots and the unslotted orders added up. */
  totals: todayFiguresSchema,
  /** Bills made (packed, shipped or delivered orders) and not paid, whatever their date. */
  unpaidBills: z.object({ count: z.number().int(), amount: z.number() }),
  /**
   * Today's money (contract part 4): the Cash and UPI payments recorded on online orders, and the
   * counter's sales made today and not taken back, by tender (₹).
   */
  takings: z.object({
    online: z.object({ payments: z.number().int(), amount: z.number() }),
    counter: z.object({
      sales: z.number().int(),
      amount: z.number(),
      cash: z.number(),
      upi: z.number(),
      khata: z.number(),
    }),
  }),
  /**
   * Complaints past a deadline (decision 0030): still Open 48 hours after they were made, or not
   * Resolved after 30 days.
   */
  overdueComplaints: z.number().int(),
  /** Complaints not yet Resolved (Open or Acknowledged). */
  openComplaints: z.number().int(),
  /** The products low on stock as the answer is made (exact, like the rest of this answer). */
  lowStock: lowStockSchema,
  /**
   * What a live shop still lacks (issue 42), at a production start only: coded messages naming
   * the setting (PUBLIC_URL, SMTP_URL, MAIL_FROM, SHOP_GSTIN). Empty otherwise.
   */
  setupWarnings: z
    .array(
      z.object({
        code: z.string(),
        values: z.record(z.string(), z.union([z.string(), z.number()])),
        message: z.string(),
      }),
    )
    .optional(),
});
export type DashboardTodayAnswer = z.infer<typeof dashboardTodayAnswerSchema>;

/** One product's sales in one unit over the period (a product whose unit changed has a row per unit). */
export const topProductSchema = z.object({
  /** Null once the product is deleted (its lines keep the name). */
  productId: z.string().nullable(),
  name: z.string(),
  unit: z.enum(UNITS),
  /** Sold in `unit`: the packed quantity once packed, else the ordered one. */
  quantity: z.number(),
  /** ₹ of those lines: the packed amount once packed, else the ordered one (before fees and discounts). */
  amount: z.number(),
});

/**
 * The ten products with the most ₹ sold on the orders placed from `from` to `to` (the last 30 shop
 * dates, today included), cancelled orders left out. Read as of `figuresAsOf`: they may lag the
 * orders by a minute (decision 0047).
 */
export const dashboardTopProductsAnswerSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  figuresAsOf: z.string(),
  products: z.array(topProductSchema),
});
export type DashboardTopProductsAnswer = z.infer<typeof dashboardTopProductsAnswerSchema>;

/**
 * "Today" on the admin dashboard (`GET /api/admin/dashboard/today`, docs/decisions/0026-today-on-the-dashboard.md):
 * the owner's morning questions in one answer. Money in rupees, weights in kg, the date a shop
 * date (Asia/Kolkata).
 */
import { z } from 'zod';

/** What one slot (or the orders of the day without a slot, or the whole day) still asks for. */
export const todayFiguresSchema = z.object({
  /** Orders not yet weighed and packed (Processing, never packed). */
  ordersToPack: z.number().int(),
  /** Orders packed, shipped or delivered: with `ordersToPack`, every order of the slot not cancelled. */
  ordersPacked: z.number().int(),
  /** The ordered kg of the orders to pack, weight lines only. */
  kgToPack: z.number(),
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
export type TodaySlot = z.infer<typeof todaySlotSchema>;

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
   * Complaints past a deadline (decision 0030): still Open 48 hours after they were made, or not
   * Resolved after 30 days.
   */
  overdueComplaints: z.number().int(),
  /** Complaints not yet Resolved (Open or Acknowledged). */
  openComplaints: z.number().int(),
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

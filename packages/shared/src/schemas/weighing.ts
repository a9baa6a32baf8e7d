/**
 * Weighing and the final bill on the wire (docs/product.md#weighing-and-final-bills): the pack
 * request, the pick list query, and the shapes the server answers with. Weights are kilograms
 * (numbers or numeric strings, whole grams), money rupees.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { UNITS } from '../kernel/units.js';
import { isShopDateInRange, shopDateRangeMessage } from './common.js';

/** The most lines an order holds (the checkout's own limit), so a pack request is never longer. */
const MAX_PACK_LINES = 50;

const PACKED_QUANTITY_MESSAGE = 'Each packed quantity must be a number of Kg, such as 0.96 or "1.04"';

/** `PUT /api/admin/orders/{id}/pack`: every order item once, its packed kilograms (0 = not available). */
export const packOrderBodySchema = z.object(
  {
    items: z
      .array(
        z
          .object({
            _id: z.string({ error: 'Each packed item needs the order item _id' }).trim().min(1).max(100),
            // Exact reading (whole grams, at most 110 %) is the server's weighing rule; here only the type.
            packedQuantity: z.union([z.number(), z.string().max(20)], { error: PACKED_QUANTITY_MESSAGE }).optional(),
            /** Decision 0043: another product sent in place of the ordered one, instead of `packedQuantity`. */
            substitute: z
              .object(
                {
                  productId: z.string({ error: 'substitute.productId must be a product id' }).trim().min(1).max(100),
                  packedQuantity: z.union([z.number(), z.string().max(20)], { error: PACKED_QUANTITY_MESSAGE }),
                },
                { error: 'substitute must be { productId, packedQuantity }' },
              )
              .optional(),
          })
          .refine((item) => (item.packedQuantity === undefined) !== (item.substitute === undefined), {
            message: 'Each packed item needs either packedQuantity or substitute, not both',
          }),
        {
          error:
            'items must be a list of { _id, packedQuantity } or { _id, substitute: { productId, packedQuantity } }',
        },
      )
      .min(1, 'Every item of the order must be weighed')
      .max(MAX_PACK_LINES, `An order holds at most ${MAX_PACK_LINES} items`),
    /**
     * Decision 0055: a khata order whose packed bill takes the khata past its limit is refused
     * (409 `khataOverLimitAtPacking`) unless the admin packs it over the limit on purpose; the
     * choice is written on the khata entry.
     */
    overKhataLimit: z.boolean({ error: 'overKhataLimit must be true or false' }).optional(),
  },
  { error: 'The body must be { items: [{ _id, packedQuantity }] }' },
);

/** `PUT /api/user/my/order/{id}/cancel` takes no body; an empty object is accepted, anything else refused. */
export const cancelOrderBodySchema = z
  .strictObject({}, { error: 'Cancelling an order takes no body' })
  .optional()
  .meta({ description: 'No body (or {})' });

/** A shop date, `YYYY-MM-DD`, that exists in the calendar. */
export const shopDateSchema = z
  .string({ error: 'date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'date must be a real calendar date (YYYY-MM-DD)')
  .refine(isShopDateInRange, shopDateRangeMessage('date'));

/** `GET /api/admin/picklist?date=&format=`: the date defaults to today in the shop's time. */
export const picklistQuerySchema = z.object({
  date: shopDateSchema.optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});

export const picklistItemSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  /** How much to buy and pack, in `unit`, summed over the date's Processing orders. */
  quantity: z.number(),
  /** How many of those orders hold the product. */
  orders: z.number().int(),
  /** Those orders' numbers, smallest first, shown #1042 (decision 0023). */
  orderNumbers: z.array(z.number().int()).optional(),
  /** The unit the product was ordered in (kg, litre, piece, dozen, bunch, pack); kg when absent. */
  unit: z.enum(UNITS).optional(),
  /** Decision 0043: the numbers of those orders whose shopper takes a similar item, and who wants a call, when it is short. */
  similarOrderNumbers: z.array(z.number().int()).optional(),
  callOrderNumbers: z.array(z.number().int()).optional(),
});
export type PicklistItem = z.infer<typeof picklistItemSchema>;

export const picklistAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  items: z.array(picklistItemSchema),
});

/** What the admin dashboard answer adds for a seller's morning (GET /api/user/admin/stats). */
export const dashboardFiguresSchema = z.object({
  /** Last 30 shop dates, oldest first, every date present: the amount due of the orders placed that day, cancelled excluded. */
  billedByDay: z.array(z.object({ date: z.string(), amount: z.number() })),
  ordersByStatus: z.object(Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()]))),
  /** The ten products with the most kg sold (packed weight once packed, else ordered; cancelled excluded). */
  topProducts: z.array(z.object({ productId: z.string().nullable(), name: z.string(), quantity: z.number() })),
  /** Products with less than 5 kg in stock, least first. */
  lowStock: z.array(z.object({ _id: z.string(), name: z.string(), stock: z.number() })),
  /** When billedByDay and topProducts were read (ISO time): they may lag the orders by a minute (decision 0047). */
  figuresAsOf: z.string().optional(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/**
 * The whole data model. Money is kept in paise and weights in grams (integers), so arithmetic is
 * exact; the API edge converts to rupees and kilograms.
 */
import type { CouponTerms } from '@mandi/shared/kernel';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['Admin', 'User']);
export const orderStatusEnum = pgEnum('order_status', ['Processing', 'Shipped', 'Delivered', 'Cancelled']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('User'),
    /** The interface language the user chose ('en' or 'hi', decision 0011): their mails are written in it. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /**
     * When the person behind the address followed the link mailed to it (or a reset link, decision
     * 0055). Until then the address gets the confirmation and reset mails only: an account cannot
     * send the shop's order, complaint or goodbye mails to somebody else's inbox.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_language_known', sql`${t.language} in ('en', 'hi')`),
    /** The admin users search is `lower(...) like '%text%'` on the full name or the email: trigram indexes serve it. */
    index('users_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/**
 * A shopper's saved addresses (accounts module, decision 0025): the checkout's shipping fields with a
 * label. `last_used_at` is set when an order placed to the same address commits; checkout offers the
 * most recent first. The rows go with the user (cascade).
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    pinCode: text('pin_code').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('saved_addresses_user_idx').on(t.userId)],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Mailed links that confirm a user's address (decision 0055): stored hashed, single use, a week long. */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmation_tokens_user_idx').on(t.userId)],
);

/** Uploaded and seeded pictures, re-encoded by the server; kept in the database so every process sees them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name in Hindi ("सब्ज़ियाँ"); empty when the shop gave none, and the English name is shown. */
    nameHi: text('name_hi').notNull().default(''),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ratePaise: integer('rate_paise').notNull(),
    stockGrams: integer('stock_grams').notNull(),
    /** The quantities a shopper may pick, thousandths of the unit (kernel units.ts). */
    weightOptionsGrams: integer('weight_options_grams').array().notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Other names shoppers type ("aloo", "आलू"); searched like the name. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Name and aliases, one per line, folded as normaliseSearchText folds a query (lower case, no
     * accents, no nukta). Generated, so every writer (seeds, restores, tests) keeps it right; the
     * function is created by hand in the migration that adds the column.
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`product_search_text(name, aliases)`),
    /**
     * HSN code (4-8 digits) and GST percent (prices include it), copied onto each order line when
     * sold. The defaults (fresh vegetables, exempt) are what products of older databases get; new
     * products take their category's defaults (modules/billing/billing.tax-codes.ts). Decision 0010.
     */
    hsnCode: text('hsn_code').notNull().default('0709'),
    gstRate: smallint('gst_rate').notNull().default(0),
    /**
     * What the rate is per and quantities are counted in (kernel units.ts, decision 0022): stock
     * and options are thousandths of it, whatever their column's name says (grams for kg).
     */
    unit: text('unit').notNull().default('kg'),
    /**
     * What a unit of the stock on hand cost, in paise (api-contract-shop "Buying at the mandi"): the
     * moving average of the landed cost of purchases; null until the first purchase.
     */
    costRatePaise: integer('cost_rate_paise'),
  },
  (t) => [
    check('products_cost_rate_non_negative', sql`${t.costRatePaise} is null or ${t.costRatePaise} >= 0`),
    check('products_unit_known', sql`${t.unit} in ('kg', 'litre', 'piece', 'dozen', 'bunch', 'pack')`),
    check('products_stock_non_negative', sql`${t.stockGrams} >= 0`),
    check('products_hsn_code_digits', sql`${t.hsnCode} ~ '^[0-9]{4,8}$'`),
    check('products_gst_rate_slab', sql`${t.gstRate} in (0, 5, 12, 18, 40)`),
    check('products_rate_non_negative', sql`${t.ratePaise} >= 0`),
    index('products_category_rate_idx').on(t.categoryId, t.ratePaise),
    index('products_rate_idx').on(t.ratePaise),
    index('products_created_idx').on(t.createdAt.desc(), t.id),
    index('products_name_lower_idx').on(sql`lower(${t.name})`),
    /** Keyword search is `search_text like '%word%'` or trigram word similarity: only a trigram index serves them. */
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The number people read out (`#1042`, decision 0023): taken from one sequence when the order is
     * inserted, so it is unique across processes, never reused and larger than every earlier
     * order's (gaps allowed: a rolled-back placing spends its number). Starts at 1001.
     */
    orderNumber: integer('order_number')
      .notNull()
      .generatedByDefaultAsIdentity({ name: 'orders_order_number_seq', startWith: 1001 }),
    /** Null once the customer's account is deleted; the name below keeps the order readable. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    /**
     * The amount due, the lines + the adjustments (delivery fee, round-off...): the estimate until
     * packed, then the final bill on the packed weights (modules/orders/orders.adjustments.ts).
     */
    totalPaise: integer('total_paise').notNull(),
    /** The total when placed, on the ordered weights; never changed. */
    estimatedTotalPaise: integer('estimated_total_paise').notNull(),
    /** When the order was last weighed and packed; null until then. */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    /**
     * The order's adjustments added up (`order_adjustments`), written with the total in the same
     * statement, so the lines' subtotal stays a derived column. 0 for an order without any.
     */
    adjustmentsPaise: integer('adjustments_paise').notNull().default(0),
    /**
     * The zone's delivery terms when the order was placed, kept so that the final bill judges
     * "free above" on the packed subtotal by the terms the shopper was shown, whatever the zone
     * says later. 0 and null: no fee (no zone, or orders from before zones).
     */
    deliveryFeePaise: integer('delivery_fee_paise').notNull().default(0),
    freeAbovePaise: integer('free_above_paise'),
    /** The lines' amounts: derived, so no writer (seed, scale data, old rows) can make it disagree. */
    subtotalPaise: integer('subtotal_paise').notNull().generatedAlwaysAs(sql`total_paise - adjustments_paise`),
    /**
     * The delivery slot booked (a slot template on a shop date), with its times copied so that
     * editing or deleting the template later never rewrites an order's promise. No foreign key.
     */
    slotTemplateId: uuid('slot_template_id'),
    slotDate: date('slot_date', { mode: 'string' }),
    slotStartMinute: smallint('slot_start_minute'),
    slotEndMinute: smallint('slot_end_minute'),
    status: orderStatusEnum('status').notNull().default('Processing'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    pinCode: text('pin_code').notNull(),
    /** Sent by the browser per checkout, so a double click cannot place the same order twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    /**
     * The bill (decisions 0010, 0055): `{series}/{YY-YY}/{000001}` (at most 16 characters), given
     * once when the order is first packed (or shipped unpacked) from `invoice_counters`, inside
     * that transaction; kept when re-packed or cancelled. Null before. `invoiced_at` is the bill's
     * date. Numbers issued before decision 0055 keep their form, `MANDI/2026-27/000001`.
     */
    invoiceNumber: text('invoice_number'),
    /** The number's series (`INVOICE_PREFIX` for online orders: `MND`). */
    invoiceSeries: text('invoice_series'),
    /** The Indian financial year of the number, `2026-27`, and its sequence in that series and year. */
    invoiceYear: text('invoice_year'),
    invoiceSeq: integer('invoice_seq'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /**
     * How the shopper chose to pay at checkout: 'COD' (cash or UPI when delivered) or 'Khata' (the
     * final bill goes on the shopper's khata when packed; decision 0034).
     */
    paymentTerms: text('payment_terms').$type<'COD' | 'Khata'>().notNull().default('COD'),
    /**
     * The coupon the order was placed with, its terms as they were then (decision 0044): packing
     * judges the discount again by them. Null: no coupon. Kept when packing removes the discount.
     */
    coupon: jsonb('coupon').$type<CouponTerms>(),
    /**
     * The payment (once): 'Cash' or 'UPI' as an admin recorded it, with its reference (UTR) and who
     * recorded it; 'Khata' (no reference) when a khata order's bill went on the khata at packing.
     */
    paymentMethod: text('payment_method').$type<'Cash' | 'UPI' | 'Khata'>(),
    paymentReference: text('payment_reference'),
    /**
     * What the payment took (Cash or UPI), in paise: the bill's total when it was paid. A refund
     * repays this, never a later total (decision 0055); a paid order is not packed again.
     */
    paidPaise: integer('paid_paise'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentRecordedBy: uuid('payment_recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The refund of a paid order the shop cancelled (decision 0032): 'Cash', 'UPI' (reference: the
     * UTR) or 'Khata', the amount paid back, when and by whom. At most one; null for the rest.
     */
    refundMethod: text('refund_method').$type<'Cash' | 'UPI' | 'Khata'>(),
    refundReference: text('refund_reference'),
    refundAmountPaise: integer('refund_amount_paise'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    uniqueIndex('orders_invoice_number_unique').on(t.invoiceNumber),
    /** One number per series and year; the bills register reads a month's bills in this order. */
    uniqueIndex('orders_invoice_series_year_seq_unique').on(t.invoiceSeries, t.invoiceYear, t.invoiceSeq),
    /** The bills register reads a month of bills by their date. */
    index('orders_invoiced_idx').on(t.invoicedAt),
    /**
     * The dashboard's unpaid bills (decision 0026): bills made and not paid, summed from the index
     * alone (a handful of rows in a running shop, however many orders it holds). The cancelled ones
     * are left out by the `status` key: a predicate naming the enum value 'Cancelled' would fail
     * when one transaction migrates from before 0002, which adds that value.
     */
    index('orders_unpaid_bills_idx')
      .on(t.status, t.totalPaise)
      .where(sql`${t.invoiceNumber} is not null and ${t.paidAt} is null`),
    check('orders_payment_method', sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('Cash', 'UPI', 'Khata')`),
    check('orders_payment_terms', sql`${t.paymentTerms} in ('COD', 'Khata')`),
    /** A shopper's khata orders not yet billed count against the khata's available credit. */
    index('orders_khata_user_idx').on(t.userId).where(sql`${t.paymentTerms} = 'Khata'`),
    check('orders_refund_method', sql`${t.refundMethod} is null or ${t.refundMethod} in ('Cash', 'UPI', 'Khata')`),
    check(
      'orders_refund_whole',
      sql`(${t.refundMethod} is null) = (${t.refundedAt} is null) and (${t.refundMethod} is null) = (${t.refundAmountPaise} is null)`,
    ),
    check('orders_refund_amount_positive', sql`${t.refundAmountPaise} is null or ${t.refundAmountPaise} > 0`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    /** Status and total: the dashboard counts orders per status and sums the delivered ones from the index alone (decision 0047). */
    index('orders_status_total_idx').on(t.status, t.totalPaise),
    index('orders_slot_idx').on(t.slotDate, t.slotTemplateId),
    /**
     * The admin orders search (issue 42) is `lower(name) like '%text%'` on the shopper's name as on
     * the order and `mobile_number like '%digits%'`: trigram indexes serve both, as for users.
     */
    index('orders_customer_name_trgm_idx').using(
      'gin',
      sql`lower(${t.customerFirstName} || ' ' || ${t.customerLastName}) gin_trgm_ops`,
    ),
    index('orders_mobile_trgm_idx').using('gin', sql`${t.mobileNumber} gin_trgm_ops`),
    /** The day's cash close (decision 0033) sums the Cash payments recorded in a shop day. */
    index('orders_cash_paid_idx').on(t.paidAt).where(sql`${t.paymentMethod} = 'Cash'`),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    check('orders_total_non_negative', sql`${t.totalPaise} >= 0`),
    check('orders_estimated_total_non_negative', sql`${t.estimatedTotalPaise} >= 0`),
  ],
);

/**
 * What participants add to an order besides its lines (decision 0017): the delivery fee, the
 * round-off to whole rupees, later a discount or a credit. One row per source module and kind per
 * order, never a row of 0; signed paise. `tax_treatment` tells the bill how to tax it:
 * `principal-supply` (part of a composite supply, taxed at the rate of the main goods, like the
 * delivery charge) or `outside-supply` (not a supply at all, printed after the tax, like the
 * round-off).
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taxTreatment: text('tax_treatment', { enum: ['principal-supply', 'outside-supply', 'discount'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.source, t.kind] }),
    check(
      'order_adjustments_tax_treatment',
      sql`${t.taxTreatment} in ('principal-supply', 'outside-supply', 'discount')`,
    ),
    check('order_adjustments_not_zero', sql`${t.amountPaise} <> 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; name, image and rate are kept as sold. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    quantityGrams: integer('quantity_grams').notNull(),
    /** The weight weighed when packing; null until packed, 0 when the item was not available. */
    packedGrams: integer('packed_grams'),
    ratePaise: integer('rate_paise').notNull(),
    /** Rate × packed grams once packed, rate × ordered grams before, rounded half up to the paisa. */
    amountPaise: integer('amount_paise').notNull(),
    position: smallint('position').notNull(),
    /** The product's HSN code and GST percent when sold, so a later product edit never changes a bill. */
    hsnCode: text('hsn_code').notNull().default('0709'),
    gstRate: smallint('gst_rate').notNull().default(0),
    /** The product's unit when ordered: quantities and packed amounts are thousandths of it (decision 0022). */
    unit: text('unit').notNull().default('kg'),
    /** The product's cost per unit (paise) when the line was packed, for the margin report; null: unknown. */
    costRatePaise: integer('cost_rate_paise'),
    /** The shopper's wish when the product is short (decision 0043): 'similar', 'call' or 'skip'. */
    substitution: text('substitution').notNull().default('skip'),
    /**
     * What was sent in its place, set when packed with a substitute (null otherwise): then
     * `packed_grams`, `amount_paise` and `cost_rate_paise` are the substitute's. The product id is
     * null once that product is deleted; the name, rate, HSN code and GST rate are kept as sent.
     */
    substituteProductId: uuid('substitute_product_id').references(() => products.id, { onDelete: 'set null' }),
    substituteName: text('substitute_name'),
    substituteRatePaise: integer('substitute_rate_paise'),
    substituteHsnCode: text('substitute_hsn_code'),
    substituteGstRate: smallint('substitute_gst_rate'),
  },
  (t) => [
    check('order_items_substitution_known', sql`${t.substitution} in ('similar', 'call', 'skip')`),
    check(
      'order_items_substitute_whole',
      sql`(${t.substituteName} is null) = (${t.substituteRatePaise} is null) and (${t.substituteName} is null) = (${t.substituteHsnCode} is null) and (${t.substituteName} is null) = (${t.substituteGstRate} is null)`,
    ),
    index('order_items_substitute_product_idx').on(t.substituteProductId),
    check('order_items_unit_known', sql`${t.unit} in ('kg', 'litre', 'piece', 'dozen', 'bunch', 'pack')`),
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_non_negative', sql`${t.quantityGrams} >= 0`),
    check('order_items_packed_non_negative', sql`${t.packedGrams} >= 0`),
    check('order_items_amount_non_negative', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * Every change of an order's weights, amounts and status: who (null for the system), when, and
 * from what to what, so a changed price can always be explained.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system, or once the account is deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'placed', 'packed', 'status', 'cancelled', 'payment' or 'refund'. */
    kind: text('kind').notNull(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_user_unique').on(t.userId),
    index('reviews_created_idx').on(t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Finished PDFs (bills) by what they print (the PDF pool's document key, decision 0052): drawn
 * once by whichever process packs the order, served by every process after. A copy, never the
 * record: the orders make the bill again whenever a row here is missing or pruned.
 */
export const drawnDocuments = pgTable(
  'drawn_documents',
  {
    key: text('key').primaryKey(),
    pdf: bytea('pdf').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drawn_documents_drawn_at_idx').on(t.drawnAt)],
);

/** Fixed-window counters for rate limits, shared by every server process on the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Where the shop delivers: a PIN code belongs to the zone with the longest matching prefix. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 1-6 digits each. */
    pinPrefixes: text('pin_prefixes').array().notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    deliveryFeePaise: integer('delivery_fee_paise').notNull().default(0),
    /** The fee is waived from this subtotal on; null: never. */
    freeAbovePaise: integer('free_above_paise'),
    createdAt: createdAt(),
  },
  (t) => [
    check('delivery_zones_min_order_non_negative', sql`${t.minOrderPaise} >= 0`),
    check('delivery_zones_fee_non_negative', sql`${t.deliveryFeePaise} >= 0`),
    check('delivery_zones_free_above_non_negative', sql`${t.freeAbovePaise} is null or ${t.freeAbovePaise} >= 0`),
  ],
);

/** A delivery window repeated on some weekdays; a slot is a template on one shop date. */
export const slotTemplates = pgTable(
  'slot_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Weekdays, 0 = Sunday. */
    days: smallint('days').array().notNull(),
    /** Minutes after midnight, shop time (Asia/Kolkata). */
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    /** Most orders per date; null: no limit. */
    capacity: integer('capacity'),
    /** The slot closes this many minutes before its start. */
    cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
    /** Empty: every zone. */
    zoneIds: uuid('zone_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'slot_templates_times',
      sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
    check('slot_templates_capacity_positive', sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check('slot_templates_cutoff_non_negative', sql`${t.cutoffMinutes} >= 0`),
  ],
);

/**
 * Orders booked per slot (template and date). Only ever changed inside an order's transaction:
 * the rows are locked before the batch is decided, then written with a guarded update.
 */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => slotTemplates.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.date] }),
    check('slot_bookings_booked_non_negative', sql`${t.booked} >= 0`),
  ],
);

/**
 * The last bill number given per series (`MND`) and Indian financial year (`2026-27`). Only ever
 * changed inside the transaction that issues a bill: `insert ... on conflict do update ...
 * returning` takes the row lock, so concurrent bills on any number of processes get consecutive
 * numbers with no gap.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_counters_pkey', columns: [t.series, t.financialYear] }),
    check('invoice_counters_last_seq_positive', sql`${t.lastSeq} >= 1`),
  ],
);

/**
 * Every UPI reference (UTR) the shop accepted as money in (decision 0055): an order's payment, a
 * khata payment, a counter tender. The primary key makes a UTR pay once across the shop, on any
 * number of processes: a second claim waits for the first transaction and then finds the row.
 * `order_id` or `khata_account_id` names what it paid, for the 409.
 */
export const upiReferences = pgTable(
  'upi_references',
  {
    utr: text('utr').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    khataAccountId: uuid('khata_account_id').references(() => khataAccounts.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('upi_references_utr_digits', sql`${t.utr} ~ '^[0-9]{12}$'`)],
);

/**
 * Order events waiting to be delivered (decision 0017): one row per event and subscriber, written
 * in the transaction of the moment that caused it, so an event exists exactly when its moment
 * committed. A dispatcher in every process claims due rows (`FOR UPDATE SKIP LOCKED`), delivers
 * them after the commit and deletes each row once its subscriber succeeded; a failure counts an
 * attempt and sets the next one later. No foreign key: an event outlives nothing it names.
 */
export const orderEventsOutbox = pgTable(
  'order_events_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').notNull(),
    /** 'placed', 'packed', 'shipped', 'delivered', 'cancelled' or 'paid'. */
    type: text('type').notNull(),
    /** The name the subscriber was registered under (app.ts). */
    subscriber: text('subscriber').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    /** Due from then on; a claim moves it a lease ahead, a failure by the backoff. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Set when the row failed its last allowed attempt (decision 0055): kept for the record with its
     * last error, never claimed again. Null while it is still to be delivered.
     */
    parkedAt: timestamp('parked_at', { withTimezone: true }),
  },
  (t) => [index('order_events_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.parkedAt} is null`)],
);

/**
 * The shop's own identity and notices (decision 0028): one row (id 1), filled from the SHOP_*
 * settings on first start, then edited by the admin. Policies are JSON objects of plain texts by
 * policy key (returns, refunds, delivery, privacy, terms).
 */
export const shopProfile = pgTable(
  'shop_profile',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    phone: text('phone'),
    email: text('email'),
    fssaiNumber: text('fssai_number'),
    gstin: text('gstin'),
    upiId: text('upi_id'),
    grievanceName: text('grievance_name'),
    grievanceEmail: text('grievance_email'),
    grievancePhone: text('grievance_phone'),
    policies: jsonb('policies').$type<Record<string, string>>().notNull(),
    policiesHi: jsonb('policies_hi').$type<Record<string, string>>().notNull(),
    about: text('about').notNull(),
    aboutHi: text('about_hi').notNull(),
    /**
     * The home page's line under the shop's name (decision 0056); like the About and the policies it
     * may hold `{shop}`, read as the shop's name as it is now, so a rename carries into the texts.
     */
    tagline: text('tagline').notNull().default('Fruit, vegetables and dairy, weighed and billed to the gram.'),
    taglineHi: text('tagline_hi').notNull().default('फल, सब्ज़ियाँ और डेयरी, तौलकर ग्राम तक का बिल।'),
    /** True while the shop shows the spec's demo identity: a demo-seeded database until the first save. */
    demo: boolean('demo').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_profile_one_row', sql`${t.id} = 1`)],
);

/**
 * Shoppers' complaints (decision 0030): the ticket number people quote (`C-000123`) from one
 * sequence, so it is unique across processes and never reused; the shop's replies in order
 * (`[{ at, status, text }]`); the deadlines are computed from `created_at`. The shopper and the
 * order are kept as links that turn null when they are deleted: the complaint stays in the books.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: integer('ticket_number')
      .notNull()
      .generatedByDefaultAsIdentity({ name: 'complaints_ticket_number_seq', startWith: 1 }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['Open', 'Acknowledged', 'Resolved'] })
      .notNull()
      .default('Open'),
    replies: jsonb('replies')
      .$type<{ at: string; status: 'Acknowledged' | 'Resolved'; text: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('complaints_ticket_number_unique').on(t.ticketNumber),
    index('complaints_user_idx').on(t.userId, t.createdAt),
    /** The admin's list and the dashboard's counts read the complaints not yet resolved, oldest first. */
    index('complaints_unresolved_idx').on(t.createdAt).where(sql`${t.status} <> 'Resolved'`),
    check('complaints_status_known', sql`${t.status} in ('Open', 'Acknowledged', 'Resolved')`),
  ],
);

/**
 * The end-of-day cash count of the delivery run (decision 0033): what the run sheet expected, the
 * Cash payments recorded that shop date and what the admin counted, in paise. A date may be closed
 * again; every close is kept and the latest one counts. The difference is counted - collected.
 */
export const cashCloses = pgTable(
  'cash_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shop date closed, YYYY-MM-DD (Asia/Kolkata). */
    date: date('date', { mode: 'string' }).notNull(),
    expectedCashPaise: integer('expected_cash_paise').notNull(),
    collectedCashPaise: integer('collected_cash_paise').notNull(),
    countedCashPaise: integer('counted_cash_paise').notNull(),
    note: text('note').notNull().default(''),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_closes_date_idx').on(t.date, t.closedAt),
    check('cash_closes_expected_non_negative', sql`${t.expectedCashPaise} >= 0`),
    check('cash_closes_collected_non_negative', sql`${t.collectedCashPaise} >= 0`),
    check('cash_closes_counted_non_negative', sql`${t.countedCashPaise} >= 0`),
  ],
);

/**
 * Stock written off (api-contract-shop "Buying at the mandi, stock cost and wastage"): how much of a
 * product (thousandths of its unit), why, and what it cost at the product's cost rate then.
 */
export const wastageEntries = pgTable(
  'wastage_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the product is deleted; the name is kept. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unit: text('unit').notNull().default('kg'),
    /** Thousandths of the unit (grams for kg). */
    quantityGrams: integer('quantity_grams').notNull(),
    reason: text('reason').$type<'rotten' | 'damaged' | 'dried' | 'own-use' | 'other'>().notNull(),
    note: text('note').notNull().default(''),
    /** The product's cost per unit when written off; null when it had none (valued at 0). */
    costRatePaise: integer('cost_rate_paise'),
    costPaise: integer('cost_paise').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('wastage_entries_created_idx').on(t.createdAt),
    index('wastage_entries_product_idx').on(t.productId, t.createdAt),
    check('wastage_entries_quantity_positive', sql`${t.quantityGrams} > 0`),
    check('wastage_entries_cost_non_negative', sql`${t.costPaise} >= 0`),
    check('wastage_entries_reason_known', sql`${t.reason} in ('rotten', 'damaged', 'dried', 'own-use', 'other')`),
  ],
);

/**
 * A regular customer's khata (decision 0034): one per shopper, with its credit limit (null: closed)
 * and its balance in paise, which always equals the sum of its entries' amounts (both are written
 * in one transaction, under this row's lock). Kept when the shopper's account is deleted (the
 * books stay), with the name it had.
 */
export const khataAccounts = pgTable(
  'khata_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    /** Where the WhatsApp reminder goes; null: the shopper's latest order's number is used. */
    mobile: text('mobile'),
    creditLimitPaise: integer('credit_limit_paise'),
    /** 64-bit: advances add up past ₹2.1 crore (32 bits) long before anything else would (decision 0055). */
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('khata_accounts_user_unique').on(t.userId),
    index('khata_accounts_balance_idx').on(t.balancePaise.desc()),
    check('khata_accounts_limit_non_negative', sql`${t.creditLimitPaise} is null or ${t.creditLimitPaise} >= 0`),
  ],
);

/**
 * The khata's entries, never changed or deleted: a packed bill, a repack's difference, a cancel's
 * reversal (or a refund credited), a payment. `seq` orders them (one sequence for the shop, so the
 * running balance is in the order they were written); amounts in paise, > 0 adds to what is owed.
 * Each order has at most one bill and one reversal, whatever number of requests arrive at once.
 */
export const khataEntries = pgTable(
  'khata_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity({ name: 'khata_entries_seq_seq' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => khataAccounts.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'bill' | 'adjustment' | 'reversal' | 'payment' | 'payout'>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    method: text('method').$type<'Cash' | 'UPI'>(),
    reference: text('reference'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('khata_entries_account_idx').on(t.accountId, t.seq),
    index('khata_entries_order_idx').on(t.orderId),
    uniqueIndex('khata_entries_one_bill_per_order').on(t.orderId).where(sql`${t.kind} = 'bill'`),
    uniqueIndex('khata_entries_one_reversal_per_order').on(t.orderId).where(sql`${t.kind} = 'reversal'`),
    uniqueIndex('khata_entries_upi_once')
      .on(t.accountId, t.reference)
      .where(sql`${t.kind} = 'payment' and ${t.method} = 'UPI'`),
    /** Cash payments of a shop day go into the day's cash close (decision 0033). */
    index('khata_entries_cash_idx').on(t.createdAt).where(sql`${t.kind} = 'payment' and ${t.method} = 'Cash'`),
    /** Cash paid out of the drawer for advances, in the day's cash close too. */
    index('khata_entries_cash_out_idx').on(t.createdAt).where(sql`${t.kind} = 'payout' and ${t.method} = 'Cash'`),
    check('khata_entries_kind_known', sql`${t.kind} in ('bill', 'adjustment', 'reversal', 'payment', 'payout')`),
    check('khata_entries_amount_not_zero', sql`${t.amountPaise} <> 0`),
    check('khata_entries_method_known', sql`${t.method} is null or ${t.method} in ('Cash', 'UPI')`),
    check('khata_entries_payment_has_method', sql`(${t.kind} in ('payment', 'payout')) = (${t.method} is not null)`),
    check('khata_entries_payment_credits', sql`${t.kind} <> 'payment' or ${t.amountPaise} < 0`),
    /** A payout gives an advance back: it debits, up to the advance (decision 0055). */
    check('khata_entries_payout_debits', sql`${t.kind} <> 'payout' or ${t.amountPaise} > 0`),
    check('khata_entries_bill_debits', sql`${t.kind} <> 'bill' or ${t.amountPaise} > 0`),
  ],
);

/**
 * The rate board's changes of a product's selling rate (decision 0036), in paise per unit. A change
 * published now is written applied (`applied_at` set, `old_rate_paise` the rate it replaced); a
 * scheduled one waits with `applied_at` null until `effective_at`, when whichever process claims it
 * first (`FOR UPDATE SKIP LOCKED`) writes the product's rate and fills both. A product has at most
 * one pending change: a later schedule replaces it. The applied rows are the product's rate history.
 */
export const rateChanges = pgTable(
  'rate_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The rate it replaced; null until applied. */
    oldRatePaise: integer('old_rate_paise'),
    newRatePaise: integer('new_rate_paise').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rate_changes_one_pending_per_product').on(t.productId).where(sql`${t.appliedAt} is null`),
    index('rate_changes_pending_due_idx').on(t.effectiveAt).where(sql`${t.appliedAt} is null`),
    index('rate_changes_history_idx').on(t.productId, t.appliedAt.desc()),
    check('rate_changes_new_rate_positive', sql`${t.newRatePaise} > 0`),
    check('rate_changes_old_rate_when_applied', sql`(${t.appliedAt} is null) = (${t.oldRatePaise} is null)`),
  ],
);

/**
 * Who the shop buys from at the mandi (decision 0035): a commission agent or a farmer, by name. A
 * purchase naming someone new creates the supplier; names are one supplier whatever their case.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('suppliers_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * A purchase at the mandi (decision 0035): one supplier, one shop date, the commission (basis points
 * of the value) and the totals in paise; `total_paise` is the sum of its lines' landed costs.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    /** The shop date bought, YYYY-MM-DD (Asia/Kolkata). */
    date: date('date', { mode: 'string' }).notNull(),
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    valuePaise: integer('value_paise').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    chargesPaise: integer('charges_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchases_date_idx').on(t.date, t.createdAt),
    index('purchases_supplier_idx').on(t.supplierId),
    check('purchases_commission_range', sql`${t.commissionBasisPoints} between 0 and 10000`),
    check(
      'purchases_amounts_non_negative',
      sql`${t.valuePaise} >= 0 and ${t.commissionPaise} >= 0 and ${t.chargesPaise} >= 0`,
    ),
    check('purchases_total_adds_up', sql`${t.totalPaise} = ${t.valuePaise} + ${t.commissionPaise} + ${t.chargesPaise}`),
  ],
);

/**
 * A line of a purchase: quantities in thousandths of the product's unit (as it was then), the rate
 * in paise per unit, and what the kernel's landed cost gave it. The product's name is kept.
 */
export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unit: text('unit').notNull().default('kg'),
    grossGrams: integer('gross_grams').notNull(),
    tareGrams: integer('tare_grams').notNull().default(0),
    netGrams: integer('net_grams').notNull(),
    ratePaise: integer('rate_paise').notNull(),
    valuePaise: integer('value_paise').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    chargesPaise: integer('charges_paise').notNull(),
    landedPaise: integer('landed_paise').notNull(),
    landedRatePaise: integer('landed_rate_paise').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_lines_position_unique').on(t.purchaseId, t.position),
    index('purchase_lines_product_idx').on(t.productId),
    check('purchase_lines_net', sql`${t.netGrams} > 0 and ${t.netGrams} = ${t.grossGrams} - ${t.tareGrams}`),
    check('purchase_lines_tare_non_negative', sql`${t.tareGrams} >= 0`),
    check('purchase_lines_rate_positive', sql`${t.ratePaise} > 0`),
    check(
      'purchase_lines_landed_adds_up',
      sql`${t.landedPaise} = ${t.valuePaise} + ${t.commissionPaise} + ${t.chargesPaise}`,
    ),
  ],
);

/** A purchase's charges (transport, labour, ...), in paise, in the order they were entered. */
export const purchaseCharges = pgTable(
  'purchase_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_charges_position_unique').on(t.purchaseId, t.position),
    check('purchase_charges_amount_non_negative', sql`${t.amountPaise} >= 0`),
  ],
);

/** Money paid to a supplier: the supplier's balance is its purchases' totals minus these. */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').$type<'Cash' | 'UPI' | 'Bank'>().notNull(),
    reference: text('reference').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('supplier_payments_supplier_idx').on(t.supplierId, t.createdAt),
    check('supplier_payments_amount_positive', sql`${t.amountPaise} > 0`),
    check('supplier_payments_method_known', sql`${t.method} in ('Cash', 'UPI', 'Bank')`),
  ],
);

/**
 * A shopper's named lists ("Weekly sabzi", decision 0042), kept by the buy-again module: the name
 * is unique per shopper whatever its case. The rows go with the user (cascade).
 */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopping_lists_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    check('shopping_lists_name_length', sql`char_length(${t.name}) between 1 and 40`),
  ],
);

/**
 * A list's products, each once, with the quantity in thousandths of the product's unit (decision
 * 0022) and the place the shopper gave it. A deleted product leaves the lists (cascade).
 */
export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantityGrams: integer('quantity_grams').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    index('shopping_list_items_product_idx').on(t.productId),
    check('shopping_list_items_quantity_positive', sql`${t.quantityGrams} > 0`),
  ],
);

/**
 * How a shopper wants to hear about their orders and khata (notifications module, decision 0045):
 * email on and WhatsApp off until they opt in with a 10-digit Indian mobile number. No row: the
 * defaults. The row goes with the user (cascade).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    whatsapp: boolean('whatsapp').notNull().default(false),
    whatsappNumber: text('whatsapp_number'),
    /**
     * When the shopper proved the number is theirs: a message from it to the shop's WhatsApp
     * (decision 0055). Cleared when the number changes; nothing is sent to it until then.
     */
    whatsappVerifiedAt: timestamp('whatsapp_verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_settings_number_format',
      sql`${t.whatsappNumber} is null or ${t.whatsappNumber} ~ '^[6-9][0-9]{9}$'`,
    ),
    check('notification_settings_whatsapp_number', sql`not ${t.whatsapp} or ${t.whatsappNumber} is not null`),
  ],
);

/**
 * The outbox of WhatsApp messages (decision 0045): one row per message, written by an order event's
 * subscriber (or the admin's khata reminder), sent by the notifications dispatcher through the Cloud
 * API, its status then moved by the webhook (sent, delivered, read, or failed). `dedupe_key` makes a
 * repeated order event write no second message. The rows go with the user (cascade).
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** 'whatsapp' (mail keeps the order events' own outbox, decision 0017). */
    channel: text('channel', { enum: ['whatsapp'] }).notNull(),
    /** The utility template's name: order_placed, order_packed, order_out_for_delivery, order_cancelled, khata_reminder. */
    template: text('template').notNull(),
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    /** The number with its country code, digits only (91XXXXXXXXXX). */
    recipient: text('recipient').notNull(),
    /** The template's body parameters, in order. */
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    /** The text the shopper reads (the template filled in), for the admin's screen. */
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Due from then on while queued; a claim moves it a lease ahead, a failure by the backoff or Retry-After. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    uniqueIndex('notification_messages_provider_id_unique').on(t.providerMessageId),
    uniqueIndex('notification_messages_dedupe_unique').on(t.dedupeKey),
    index('notification_messages_order_idx').on(t.orderId),
    index('notification_messages_user_idx').on(t.userId, t.createdAt),
    /** A number's messages of the last day are counted before another is queued (decision 0055). */
    index('notification_messages_recipient_idx').on(t.recipient, t.createdAt),
    check('notification_messages_status_known', sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed')`),
    check('notification_messages_language_known', sql`${t.language} in ('en', 'hi')`),
  ],
);

/**
 * Coupons (decision 0044): a code, flat paise off or a whole percent of the lines, from a minimum
 * subtotal, between two shop dates (inclusive), for at most `max_uses` orders (null: no limit),
 * perhaps only on a shopper's first order. Placing locks the coupon's row, so its uses are counted
 * exactly across processes.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 3-20 letters and digits, upper case. */
    code: text('code').notNull().unique('coupons_code_unique'),
    kind: text('kind').$type<'flat' | 'percent'>().notNull(),
    /** Paise for `flat`, a whole percent (1-90) for `percent`. */
    value: integer('value').notNull(),
    minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    maxUses: integer('max_uses'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_kind', sql`${t.kind} in ('flat', 'percent')`),
    check('coupons_value', sql`${t.value} > 0 and (${t.kind} = 'flat' or ${t.value} <= 90)`),
    check('coupons_dates', sql`${t.validFrom} <= ${t.validTo}`),
    check('coupons_max_uses', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
  ],
);

/** One row per order placed with a coupon; a shopper uses a code once (unique), a cancel gives it back. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_uses_coupon_user_unique').on(t.couponId, t.userId)],
);

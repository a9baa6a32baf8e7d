/** The purchases module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../accounts/accounts.schema.js';
import { products } from '../catalog/catalog.schema.js';

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
    /** The shop date bought, YYYY-MM-DD (shop time). */
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

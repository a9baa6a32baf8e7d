/**
 * First-start seeding. The admin is always created on an empty database (login printed once);
 * with SEED=demo (default) the demo catalogue, shoppers, reviews and orders in every status too.
 * A database that already has users is never seeded again.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { lineAmountPaise, roundOffPaise, rupeesToPaise } from '@mandi/shared/kernel';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  categories,
  deliveryZones,
  images,
  invoiceCounters,
  orderAdjustments,
  orderBills,
  orderEvents,
  orderItems,
  orders,
  products,
  reviews,
  slotTemplates,
  upiReferences,
  users,
} from '../db/schema.js';
import { imageUrl, loadSharp } from '../lib/images.js';
import { hashPassword } from '../lib/passwords.js';
import { financialYearOf, formatInvoiceNumber } from '../modules/billing/billing.rules.js';
import { ROUND_OFF } from '../modules/orders/orders.adjustments.js';
import {
  SEED_ALIASES,
  SEED_CATEGORIES,
  SEED_PRODUCTS,
  SEED_REVIEWS,
  SEED_SHIPPING,
  SEED_SHOPPERS,
  SEED_SLOT_CAPACITY,
  SEED_SLOT_TEMPLATES,
  SEED_TAX,
  SEED_ZONES,
} from './seed-data.js';

export const DEMO_SHOPPER_PASSWORD = 'mandi-shopper-2026';
const SEED_IMAGE_SIZE = 400;

export interface SeedResult {
  seeded: boolean;
  /** The admin's password only when it was generated; a configured ADMIN_PASSWORD is never handed on. */
  admin?: { email: string; generatedPassword?: string };
  withDemoData?: boolean;
}

let iconSet: IconifyJSON | undefined;
function loadIconSet(): IconifyJSON {
  iconSet ??= createRequire(import.meta.url)('@iconify-json/noto/icons.json') as IconifyJSON;
  return iconSet;
}

/** Renders a Noto emoji to a square WebP picture. */
export async function renderEmoji(name: string, size = SEED_IMAGE_SIZE) {
  // Loaded here: only a first start renders pictures, and the server checks for seeding at every start.
  const { getIconData, iconToHTML, iconToSVG } = await import('@iconify/utils');
  const data = getIconData(loadIconSet(), name);
  if (!data) throw new Error(`emoji "${name}" is not in the Noto set`);
  const svg = iconToSVG(data, { width: size, height: size });
  const html = iconToHTML(svg.body, svg.attributes);
  const { default: sharp } = await loadSharp();
  const { data: webp, info } = await sharp(Buffer.from(html))
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data: webp, contentType: 'image/webp', width: info.width, height: info.height };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

export async function seedDatabase(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'seed'> & { shop?: Pick<Config['shop'], 'invoicePrefix'> },
): Promise<SeedResult> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false };

  const adminEmail = (config.adminEmail ?? 'admin@mandi.local').toLowerCase();
  const adminPassword = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        // A real shop's owner is not "Mandi Admin" in its order histories (decision 0056).
        firstName: config.seed === 'demo' ? 'Mandi' : 'Shop',
        lastName: config.seed === 'demo' ? 'Admin' : 'Owner',
        email: adminEmail,
        passwordHash: await hashPassword(adminPassword),
        role: 'Admin',
        // The owner gave this address to the shop themselves (ADMIN_EMAIL): nothing to confirm.
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('seed admin insert returned nothing');
    if (config.seed === 'demo') {
      await seedDemoData(tx as unknown as Db, config.shop?.invoicePrefix ?? 'MND', admin.id);
    }
  });
  return {
    seeded: true,
    admin: { email: adminEmail, ...(config.adminPassword ? {} : { generatedPassword: adminPassword }) },
    withDemoData: config.seed === 'demo',
  };
}

async function seedDemoData(db: Db, invoicePrefix: string, adminId: string): Promise<void> {
  const pictureIds = new Map<string, string>();
  const icons = new Set([...SEED_CATEGORIES.map((c) => c.icon), ...SEED_PRODUCTS.map((p) => p.icon)]);
  for (const icon of icons) {
    const [row] = await db
      .insert(images)
      .values(await renderEmoji(icon))
      .returning({ id: images.id });
    if (row) pictureIds.set(icon, row.id);
  }

  const categoryIds = new Map<string, string>();
  for (const [index, category] of SEED_CATEGORIES.entries()) {
    const [row] = await db
      .insert(categories)
      .values({
        name: category.name,
        nameHi: category.nameHi,
        imageId: pictureIds.get(category.icon) ?? null,
        createdAt: new Date(Date.now() - (SEED_CATEGORIES.length - index) * 60_000),
      })
      .returning({ id: categories.id });
    if (row) categoryIds.set(category.name, row.id);
  }

  // Spread creation times so "newest first" has a stable, believable order.
  const start = Date.now() - SEED_PRODUCTS.length * 3_600_000;
  const productRows = await db
    .insert(products)
    .values(
      SEED_PRODUCTS.map((product, index) => ({
        name: product.name,
        aliases: SEED_ALIASES[product.name] ?? [],
        ratePaise: rupeesToPaise(product.rate),
        stockGrams: Math.round(product.stockKg * 1000),
        weightOptionsGrams: product.weightsKg.map((kg) => Math.round(kg * 1000)),
        unit: product.unit ?? 'kg',
        categoryId: categoryIds.get(product.category) ?? '',
        imageId: pictureIds.get(product.icon) ?? null,
        createdAt: new Date(start + index * 3_600_000),
        ...taxOf(product.name),
      })),
    )
    .returning({
      id: products.id,
      name: products.name,
      ratePaise: products.ratePaise,
      imageId: products.imageId,
      weightOptionsGrams: products.weightOptionsGrams,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      unit: products.unit,
    });

  await db.insert(deliveryZones).values(SEED_ZONES.map((zone) => ({ ...zone, minOrderPaise: 0, deliveryFeePaise: 0 })));
  await db
    .insert(slotTemplates)
    .values(
      SEED_SLOT_TEMPLATES.map((slot) => ({ ...slot, days: [0, 1, 2, 3, 4, 5, 6], capacity: SEED_SLOT_CAPACITY })),
    );

  const shopperHash = await hashPassword(DEMO_SHOPPER_PASSWORD);
  const shopperRows = await db
    .insert(users)
    // Demo shoppers read their mails in the outbox: their addresses count as confirmed.
    .values(
      SEED_SHOPPERS.map((shopper) => ({
        ...shopper,
        passwordHash: shopperHash,
        role: 'User' as const,
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName });

  await db.insert(reviews).values(
    shopperRows.map((shopper, index) => ({
      userId: shopper.id,
      rating: SEED_REVIEWS[index % SEED_REVIEWS.length]?.rating ?? 5,
      comment: SEED_REVIEWS[index % SEED_REVIEWS.length]?.comment ?? '',
      createdAt: new Date(Date.now() - (index + 1) * 86_400_000),
    })),
  );

  const statuses = ['Delivered', 'Delivered', 'Shipped', 'Processing'] as const;
  const packedOrders: { id: string; packedAt: Date }[] = [];
  const deliveredOrders: { id: string; packedAt: Date }[] = [];
  let orderNumber = 0;
  for (const [shopperIndex, shopper] of shopperRows.entries()) {
    for (const status of statuses.slice(0, 2 + (shopperIndex % 3))) {
      orderNumber += 1;
      const lines = [0, 1, 2].map((offset) => {
        const product = productRows[(orderNumber * 7 + offset * 11) % productRows.length];
        if (!product) throw new Error('seed products missing');
        const grams = product.weightOptionsGrams[offset % product.weightOptionsGrams.length] ?? 1000;
        return { product, grams };
      });
      const linesPaise = lines.reduce((sum, line) => sum + lineAmountPaise(line.product.ratePaise, line.grams), 0);
      // A packed order's bill is paid in whole rupees: its round-off is an adjustment, as packing writes it.
      const roundOff = status === 'Processing' ? 0 : roundOffPaise(linesPaise);
      const totalPaise = linesPaise + roundOff;
      const shipping = SEED_SHIPPING[shopperIndex % SEED_SHIPPING.length];
      if (!shipping) throw new Error('seed shipping missing');
      const [order] = await db
        .insert(orders)
        .values({
          userId: shopper.id,
          customerFirstName: shopper.firstName,
          customerLastName: shopper.lastName,
          totalPaise,
          adjustmentsPaise: roundOff,
          estimatedTotalPaise: linesPaise,
          status,
          // Shipped and Delivered orders left packed (at the ordered weights, as shipping unpacked does).
          packedAt: status === 'Processing' ? null : new Date(Date.now() - (30 - orderNumber) * 86_400_000 + 3_600_000),
          ...shipping,
          createdAt: new Date(Date.now() - (30 - orderNumber) * 86_400_000),
        })
        .returning({ id: orders.id, packedAt: orders.packedAt });
      if (!order) throw new Error('seed order insert returned nothing');
      if (roundOff !== 0) {
        await db
          .insert(orderAdjustments)
          .values({ orderId: order.id, ...ROUND_OFF, amountPaise: roundOff, taxTreatment: 'outside-supply' });
      }
      if (order.packedAt) packedOrders.push({ id: order.id, packedAt: order.packedAt });
      if (order.packedAt && status === 'Delivered') deliveredOrders.push({ id: order.id, packedAt: order.packedAt });
      await db.insert(orderItems).values(
        lines.map((line, position) => ({
          orderId: order.id,
          productId: line.product.id,
          name: line.product.name,
          imageUrl: imageUrl(line.product.imageId),
          quantityGrams: line.grams,
          ratePaise: line.product.ratePaise,
          amountPaise: lineAmountPaise(line.product.ratePaise, line.grams),
          packedGrams: status === 'Processing' ? null : line.grams,
          position,
          hsnCode: line.product.hsnCode,
          gstRate: line.product.gstRate,
          unit: line.product.unit,
        })),
      );
    }
  }
  await numberDemoBills(db, invoicePrefix, packedOrders);
  await recordDemoPayments(db, adminId, deliveredOrders);
}

/**
 * The demo's delivered orders were paid at the door the day after packing, by turns in cash and by
 * UPI (with a made-up 12-digit UTR), recorded by the admin as the payment form records them, so the
 * bills register and the order pages show paid and unpaid bills side by side.
 */
async function recordDemoPayments(db: Db, adminId: string, delivered: { id: string; packedAt: Date }[]) {
  for (const [index, order] of delivered.entries()) {
    const method = index % 2 === 0 ? 'Cash' : 'UPI';
    const reference = method === 'UPI' ? String(412_300_000_000 + index * 7_919) : '';
    const paidAt = new Date(Math.min(order.packedAt.getTime() + 86_400_000, Date.now()));
    await db
      .update(orderBills)
      .set({
        paymentMethod: method,
        paymentReference: reference,
        paidPaise: sql`(select ${orders.totalPaise} from ${orders} where ${orders.id} = ${order.id})`,
        paidAt,
        paymentRecordedBy: adminId,
      })
      .where(eq(orderBills.orderId, order.id));
    // A UTR pays once across the shop (decision 0055): the demo's are taken like any other.
    if (method === 'UPI') await db.insert(upiReferences).values({ utr: reference, orderId: order.id, usedAt: paidAt });
    await db.insert(orderEvents).values({
      orderId: order.id,
      actorUserId: adminId,
      at: paidAt,
      kind: 'payment',
      changes: { payment: { from: null, to: { method, reference } } },
    });
  }
}

/** A demo product's tax fields; every demo product has its own (seed-data.ts says where they come from). */
function taxOf(name: string): { hsnCode: string; gstRate: number } {
  const tax = SEED_TAX[name];
  if (!tax) throw new Error(`seed product ${name} has no HSN code and GST rate`);
  return tax;
}

/**
 * The demo's packed orders have bills, numbered as packing would have numbered them: in packing
 * order, in the series `prefix` per financial year, with each year's counter left at its last number.
 */
async function numberDemoBills(db: Db, prefix: string, packed: { id: string; packedAt: Date }[]): Promise<void> {
  const lastSeq = new Map<string, number>();
  for (const order of [...packed].sort((a, b) => a.packedAt.getTime() - b.packedAt.getTime())) {
    const invoiceYear = financialYearOf(order.packedAt);
    const invoiceSeq = (lastSeq.get(invoiceYear) ?? 0) + 1;
    lastSeq.set(invoiceYear, invoiceSeq);
    await db.insert(orderBills).values({
      orderId: order.id,
      invoiceNumber: formatInvoiceNumber(prefix, invoiceYear, invoiceSeq),
      invoiceSeries: prefix,
      invoiceYear,
      invoiceSeq,
      invoicedAt: order.packedAt,
    });
  }
  if (lastSeq.size) {
    await db
      .insert(invoiceCounters)
      .values([...lastSeq].map(([financialYear, seq]) => ({ series: prefix, financialYear, lastSeq: seq })));
  }
}

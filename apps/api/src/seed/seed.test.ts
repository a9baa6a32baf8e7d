import { NAME_MAX_LENGTH } from '@mandi/shared';
import { isPinPrefix, isUtr } from '@mandi/shared/kernel';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../test/migrated-database.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import {
  categories,
  deliveryZones,
  images,
  invoiceCounters,
  orderBills,
  orderEvents,
  orderItems,
  orders,
  products,
  reviews,
  slotTemplates,
  users,
} from '../db/schema.js';
import { seedDatabase } from './seed.js';
import { SEED_TAX } from './seed-data.js';
import { seedReportLines } from './seed-report.js';

let database: Database;

beforeAll(async () => {
  database = await openMigratedPglite();
});
afterAll(() => database.close());

const countOf = async (table: typeof users | typeof products | typeof categories | typeof orders | typeof reviews) =>
  Number((await database.db.select({ n: count() }).from(table))[0]?.n ?? 0);

describe('first-start seed', () => {
  it('creates the admin and a believable demo catalogue with a picture for everything', async () => {
    const result = await seedDatabase(database.db, {
      seed: 'demo',
      adminEmail: 'Boss@Mandi.Test',
      adminPassword: undefined,
    });
    expect(result.seeded).toBe(true);
    expect(result.admin?.email).toBe('boss@mandi.test');
    expect(result.admin?.generatedPassword?.length).toBeGreaterThanOrEqual(12);

    expect(await countOf(categories)).toBeGreaterThanOrEqual(6);
    expect(await countOf(products)).toBeGreaterThanOrEqual(40);
    expect(await countOf(reviews)).toBeGreaterThan(0);
    expect(await database.db.select().from(products).where(isNull(products.imageId))).toEqual([]);
    expect(await database.db.select().from(categories).where(isNull(categories.imageId))).toEqual([]);
    // Every demo category has its Hindi name ("ताज़ा सब्ज़ियाँ" on the Hindi home page).
    for (const { name, nameHi } of await database.db.select().from(categories)) {
      expect(nameHi, name).toMatch(/^[\u0900-\u097f -]+$/);
      expect(nameHi.length, name).toBeLessThanOrEqual(NAME_MAX_LENGTH);
    }
    // Every demo product has Hindi names in Latin script and in Devanagari.
    const aliasLists = await database.db.select({ name: products.name, aliases: products.aliases }).from(products);
    for (const { name, aliases } of aliasLists) {
      expect(
        aliases.some((alias) => /[\u0900-\u097f]/.test(alias)),
        name,
      ).toBe(true);
    }
    expect(aliasLists.filter(({ aliases }) => aliases.some((alias) => /^[a-z ]+$/.test(alias))).length).toBeGreaterThan(
      aliasLists.length - 6,
    );
    const [picture] = await database.db.select({ type: images.contentType, width: images.width }).from(images).limit(1);
    expect(picture).toEqual({ type: 'image/webp', width: 400 });

    const statuses = await database.db.selectDistinct({ status: orders.status }).from(orders);
    expect(statuses.map((row) => row.status).sort()).toEqual(['Delivered', 'Processing', 'Shipped']);
    const [admin] = await database.db.select().from(users).where(eq(users.role, 'Admin'));
    expect(admin?.email).toBe('boss@mandi.test');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    // Rates are believable rupees per Kg.
    const [range] = await database.db
      .select({ low: sql<number>`min(${products.ratePaise})`, high: sql<number>`max(${products.ratePaise})` })
      .from(products);
    expect(Number(range?.low)).toBeGreaterThanOrEqual(10_00);
    expect(Number(range?.high)).toBeLessThanOrEqual(2_000_00);

    // Delivery keeps the spec's promise for every PIN code: every first digit is served, free, with
    // no minimum, and the slots serve every zone every day with no limit (capacity null).
    const zones = await database.db.select().from(deliveryZones);
    expect(zones.length).toBeGreaterThan(1);
    expect(zones.filter((zone) => zone.deliveryFeePaise !== 0 || zone.minOrderPaise !== 0)).toEqual([]);
    const prefixes = zones.flatMap((zone) => zone.pinPrefixes);
    for (const digit of '12345678') expect(prefixes).toContain(digit);
    expect(prefixes.filter((prefix) => !isPinPrefix(prefix))).toEqual([]);
    const templates = await database.db.select().from(slotTemplates);
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      expect(template).toMatchObject({ days: [0, 1, 2, 3, 4, 5, 6], zoneIds: [] });
      expect(template.capacity, 'the demo slots have no limit').toBeNull();
    }
  });

  it('gives every demo product its HSN code and GST rate, and every packed demo order a numbered bill', async () => {
    const taxes = await database.db
      .select({ name: products.name, hsnCode: products.hsnCode, gstRate: products.gstRate })
      .from(products);
    for (const { name, hsnCode, gstRate } of taxes) expect({ hsnCode, gstRate }, name).toEqual(SEED_TAX[name]);
    expect(taxes.find((row) => row.name === 'Desi Cow Ghee')).toMatchObject({ hsnCode: '0405', gstRate: 5 });
    const lines = await database.db.select({ name: orderItems.name, hsnCode: orderItems.hsnCode }).from(orderItems);
    for (const line of lines) expect(line.hsnCode, line.name).toBe(SEED_TAX[line.name]?.hsnCode);

    const bills = await database.db
      .select({
        packedAt: orders.packedAt,
        number: orderBills.invoiceNumber,
        year: orderBills.invoiceYear,
        seq: orderBills.invoiceSeq,
      })
      .from(orders)
      .leftJoin(orderBills, eq(orderBills.orderId, orders.id));
    expect(bills.filter((bill) => (bill.packedAt === null) !== (bill.number === null))).toEqual([]);
    const counters = await database.db.select().from(invoiceCounters);
    for (const counter of counters) {
      const seqs = bills.filter((bill) => bill.year === counter.financialYear).map((bill) => bill.seq ?? 0);
      expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: counter.lastSeq }, (_, i) => i + 1));
    }
    expect(counters.reduce((sum, counter) => sum + counter.lastSeq, 0)).toBe(
      bills.filter((bill) => bill.number).length,
    );

    // Delivered orders were paid at the door (cash, or UPI with a 12-digit UTR) and say so in their
    // history; the others are unpaid.
    const payments = await database.db
      .select({
        id: orders.id,
        status: orders.status,
        method: orderBills.paymentMethod,
        reference: orderBills.paymentReference,
        paidAt: orderBills.paidAt,
        recordedBy: orderBills.paymentRecordedBy,
      })
      .from(orders)
      .leftJoin(orderBills, eq(orderBills.orderId, orders.id));
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin'));
    const paid = payments.filter((order) => order.method);
    expect(paid.length).toBeGreaterThan(0);
    expect(payments.filter((order) => (order.status === 'Delivered') !== Boolean(order.method))).toEqual([]);
    expect(new Set(paid.map((order) => order.method))).toEqual(new Set(['Cash', 'UPI']));
    for (const order of paid) {
      const reference = order.reference ?? '';
      expect(order.method === 'UPI' ? isUtr(reference) : reference === '', reference).toBe(true);
      expect(order.recordedBy).toBe(admin?.id);
      expect(order.paidAt?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const paymentEvents = await database.db.select().from(orderEvents).where(eq(orderEvents.kind, 'payment'));
    expect(paymentEvents.map((event) => event.orderId).sort()).toEqual(paid.map((order) => order.id).sort());
  });

  it('numbers the demo orders from #1001 in the order they were placed (decision 0023)', async () => {
    const numbered = await database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .orderBy(orders.createdAt);
    expect(numbered.length).toBeGreaterThan(0);
    expect(numbered.map((row) => row.orderNumber)).toEqual(numbered.map((_, i) => 1001 + i));
  });

  it('never seeds a database that already has users', async () => {
    const before = await countOf(products);
    const again = await seedDatabase(database.db, { seed: 'demo', adminEmail: undefined, adminPassword: undefined });
    expect(again).toEqual({ seeded: false });
    expect(await countOf(products)).toBe(before);
    expect(await countOf(users)).toBe(6);
  });
});

describe('first-start report and production defaults', () => {
  it('never prints a configured admin password, and prints a generated one once', async () => {
    const configured = await openMigratedPglite();
    try {
      const result = await seedDatabase(configured.db, {
        seed: 'none',
        adminEmail: 'owner@mandi.test',
        adminPassword: 'the-owners-secret-9',
      });
      const report = seedReportLines(result).join('\n');
      expect(report).toContain('owner@mandi.test');
      expect(report).not.toContain('the-owners-secret-9');
      expect(JSON.stringify(result)).not.toContain('the-owners-secret-9');
      expect(report).not.toContain('Demo shopper');
    } finally {
      await configured.close();
    }
    const generated = seedReportLines({
      seeded: true,
      admin: { email: 'a@b.co', generatedPassword: 'Xy12-generated' },
    });
    expect(generated.join('\n')).toContain('Xy12-generated');
  });

  it('seeds no demo shoppers in production unless SEED=demo is set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development' }).seed).toBe('demo');
  });
});

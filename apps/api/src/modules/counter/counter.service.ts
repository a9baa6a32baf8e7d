/**
 * The counter (decision 0060): devices with their own bill series, and the sale, one request that
 * makes a delivered, billed, paid order of channel `counter` through the orders module's placing
 * path (handed over as it is made). A sale is judged in this order: a sale its device sent before
 * is answered as it was (before anything else is judged); then the body; then, in the order's
 * transaction, the device's sequence (billing), the khata's limit (khata) and the once-only UTR.
 */
import { formatRupees, pictureUrl } from '@mandi/shared';
import {
  changePaise,
  hindiNameOf,
  isCountedUnit,
  isCounterQuantity,
  isUtr,
  isWholePaise,
  lineAmountPaise,
  orderTotals,
  paiseToRupees,
  rupeesToPaise,
  shopDateOf,
  shopDayRange,
  unitOrDefault,
} from '@mandi/shared/kernel';
import {
  type CounterDeviceUpdate,
  type CounterSale,
  type CounterSaleBody,
  counterSaleLinesSchema,
  counterTendersSchema,
  isShopDateInRange,
  type Shop,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/validation.js';
import { getUser } from '../accounts/accounts.service.js';
import type { BillAtSale } from '../billing/billing.participant.js';
import { nextSequences } from '../billing/billing.service.js';
import type { KhataRequest } from '../khata/khata.participant.js';
import { khataHolder, khataOrderParts, listAccounts } from '../khata/khata.service.js';
import type { OrderCustomer, OrderRequest, RefundRequest } from '../orders/orders.lifecycle.js';
import type { OrderView } from '../orders/orders.presenter.js';
import { findOrderItems } from '../orders/orders.repository.js';
import { cancelHandedOverOrder, getOrdersByIds, type OrderLifecycle } from '../orders/orders.service.js';
import { ratesInForceAt, scheduledRates } from '../rates/rates.service.js';
import { type CounterSaleRequest, DuplicateSale } from './counter.participant.js';
import type { CounterReceipt } from './counter.receipt.js';
import * as repo from './counter.repository.js';
import type { KeptTender } from './counter.schema.js';

export interface CounterDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  now: () => Date;
}

interface Actor {
  id: string;
}

/** How far back a device may send a sale it made offline, and how far its clock may run ahead. */
const SOLD_AT_PAST_MS = 72 * 60 * 60 * 1000;
const SOLD_AT_AHEAD_MS = 5 * 60 * 1000;
const MAX_SEQUENCE = 999_999;

const deviceNotFound = () => new AppError('notFound', serverMessage('counterDeviceNotFound'));
const saleNotFound = () => new AppError('notFound', serverMessage('counterSaleNotFound'));
const seriesOf = (device: repo.DeviceRow) => `C${device.seriesNumber}`;

function presentDevice(device: repo.DeviceRow, nextSequence: number) {
  return {
    _id: device.id,
    name: device.name,
    series: seriesOf(device),
    nextSequence,
    scale: device.scale ?? null,
    printer: device.printer ?? null,
  };
}

async function presentDevices(deps: CounterDeps, devices: readonly repo.DeviceRow[]) {
  const next = await nextSequences(deps.db, devices.map(seriesOf), deps.now());
  return devices.map((device) => presentDevice(device, next.get(seriesOf(device)) ?? 1));
}

export async function createDevice(deps: CounterDeps, name: string) {
  const [device] = await presentDevices(deps, [await repo.insertDevice(deps.db, name)]);
  if (!device) throw new Error('device was not presented');
  return device;
}

export async function listDevices(deps: CounterDeps) {
  return presentDevices(deps, await repo.listDevices(deps.db));
}

export async function updateDevice(deps: CounterDeps, id: string, values: CounterDeviceUpdate) {
  if (!isUuid(id)) throw deviceNotFound();
  const row = await repo.updateDevice(deps.db, id.toLowerCase(), values);
  if (!row) throw deviceNotFound();
  const [device] = await presentDevices(deps, [row]);
  if (!device) throw new Error('device was not presented');
  return device;
}

/** `schema.parse` with its first problem as the 400 (the messages are the catalogue's). */
function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'invalid';
  throw new AppError('invalid', { code: 'requestRefused', values: { problem: message }, message });
}

/** The sale's time, when it lies in the window a device may send it in. */
function soldAtOf(value: unknown, now: Date): Date {
  const at = typeof value === 'string' ? new Date(value) : null;
  const ms = at?.getTime() ?? Number.NaN;
  if (!at || Number.isNaN(ms) || ms < now.getTime() - SOLD_AT_PAST_MS || ms > now.getTime() + SOLD_AT_AHEAD_MS) {
    throw new AppError('invalid', serverMessage('counterSoldAt'));
  }
  return at;
}

function sequenceOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_SEQUENCE) {
    throw new AppError('invalid', serverMessage('counterSequence'));
  }
  return value;
}

/** Money on the wire (₹, at most 2 decimals, more than 0) in paise, or the tender's 400. */
function tenderPaise(rupees: number): number {
  if (!Number.isFinite(rupees) || rupees <= 0 || !isWholePaise(rupees)) {
    throw new AppError('invalid', serverMessage('counterTenderAmount'));
  }
  return rupeesToPaise(rupees);
}

function keptTenders(tenders: z.infer<typeof counterTendersSchema>): KeptTender[] {
  if (new Set(tenders.map((tender) => tender.method)).size !== tenders.length) {
    throw new AppError('invalid', serverMessage('counterTenders'));
  }
  return tenders.map((tender) => {
    const amountPaise = tenderPaise(tender.amount);
    const receivedPaise =
      tender.method === 'Cash' && tender.received !== undefined && tender.received !== null
        ? rupeesToPaise(tender.received)
        : null;
    if (receivedPaise !== null && (!isWholePaise(tender.received ?? 0) || receivedPaise < amountPaise)) {
      throw new AppError(
        'invalid',
        serverMessage('counterCashReceived', {
          received: formatRupees(tender.received ?? 0),
          amount: formatRupees(paiseToRupees(amountPaise)),
        }),
      );
    }
    const reference = tender.method === 'UPI' && tender.reference ? tender.reference : null;
    if (reference !== null && !isUtr(reference)) throw new AppError('invalid', serverMessage('upiNeedsUtr'));
    return { method: tender.method, amountPaise, receivedPaise, reference };
  });
}

/** The regular a sale is for, as the order keeps them, or null (a walk-in). */
async function customerOf(db: Db, customerId: string | null): Promise<OrderCustomer | null> {
  if (customerId === null) return null;
  if (!isUuid(customerId)) throw new AppError('notFound', serverMessage('counterCustomerNotFound'));
  try {
    const user = await getUser(db, customerId.toLowerCase());
    // The receipt is handed over at the counter: no "placed" mail is sent for a sale.
    return { userId: user._id, firstName: user.firstName, lastName: user.lastName, email: null, language: 'en' };
  } catch (error) {
    if (error instanceof AppError && error.code === 'notFound') {
      throw new AppError('notFound', serverMessage('counterCustomerNotFound'));
    }
    throw error;
  }
}

export interface MadeSale {
  sale: CounterSale;
  duplicate: boolean;
}

/**
 * Makes a sale (contract "Counter sales"): once per `(deviceId, clientSaleId)` on any number of
 * processes, its bill numbered with the device's own sequence, priced at the rates in force when
 * it was made, paid by its tenders.
 */
export async function makeSale(deps: CounterDeps, actor: Actor, body: CounterSaleBody): Promise<MadeSale> {
  const { db, lifecycle } = deps;
  if (!isUuid(body.deviceId)) throw deviceNotFound();
  if (!isUuid(body.clientSaleId)) throw new AppError('invalid', serverMessage('counterClientSaleId'));
  const deviceId = body.deviceId.toLowerCase();
  const clientSaleId = body.clientSaleId.toLowerCase();
  const device = await repo.findDevice(db, deviceId);
  if (!device) throw deviceNotFound();
  // Sent before (a retry after a lost answer, a queue sent twice): answered as it was made.
  const earlier = await repo.findSaleByClientId(db, deviceId, clientSaleId);
  if (earlier) return { sale: await getSale(deps, earlier), duplicate: true };

  const now = deps.now();
  const sequence = sequenceOf(body.sequence);
  const soldAt = soldAtOf(body.soldAt, now);
  const offline = body.offline === true;
  const lines = parseWith(counterSaleLinesSchema, body.lines);
  const tenders = keptTenders(parseWith(counterTendersSchema, body.tenders));
  const customer = await customerOf(db, body.customerId ?? null);

  // Lines of one product become one (the receipt lists it once), keeping the first line's source.
  const merged = new Map<string, { productId: string; quantity: number; source: string }>();
  for (const line of lines) {
    if (!isUuid(line.productId)) {
      throw new AppError('notFound', serverMessage('productNoLongerSold', { id: line.productId }));
    }
    const id = line.productId.toLowerCase();
    const same = merged.get(id);
    if (same) same.quantity += line.quantity;
    else merged.set(id, { productId: id, quantity: line.quantity, source: line.source });
  }
  const ids = [...merged.keys()];
  const [products, rates] = await Promise.all([repo.findProducts(db, ids), ratesInForceAt(db, ids, soldAt)]);
  const productById = new Map(products.map((product) => [product.id, product]));
  const priced = [...merged.values()].map((line) => {
    const product = productById.get(line.productId);
    const ratePaise = rates.get(line.productId);
    if (!product || ratePaise === undefined) {
      throw new AppError('notFound', serverMessage('productNoLongerSold', { id: line.productId }));
    }
    const unit = unitOrDefault(product.unit);
    const grams = Math.round(line.quantity * 1000);
    if (Math.abs(line.quantity * 1000 - grams) > 1e-6 || !isCounterQuantity(unit, grams)) {
      throw new AppError(
        'invalid',
        isCountedUnit(unit)
          ? serverMessage('counterQuantityCounted', { name: product.name })
          : serverMessage('counterQuantityMeasured', { name: product.name, unit }),
      );
    }
    return { ...line, grams, ratePaise, unit };
  });
  // The bill the order will make: its lines at those rates, rounded to the rupee as any final bill.
  const { totalPaise } = orderTotals(
    priced.reduce((sum, line) => sum + lineAmountPaise(line.ratePaise, line.grams), 0),
    { isFinal: true },
  );
  const tendered = tenders.reduce((sum, tender) => sum + tender.amountPaise, 0);
  if (tendered !== totalPaise) {
    throw new AppError(
      'invalid',
      serverMessage('counterTendersTotal', {
        tenders: formatRupees(paiseToRupees(tendered)),
        total: formatRupees(paiseToRupees(totalPaise)),
      }),
      { tenders: paiseToRupees(tendered), total: paiseToRupees(totalPaise) },
    );
  }
  const khataTender = tenders.find((tender) => tender.method === 'Khata');
  if (khataTender && !customer) throw new AppError('invalid', serverMessage('counterKhataNeedsCustomer'));

  const money = tenders.filter((tender) => tender.method !== 'Khata');
  const moneyPaise = money.reduce((sum, tender) => sum + tender.amountPaise, 0);
  const counter: CounterSaleRequest = {
    deviceId,
    clientSaleId,
    soldAt,
    offline,
    customerId: customer?.userId ?? null,
    tenders,
    changePaise: changePaise(tenders),
    sources: priced.map((line) => line.source),
    soldBy: actor.id,
  };
  const billing: BillAtSale = {
    series: seriesOf(device),
    sequence,
    at: soldAt,
    payment: {
      method: tenders.length === 1 ? (tenders[0]?.method ?? 'Cash') : 'Split',
      paidPaise: moneyPaise > 0 ? moneyPaise : null,
      reference: tenders.find((tender) => tender.reference)?.reference ?? null,
    },
  };
  const khata: KhataRequest | undefined = khataTender
    ? { onKhata: true, amountPaise: khataTender.amountPaise, passesLimit: offline }
    : undefined;
  const request: OrderRequest = {
    customer,
    channel: 'counter',
    handedOverBy: actor.id,
    lines: priced.map((line) => ({
      productId: line.productId,
      grams: line.grams,
      quantity: line.quantity,
      ratePaise: line.ratePaise,
    })),
    shipping: null,
    idempotencyKey: null,
    extensions: { counter, billing, ...(khata ? { khata } : {}) },
  };
  try {
    const placed = await lifecycle.placer.place(request);
    // Committed with its events: their subscribers run after the answer.
    lifecycle.events.dispatchSoon();
    // The answer from the order as placed (read in its transaction) and what the counter sent: only
    // the khata's figures after it are read again.
    const [holder, khataParts] = await Promise.all([
      customer ? khataHolder(db, customer.userId) : null,
      khataTender ? khataOrderParts(db, [placed.order._id]) : null,
    ]);
    const overLimit = khataParts?.get(placed.order._id)?.overLimit ?? false;
    return { sale: presentSale(placed.order, counter, holder, overLimit), duplicate: false };
  } catch (error) {
    // The same sale arrived meanwhile on this or another process: that one stands, and this copy
    // is answered with it, whatever refused it (its own row, or a rule the first copy's writes
    // now break: the khata's limit, the device's next number, the UTR taken once). By the time a
    // copy is refused, the copy it met has committed (the same batch, or the locks it waited on).
    if (!(error instanceof DuplicateSale) && !(error instanceof AppError)) throw error;
    const first = await repo.findSaleByClientId(db, deviceId, clientSaleId);
    if (!first) throw error;
    return { sale: await getSale(deps, first), duplicate: true };
  }
}

/** Sales as the counter shows them, in the order of `orderIds` (those that are sales). */
async function presentSales(deps: CounterDeps, orderIds: readonly string[]): Promise<CounterSale[]> {
  const { db, lifecycle } = deps;
  const sales = await repo.findSales(db, orderIds);
  const ids = orderIds.filter((id) => sales.has(id));
  const [orderById, khataParts] = await Promise.all([
    getOrdersByIds(db, lifecycle.participants, ids),
    khataOrderParts(db, ids),
  ]);
  const holders = new Map<string, Awaited<ReturnType<typeof khataHolder>>>();
  for (const sale of sales.values()) {
    if (sale.customerId && !holders.has(sale.customerId))
      holders.set(sale.customerId, await khataHolder(db, sale.customerId));
  }
  return ids.flatMap((id) => {
    const sale = sales.get(id);
    const order = orderById.get(id);
    if (!sale || !order) return [];
    const holder = sale.customerId ? holders.get(sale.customerId) : null;
    return [presentSale(order, sale, holder ?? null, khataParts.get(id)?.overLimit ?? false)];
  });
}

function presentSale(
  order: OrderView,
  sale: Pick<repo.SaleRow, 'deviceId' | 'soldAt' | 'offline' | 'customerId' | 'tenders' | 'changePaise' | 'sources'>,
  holder: { mobile: string | null; balancePaise: number } | null,
  overLimit: boolean,
): CounterSale {
  const roundOff = order.adjustments?.find((adjustment) => adjustment.kind === 'round-off')?.amount ?? 0;
  return {
    orderId: order._id,
    orderNumber: order.orderNumber,
    invoiceNumber: order.invoiceNumber ?? '',
    deviceId: sale.deviceId,
    soldAt: sale.soldAt.toISOString(),
    status: order.status,
    offline: sale.offline,
    customer: sale.customerId
      ? {
          _id: sale.customerId,
          name: `${order.user.firstName} ${order.user.lastName}`.trim(),
          mobile: holder?.mobile ?? null,
        }
      : null,
    lines: order.orderItems.map((item, index) => ({
      productId: item.productId,
      name: item.name,
      unit: unitOrDefault(item.unit),
      quantity: item.quantity,
      rate: item.rate,
      amount: item.amount,
      source: (sale.sources[index] ?? 'manual') as CounterSale['lines'][number]['source'],
    })),
    subtotal: paiseToRupees(order.orderItems.reduce((sum, item) => sum + rupeesToPaise(item.amount), 0)),
    roundOff,
    total: order.total,
    tenders: sale.tenders.map((tender) => ({
      method: tender.method,
      amount: paiseToRupees(tender.amountPaise),
      received: tender.receivedPaise === null ? null : paiseToRupees(tender.receivedPaise),
      reference: tender.reference,
    })),
    change: paiseToRupees(sale.changePaise),
    overLimit,
    khataBalance: holder ? paiseToRupees(holder.balancePaise) : null,
  };
}

export async function getSale(deps: CounterDeps, orderId: string): Promise<CounterSale> {
  if (!isUuid(orderId)) throw saleNotFound();
  const [sale] = await presentSales(deps, [orderId.toLowerCase()]);
  if (!sale) throw saleNotFound();
  return sale;
}

/** The sales of a shop day (today when no date), of one device or of all, with their totals. */
export async function listSales(deps: CounterDeps, query: { deviceId?: string; date?: string }) {
  const date = query.date ?? shopDateOf(deps.now());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isShopDateInRange(date)) {
    throw new AppError('invalid', serverMessage('requestRefused', { problem: 'date must be a shop date YYYY-MM-DD' }));
  }
  if (query.deviceId !== undefined && !isUuid(query.deviceId)) throw deviceNotFound();
  const { from, to } = shopDayRange(date);
  const ids = await repo.findSaleIdsMade(deps.db, from, to, query.deviceId?.toLowerCase());
  const sales = await presentSales(deps, ids);
  const kept = sales.filter((sale) => sale.status !== 'Cancelled');
  const sum = (pick: (sale: CounterSale) => number) =>
    paiseToRupees(kept.reduce((total, sale) => total + rupeesToPaise(pick(sale)), 0));
  const byMethod = (method: KeptTender['method']) =>
    sum((sale) => sale.tenders.filter((tender) => tender.method === method).reduce((a, t) => a + t.amount, 0));
  return {
    sales,
    totals: {
      count: kept.length,
      total: sum((sale) => sale.total),
      cash: byMethod('Cash'),
      upi: byMethod('UPI'),
      khata: byMethod('Khata'),
      cancelled: sales.length - kept.length,
    },
  };
}

/**
 * Takes a sale back (contract: "Cancel"): the bill keeps its number and is listed as cancelled,
 * the stock returns, the money part is refunded as `refund` says and a khata part reversed.
 */
export async function cancelSale(
  deps: CounterDeps,
  actor: Actor,
  orderId: string,
  { reason, refund }: { reason: string; refund: RefundRequest | null },
): Promise<CounterSale> {
  if (!isUuid(orderId)) throw saleNotFound();
  const id = orderId.toLowerCase();
  try {
    await cancelHandedOverOrder(deps.lifecycle, { id: actor.id, role: 'Admin' }, id, { refund, reason }, async (tx) =>
      (await repo.findSales(tx, [id])).has(id),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'notFound') throw saleNotFound();
    throw error;
  }
  deps.lifecycle.events.dispatchSoon();
  return getSale(deps, id);
}

/** The shop as a receipt names it. */
export type ReceiptShop = Pick<Shop, 'name' | 'legalName' | 'address' | 'gstin' | 'fssaiNumber' | 'upiId'>;

/** What the receipt of a sale says: the sale, its lines' tax codes as sold, the Hindi names, the shop. */
export async function saleReceipt(deps: CounterDeps, orderId: string, shop: ReceiptShop): Promise<CounterReceipt> {
  const sale = await getSale(deps, orderId);
  const items = await findOrderItems(deps.db, [sale.orderId]);
  const names = await repo.findAliases(
    deps.db,
    items.flatMap((item) => (item.productId ? [item.productId] : [])),
  );
  const paise = rupeesToPaise;
  return {
    shop: {
      name: shop.name,
      address: shop.address,
      gstin: shop.gstin || null,
      fssai: shop.fssaiNumber || null,
      upiVpa: shop.upiId || null,
      upiPayeeName: shop.legalName || shop.name,
    },
    invoiceNumber: sale.invoiceNumber,
    soldAt: new Date(sale.soldAt),
    cancelled: sale.status === 'Cancelled',
    customer: sale.customer ? { name: sale.customer.name, mobile: sale.customer.mobile } : null,
    lines: items.map((item) => ({
      name: item.name,
      nameHi: hindiNameOf((item.productId && names.get(item.productId)) || []),
      unit: unitOrDefault(item.unit),
      quantity: item.packedGrams ?? item.quantityGrams,
      ratePaise: item.ratePaise,
      amountPaise: item.amountPaise,
      gstRate: item.gstRate,
      hsnCode: item.hsnCode,
    })),
    subtotalPaise: paise(sale.subtotal),
    roundOffPaise: paise(sale.roundOff),
    totalPaise: paise(sale.total),
    tenders: sale.tenders.map((tender) => ({
      method: tender.method,
      amountPaise: paise(tender.amount),
      receivedPaise: tender.received === null ? null : paise(tender.received),
      reference: tender.reference,
    })),
    changePaise: paise(sale.change),
    khataBalancePaise: sale.khataBalance === null ? null : paise(sale.khataBalance),
    // A sale's tenders add up to its total and were taken at the counter (its UPI by the QR on the
    // screen): nothing is left to pay, so the receipt asks for no more.
    upiDuePaise: 0,
  };
}

/** The counter's offline snapshot: every product in rate-board order, and the regulars with an open khata. */
export async function catalogue(deps: CounterDeps & { khataDeps: Parameters<typeof listAccounts>[0] }) {
  const [rows, scheduled, khatas, barcodeRules] = await Promise.all([
    repo.catalogueRows(deps.db),
    scheduledRates(deps.db),
    listAccounts(deps.khataDeps),
    repo.listBarcodeRules(deps.db),
  ]);
  return {
    products: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      nameHi: hindiNameOf(row.aliases),
      aliases: row.aliases,
      unit: unitOrDefault(row.unit),
      rate: paiseToRupees(row.ratePaise),
      scheduled: (() => {
        const change = scheduled.get(row.id);
        return change ? { rate: paiseToRupees(change.ratePaise), at: change.effectiveAt.toISOString() } : null;
      })(),
      image: pictureUrl(row.imageId, row.name),
      category: row.category,
      plu: row.plu,
    })),
    barcodeRules,
    customers: khatas.accounts.flatMap((account) =>
      account.userId && account.creditLimit !== null
        ? [
            {
              _id: account.userId,
              name: account.name,
              mobile: account.mobile,
              khata: { balance: account.balance, limit: account.creditLimit, available: account.available },
            },
          ]
        : [],
    ),
  };
}

/**
 * The shop's scale barcodes (contract "The scale and barcodes"): the rules that read them, a code
 * read into the line it adds, and the labels that carry them (a packed order's kg/litre lines, or
 * bags packed ahead). The reading rules are the kernel's, so the counter reads codes offline alike.
 */
import {
  type BarcodeRule,
  hindiNameOf,
  isCountedUnit,
  lineAmountPaise,
  paiseToRupees,
  quantityForAmount,
  readScaleBarcode,
  scaleBarcode,
  unitOrDefault,
} from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/validation.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { findOrderById, findOrderItems } from '../orders/orders.repository.js';
import { labelsPdf, type ScaleLabel } from './counter.labels.js';
import * as repo from './counter.repository.js';

/** The prefix a label's weight code is written with: the shop's first weight rule (default `21`). */
const weightPrefixOf = (rules: readonly BarcodeRule[]) => rules.find((rule) => rule.valueKind === 'weight')?.prefix;

export const barcodeRules = (db: Db) => repo.listBarcodeRules(db);

export async function setBarcodeRules(work: UnitOfWork, rules: readonly BarcodeRule[]): Promise<BarcodeRule[]> {
  await work.transaction((tx) => repo.replaceBarcodeRules(tx, rules));
  return repo.listBarcodeRules(work.db);
}

/**
 * What a scanned code adds: the product its PLU names, the quantity (a weight code's grams, or a
 * price code's amount / rate to the gram) and the amount (rate × quantity, or the price printed).
 */
export async function readBarcode(db: Db, code: string) {
  const reading = readScaleBarcode(code, await repo.listBarcodeRules(db));
  if (!reading.ok) {
    if (reading.problem === 'unknownPrefix') {
      throw new AppError('notFound', serverMessage('barcodeUnknownPrefix', { prefix: code.slice(0, 2) }));
    }
    throw new AppError(
      'invalid',
      serverMessage(reading.problem === 'checkDigit' ? 'barcodeCheckDigit' : 'barcodeFormat', { code }),
    );
  }
  const product = await repo.findProductByPlu(db, reading.plu);
  if (!product) throw new AppError('notFound', serverMessage('barcodeUnknownPlu', { plu: reading.plu }));
  const unit = unitOrDefault(product.unit);
  if (reading.valueKind === 'weight') {
    if (isCountedUnit(unit)) {
      throw new AppError('invalid', serverMessage('barcodeWeightOfCounted', { name: product.name, unit }));
    }
    return {
      productId: product.id,
      name: product.name,
      unit,
      quantity: reading.value / 1000,
      amount: paiseToRupees(lineAmountPaise(product.ratePaise, reading.value)),
    };
  }
  // A price code: the amount printed wins; the quantity is what it buys at today's rate.
  const thousandths = quantityForAmount(product.ratePaise, reading.value);
  return {
    productId: product.id,
    name: product.name,
    unit,
    quantity: isCountedUnit(unit) ? Math.max(1, Math.round(thousandths / 1000)) : thousandths / 1000,
    amount: paiseToRupees(reading.value),
  };
}

/** A label's code: the weight rule's prefix, the PLU and the grams, when all fit a code. */
function codeOf(prefix: string | undefined, plu: number | null, thousandths: number): string | null {
  if (!prefix || plu === null || thousandths > 99_999) return null;
  return scaleBarcode(prefix, plu, thousandths);
}

/** One label per packed kg/litre line of an order (its PLU and packed weight), as a PDF. */
export async function orderLabels(db: Db, orderId: string): Promise<{ pdf: Buffer; fileName: string }> {
  if (!isUuid(orderId)) throw notFound('Order');
  const order = await findOrderById(db, orderId.toLowerCase());
  if (!order) throw notFound('Order');
  const items = await findOrderItems(db, [order.id]);
  // What was packed: the substitute when one was sent in the ordered product's place.
  const packed = items.flatMap((item) => {
    const productId = item.substituteName !== null ? item.substituteProductId : item.productId;
    const unit = unitOrDefault(item.unit);
    return item.packedGrams && !isCountedUnit(unit)
      ? [{ item, productId, unit, grams: item.packedGrams, ratePaise: item.substituteRatePaise ?? item.ratePaise }]
      : [];
  });
  if (!packed.length) throw new AppError('conflict', serverMessage('labelsNotPacked'));
  const [rules, products] = await Promise.all([
    repo.listBarcodeRules(db),
    repo.findLabelProducts(
      db,
      packed.flatMap((line) => (line.productId ? [line.productId] : [])),
    ),
  ]);
  const prefix = weightPrefixOf(rules);
  const labels: ScaleLabel[] = packed.map((line) => {
    const product = line.productId ? products.get(line.productId) : undefined;
    return {
      name: line.item.substituteName ?? line.item.name,
      nameHi: product ? hindiNameOf(product.aliases) : null,
      unit: line.unit,
      quantity: line.grams,
      ratePaise: line.ratePaise,
      amountPaise: line.item.amountPaise,
      code: codeOf(prefix, product?.plu ?? null, line.grams),
    };
  });
  return {
    pdf: await labelsPdf(labels, `Labels of order #${order.orderNumber}`),
    fileName: `labels-${order.orderNumber}.pdf`,
  };
}

/** Labels for bags of a product packed ahead, `copies` of one weight, at today's rate. */
export async function productLabels(
  db: Db,
  productId: string,
  { quantity, copies }: { quantity: number; copies: number },
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!isUuid(productId)) throw notFound('Product');
  const product = (await repo.findLabelProducts(db, [productId.toLowerCase()])).get(productId.toLowerCase());
  if (!product) throw notFound('Product');
  const unit = unitOrDefault(product.unit);
  if (isCountedUnit(unit))
    throw new AppError('invalid', serverMessage('labelMeasuredOnly', { name: product.name, unit }));
  const grams = Math.round(quantity * 1000);
  if (!Number.isFinite(quantity) || Math.abs(quantity * 1000 - grams) > 1e-6 || grams < 1 || grams > 99_999) {
    throw new AppError('invalid', serverMessage('labelQuantity'));
  }
  if (product.plu === null) throw new AppError('conflict', serverMessage('labelNeedsPlu', { name: product.name }));
  const code = codeOf(weightPrefixOf(await repo.listBarcodeRules(db)), product.plu, grams);
  const label: ScaleLabel = {
    name: product.name,
    nameHi: hindiNameOf(product.aliases),
    unit,
    quantity: grams,
    ratePaise: product.ratePaise,
    amountPaise: lineAmountPaise(product.ratePaise, grams),
    code,
  };
  return {
    pdf: await labelsPdf(
      Array.from({ length: copies }, () => label),
      `Labels of ${product.name}`,
    ),
    fileName: `labels-plu-${product.plu}.pdf`,
  };
}

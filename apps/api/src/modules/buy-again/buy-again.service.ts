/**
 * Buy again (issue 30, decision 0042): "Your usual" from the shopper's last orders, "Order again"
 * on one of them, and the shopper's named lists. Every item is priced from the catalogue today
 * (never the old order's rate) and says whether it can be bought now; nothing here is cached (a
 * shopper's few rows, read through indexes; the decision record has the figures).
 */
import { MAX_SHOPPING_LISTS, pictureUrl, USUAL_ORDERS } from '@mandi/shared';
import { paiseToRupees, quantityNumber, unitOrDefault } from '@mandi/shared/kernel';
import type { BuyAgainItem, ShoppingList, ShoppingListSummary } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import * as repo from './buy-again.repository.js';
import { acceptListLines, canBuyNow, checkListLines, type ProductToday, usualQuantities } from './buy-again.rules.js';

/** A product today with a quantity (thousandths of `unit`), as the answers show it. */
function presentItem(product: ProductToday, unit: string, grams: number): BuyAgainItem {
  return {
    productId: product.id,
    name: product.name,
    unit: unitOrDefault(product.unit),
    quantity: quantityNumber(grams),
    rate: paiseToRupees(product.ratePaise),
    available: canBuyNow(product, unit, grams),
    image: pictureUrl(product.imageId, product.name),
    stocks: quantityNumber(product.stockGrams),
    kilogramOption: product.weightOptionsGrams.map(quantityNumber),
  };
}

async function productsById(db: Db, ids: readonly string[]): Promise<Map<string, ProductToday>> {
  return new Map((await repo.findProducts(db, [...new Set(ids)])).map((product) => [product.id, product]));
}

/** The products of the shopper's last five orders that are not Cancelled, each at its usual quantity. */
export async function usualItems(db: Db, userId: string): Promise<BuyAgainItem[]> {
  const usuals = usualQuantities(await repo.findRecentLines(db, userId, USUAL_ORDERS));
  const products = await productsById(
    db,
    usuals.map((usual) => usual.productId),
  );
  return usuals.flatMap((usual) => {
    const product = products.get(usual.productId);
    return product ? [presentItem(product, usual.unit, usual.grams)] : [];
  });
}

/**
 * One of the shopper's orders as it could be bought again today: each product still sold at the
 * quantity ordered, and the names of the lines whose product the shop no longer sells.
 */
export async function orderAgain(
  db: Db,
  userId: string,
  orderId: string,
): Promise<{ items: BuyAgainItem[]; missing: string[] }> {
  if (!(await repo.isOwnOrder(db, userId, orderId))) throw notFound('Order');
  const lines = (await repo.findOrderLines(db, orderId)).filter((line) => line.grams > 0);
  const products = await productsById(
    db,
    lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const items: BuyAgainItem[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const product = line.productId ? products.get(line.productId) : undefined;
    if (product) items.push(presentItem(product, line.unit, line.grams));
    else missing.push(line.name);
  }
  return { items, missing };
}

function presentSummary(row: { id: string; name: string; createdAt: Date; updatedAt: Date }, itemCount: number) {
  return {
    _id: row.id,
    name: row.name,
    itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies ShoppingListSummary;
}

export async function listLists(db: Db, userId: string): Promise<ShoppingListSummary[]> {
  return (await repo.findLists(db, userId)).map((row) => presentSummary(row, row.itemCount));
}

async function presentList(db: Db, row: repo.ListRow): Promise<ShoppingList> {
  const lines = await repo.findListItems(db, row.id);
  const products = await productsById(
    db,
    lines.map((line) => line.productId),
  );
  const items = lines.flatMap((line) => {
    const product = products.get(line.productId);
    // A list keeps quantities in the product's unit (checked when saved), so today's unit is the one.
    return product ? [presentItem(product, product.unit, line.grams)] : [];
  });
  return { ...presentSummary(row, items.length), items };
}

/** One of the shopper's lists with today's rates and availability; anyone else's is not found. */
export async function getList(db: Db, userId: string, id: string): Promise<ShoppingList> {
  const row = await repo.findList(db, userId, id);
  if (!row) throw notFound('List');
  return presentList(db, row);
}

type ListLines = readonly { productId: string; quantity: number }[];

async function acceptLines(db: Db, lines: ListLines) {
  const requested = checkListLines(lines);
  return acceptListLines(
    requested,
    await productsById(
      db,
      requested.map((line) => line.productId),
    ),
  );
}

export async function createList(
  work: UnitOfWork,
  userId: string,
  body: { name: string; items?: ListLines | undefined },
): Promise<ShoppingList> {
  const lines = await acceptLines(work.db, body.items ?? []);
  const row = await work.transaction(async (tx) => {
    // Two creations at once wait for each other here, so neither passes the limit or takes a name twice.
    if (!(await repo.lockUser(tx, userId))) throw notFound('User');
    if ((await repo.countLists(tx, userId)) >= MAX_SHOPPING_LISTS) {
      throw new AppError('invalid', serverMessage('listLimit', { max: MAX_SHOPPING_LISTS }));
    }
    if (await repo.isNameTaken(tx, userId, body.name, null)) {
      throw new AppError('conflict', serverMessage('listNameTaken', { name: body.name }));
    }
    const list = await repo.insertList(tx, userId, body.name);
    await repo.replaceItems(tx, list.id, lines);
    return list;
  });
  return presentList(work.db, row);
}

export async function updateList(
  work: UnitOfWork,
  userId: string,
  id: string,
  body: { name?: string | undefined; items?: ListLines | undefined },
): Promise<ShoppingList> {
  const lines = body.items === undefined ? null : await acceptLines(work.db, body.items);
  const row = await work.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, userId))) throw notFound('User');
    const list = await repo.findList(tx, userId, id, true);
    if (!list) throw notFound('List');
    if (body.name !== undefined && (await repo.isNameTaken(tx, userId, body.name, id))) {
      throw new AppError('conflict', serverMessage('listNameTaken', { name: body.name }));
    }
    if (lines) await repo.replaceItems(tx, id, lines);
    return repo.touchList(tx, id, body.name);
  });
  return presentList(work.db, row);
}

export async function deleteList(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteList(db, userId, id))) throw notFound('List');
}

/** The shopper's lists for the personal-data download: names and products with their quantities. */
export async function listsForDownload(db: Db, userId: string) {
  const [lists, lines] = [await repo.findLists(db, userId), await repo.findAllListItems(db, userId)];
  const products = await productsById(
    db,
    lines.map((line) => line.productId),
  );
  return lists.map((list) => ({
    _id: list.id,
    name: list.name,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
    items: lines
      .filter((line) => line.listId === list.id)
      .map((line) => {
        const product = products.get(line.productId);
        return {
          productId: line.productId,
          name: product?.name ?? '',
          unit: unitOrDefault(product?.unit),
          quantity: quantityNumber(line.grams),
        };
      }),
  }));
}

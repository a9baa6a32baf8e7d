/**
 * Catalogue rules: listing filters and paging, lookups that answer 404 for unknown ids, and the
 * admin writes. A write checks every field and decodes its image before it touches the database,
 * then stores the image and the row in one transaction, so a refused write leaves nothing behind.
 * An add needs a picture while the shop is the demo (the spec's rule); a real shop may add an item
 * without one, shown with the placeholder drawn from its name (decision 0057).
 */
import type { AdminProductSort, SortOrder } from '@mandi/shared';
import { SUGGESTION_LIMIT } from '@mandi/shared';
import type { Unit } from '@mandi/shared/kernel';
import type { Shop } from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type EncodedImage, encodeImage, imageBytes, type UploadForm } from '../../lib/images.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { pageRows } from '../../lib/validation.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { categoryTaxDefaults } from '../billing/billing.tax-codes.js';
import { releaseImage, storeImage } from '../media/media.service.js';
import { catalogCache } from './catalog.cache.js';
import {
  gramsToKg,
  presentAdminProduct,
  presentCategory,
  presentProduct,
  presentSuggestion,
} from './catalog.presenter.js';
import type { CatalogReads } from './catalog.repository.js';
import * as repo from './catalog.repository.js';

/** What the catalogue's writes need: the unit of work (cache tags) and the prepared reads. */
export interface CatalogStore {
  work: UnitOfWork;
  reads: CatalogReads;
}

import {
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_MESSAGES,
  readHindiName,
  readName,
  readProductFields,
} from './catalog.validation.js';

/** What the catalogue's writes read of the shop's profile: whether it is still the demo. */
export type CatalogShop = Pick<Shop, 'demo'>;

/** The spec's rule, which the demo keeps: an item is added with its picture. A real shop may leave it out. */
const isPictureRequiredToAdd = (shop: CatalogShop) => shop.demo;

const writes = catalogCache.writes;

export const RECENT_PRODUCTS_LIMIT = 10;
export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 500;

export interface ListProductsQuery {
  keyword?: string;
  categoryIds?: string[];
  minRate?: number;
  maxRate?: number;
  page: number;
  limit: number;
}

/**
 * A listing in two parts (docs/decisions/0046-listings-survive-stock-moves.md): `matchProducts`
 * finds which products match, in their order, and presents them (the search, the filters, the
 * count and every column: the costly part, kept until the catalogue changes); `withCurrentStock`
 * puts their stock as it is now into that, which every stock move of one of them makes the listing
 * do again with one small read.
 */
export async function matchProducts(reads: CatalogReads, query: ListProductsQuery) {
  const { rows, total } = await repo.findProducts(
    reads,
    {
      keyword: query.keyword,
      categoryIds: query.categoryIds,
      minRatePaise: query.minRate === undefined ? undefined : Math.ceil(query.minRate * 100),
      maxRatePaise: query.maxRate === undefined ? undefined : Math.floor(query.maxRate * 100),
    },
    pageRows(query.page, query.limit),
  );
  return { products: rows.map(presentProduct), productsDocCount: total };
}
export type ProductMatches = Awaited<ReturnType<typeof matchProducts>>;

/** `matches` with each product's stock as it is now; a product deleted meanwhile is left out. */
export async function withCurrentStock(reads: CatalogReads, matches: ProductMatches): Promise<ProductMatches> {
  const stocks = await repo.findStocks(
    reads,
    matches.products.map((product) => product._id),
  );
  return {
    products: matches.products.flatMap((product) => {
      const grams = stocks.get(product._id);
      return grams === undefined ? [] : [{ ...product, stocks: gramsToKg(grams) }];
    }),
    productsDocCount: matches.productsDocCount,
  };
}

export interface AdminProductsQuery {
  search?: string;
  sort?: AdminProductSort;
  order?: SortOrder;
  /** One page; without it every matching product. */
  page?: { page: number; limit: number };
}

/** The admin products table; `productsDocCount` counts every product that matches the search. */
export async function listAdminProducts(db: Db, query: AdminProductsQuery) {
  const { rows, total } = await repo.findAdminProducts(db, {
    search: query.search,
    sort: query.sort,
    order: query.order ?? 'asc',
    paging: query.page && pageRows(query.page.page, query.page.limit),
  });
  return { products: rows.map(presentAdminProduct), productsDocCount: total };
}

/** One product for the admin, with its cost rate. */
export async function getAdminProduct(db: Db, id: string) {
  const row = await repo.findAdminProductById(db, id);
  if (!row) throw notFound('Product');
  return presentAdminProduct(row);
}

/**
 * The products best matching what a shopper has typed so far, at most SUGGESTION_LIMIT; when none
 * match, the closest names (so a search with no results can ask "Did you mean …?").
 */
export async function suggestProducts({ work, reads }: CatalogStore, query: string) {
  const matches = await repo.findSuggestions(reads, query, SUGGESTION_LIMIT);
  const rows = matches.length ? matches : await repo.findClosest(work.db, query, SUGGESTION_LIMIT);
  return rows.map(presentSuggestion);
}

export async function listRecentProducts(reads: CatalogReads) {
  return (await repo.findRecentProducts(reads, RECENT_PRODUCTS_LIMIT)).map(presentProduct);
}

export async function getProduct(reads: CatalogReads, id: string) {
  const row = await repo.findProductById(reads, id);
  if (!row) throw notFound('Product');
  return presentProduct(row);
}
type ProductView = Awaited<ReturnType<typeof getProduct>>;

/**
 * One product as the product's answer and its page show it: its fields as kept through stock moves
 * (`catalog.productFields`, read on a miss), its stock read again by primary key (decision 0046's
 * addendum); deleted meanwhile, not found.
 */
export async function productWithStockNow(reads: CatalogReads, cache: ResponseCache, id: string): Promise<ProductView> {
  const fields = await cache.json(catalogCache.reads.productFields, id, () => getProduct(reads, id));
  const kept = JSON.parse(fields) as ProductView;
  const [now] = (await withCurrentStock(reads, { products: [kept], productsDocCount: 1 })).products;
  if (!now) throw notFound('Product');
  return now;
}

export async function listCategories(db: Db) {
  return (await repo.findCategories(db)).map(presentCategory);
}

/** Decodes and re-encodes an upload; a picture we cannot accept becomes a problem, too large a 413. */
async function prepareImage(
  image: UploadForm['image'],
  options: { required: boolean; missing: CodedMessage },
  problems: CodedMessage[],
): Promise<EncodedImage | null> {
  if (image === null) {
    if (options.required) problems.push(options.missing);
    return null;
  }
  try {
    return await encodeImage(imageBytes(image));
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid') {
      problems.push(...(Array.isArray(error.messages) ? error.messages : [error.messages]));
      return null;
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

function isForeignKeyViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23503' || codeOf((error as { cause?: unknown } | null)?.cause) === '23503';
}

/** Another product has this PLU: a scale's barcode must name one product. */
const pluTaken = (plu: number) => new AppError('conflict', serverMessage('pluTaken', { plu }));

const duplicateCategory = (name: string) => new AppError('conflict', serverMessage('categoryNameTaken', { name }));

async function readCategoryForm(db: Db, form: UploadForm, options: { imageRequired: boolean; exceptId?: string }) {
  const problems: CodedMessage[] = [];
  const name = readName(form.fields.categoryName, CATEGORY_NAME_MESSAGES, CATEGORY_NAME_MAX_LENGTH, problems);
  const nameHi = readHindiName(form.fields.categoryNameHi, problems);
  const image = await prepareImage(
    form.image,
    { required: options.imageRequired, missing: serverMessage('categoryImageRequired') },
    problems,
  );
  const [first] = problems;
  if (first) throw new AppError('invalid', first);
  if (await repo.findCategoryByName(db, name, options.exceptId)) throw duplicateCategory(name);
  return { name, nameHi, image };
}

export async function addCategory({ work }: CatalogStore, shop: CatalogShop, form: UploadForm) {
  const { name, nameHi, image } = await readCategoryForm(work.db, form, {
    imageRequired: isPictureRequiredToAdd(shop),
  });
  try {
    const row = await work.transaction(async (tx, touch) => {
      touch(...writes.catalogueEdited.tags());
      const imageId = image ? await storeImage(tx, image) : null;
      return repo.insertCategory(tx, { name, nameHi: nameHi ?? '', imageId });
    });
    return presentCategory(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCategory(name);
    throw error;
  }
}

export async function updateCategory({ work }: CatalogStore, id: string, form: UploadForm): Promise<void> {
  if (!(await repo.findCategoryById(work.db, id))) throw notFound('Category');
  const { name, nameHi, image } = await readCategoryForm(work.db, form, { imageRequired: false, exceptId: id });
  // A form without the Hindi name (the spec's own client) keeps the one the category has.
  const names = nameHi === undefined ? { name } : { name, nameHi };
  try {
    await work.transaction(async (tx, touch) => {
      touch(...writes.catalogueEdited.tags());
      const current = await repo.lockCategory(tx, id);
      if (!current) throw notFound('Category');
      if (!image) return repo.updateCategory(tx, id, names);
      const imageId = await storeImage(tx, image);
      await repo.updateCategory(tx, id, { ...names, imageId });
      await releaseImage(tx, current.imageId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCategory(name);
    throw error;
  }
}

const categoryInUse = (count: number) => new AppError('conflict', serverMessage('categoryHasProducts', { count }));

export async function deleteCategory({ work }: CatalogStore, id: string) {
  try {
    return await work.transaction(async (tx, touch) => {
      touch(...writes.catalogueEdited.tags());
      const current = await repo.lockCategory(tx, id);
      if (!current) throw notFound('Category');
      const count = await repo.countProductsInCategory(tx, id);
      if (count > 0) throw categoryInUse(count);
      await repo.deleteCategory(tx, id);
      await releaseImage(tx, current.imageId);
      return presentCategory(current);
    });
  } catch (error) {
    // A product added to the category while it was being deleted keeps it alive.
    if (isForeignKeyViolation(error)) throw categoryInUse(await repo.countProductsInCategory(work.db, id));
    throw error;
  }
}

/** Checks every product field, the category and the image; all problems are reported together. An add takes its category's tax fields unless given. */
async function readProductForm(
  db: Db,
  form: UploadForm,
  options: { isAdd: boolean; imageRequired: boolean; unit?: Unit },
) {
  const problems: CodedMessage[] = [];
  const fields = readProductFields(form.fields, problems, options.unit);
  const category = fields.categoryId ? await repo.findCategoryById(db, fields.categoryId) : null;
  if (fields.categoryId && !category) problems.push(serverMessage('categoryDoesNotExist'));
  const image = await prepareImage(
    form.image,
    { required: options.imageRequired, missing: serverMessage('imageRequired') },
    problems,
  );
  if (problems.length || !fields.categoryId || !category) throw new AppError('invalid', problems);
  const { aliases, hsnCode, gstRate, plu, ...rest } = fields;
  // An update without the field keeps the aliases and tax fields; an add starts with no aliases
  // and its category's tax fields (decision 0010).
  const values: repo.ProductValues = {
    ...rest,
    categoryId: fields.categoryId,
    ...(aliases ? { aliases } : {}),
    ...(options.isAdd ? categoryTaxDefaults(category.name) : {}),
    ...(hsnCode ? { hsnCode } : {}),
    ...(gstRate !== undefined ? { gstRate } : {}),
    ...(plu !== undefined ? { plu } : {}),
  };
  return { values, image };
}

export async function addProduct({ work, reads }: CatalogStore, shop: CatalogShop, form: UploadForm) {
  const { values, image } = await readProductForm(work.db, form, {
    isAdd: true,
    imageRequired: isPictureRequiredToAdd(shop),
  });
  try {
    const id = await work.transaction(async (tx, touch) => {
      touch(...writes.catalogueEdited.tags());
      const imageId = image ? await storeImage(tx, image) : null;
      return repo.insertProduct(tx, { ...values, imageId });
    });
    return getProduct(reads, id);
  } catch (error) {
    if (isUniqueViolation(error) && values.plu) throw pluTaken(values.plu);
    // The category was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new AppError('invalid', [serverMessage('categoryDoesNotExist')]);
    throw error;
  }
}

export async function updateProduct({ work }: CatalogStore, id: string, form: UploadForm): Promise<void> {
  const unit = await repo.findProductUnit(work.db, id);
  if (!unit) throw notFound('Product');
  // Without a unit in the form the product keeps its own, and its options are checked against it.
  const { values, image } = await readProductForm(work.db, form, { isAdd: false, imageRequired: false, unit });
  try {
    await work.transaction(async (tx, touch) => {
      touch(...writes.catalogueEdited.tags());
      const current = await repo.lockProduct(tx, id);
      if (!current) throw notFound('Product');
      if (!image) return repo.updateProduct(tx, id, values);
      const imageId = await storeImage(tx, image);
      await repo.updateProduct(tx, id, { ...values, imageId });
      await releaseImage(tx, current.imageId);
    });
  } catch (error) {
    if (isUniqueViolation(error) && values.plu) throw pluTaken(values.plu);
    if (isForeignKeyViolation(error)) throw new AppError('invalid', [serverMessage('categoryDoesNotExist')]);
    throw error;
  }
}

/**
 * Order lines keep their own copy of name, rate and picture, so past orders still read well; their
 * product id becomes null, so every order read showing one of those lines changes too.
 */
export async function deleteProduct({ work }: CatalogStore, id: string): Promise<void> {
  await work.transaction(async (tx, touch) => {
    const current = await repo.lockProduct(tx, id);
    if (!current) throw notFound('Product');
    touch(...writes.productDeleted.tags(await repo.findBuyersOfProduct(tx, id)));
    await repo.deleteProduct(tx, id);
    await releaseImage(tx, current.imageId);
  });
}

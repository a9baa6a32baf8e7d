/**
 * The daily rate board (decision 0036): the board in walking order, publishing rates now or at a
 * moment (all of them or none), applying due changes on whichever process gets there first, each
 * product's history, and the day's list for the public page and for WhatsApp.
 */
import { normaliseSearchText } from '@mandi/shared';
import { shopDateOf } from '@mandi/shared/kernel';
import {
  RATE_BOARD_MAX_RUPEES,
  RATE_SCHEDULE_MAX_DAYS,
  type RateChange,
  type RateListLanguage,
  type RateRow,
  type RatesTodayAnswer,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isUuid, pageRows } from '../../lib/validation.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { ratesCache } from './rates.cache.js';
import { presentChange, presentPublicRate, presentRateRow } from './rates.presenter.js';
import * as repo from './rates.repository.js';
import { rateListText, readRatePaise, scheduleOf } from './rates.rules.js';

/** Every product in walking order with its rate, previous rate, cost, margin and pending change. */
export async function board(db: Db): Promise<RateRow[]> {
  return (await repo.boardRows(db)).map(presentRateRow);
}

/** One page of the board in walking order (`search`: names and aliases holding it), with how many rows there are in all. */
export async function boardPage(
  db: Db,
  query: { page: number; limit: number; search: string },
): Promise<{ rates: RateRow[]; total: number }> {
  const search = normaliseSearchText(query.search);
  const rows = await repo.boardRows(db, {
    search: search || undefined,
    page: pageRows(query.page, query.limit),
  });
  const total = rows[0]?.matched ?? (query.page > 1 ? await repo.countBoard(db, search || undefined) : 0);
  return { rates: rows.map(presentRateRow), total };
}

export interface PublishInput {
  rates: readonly { productId: string; rate: unknown }[];
  effectiveAt?: string | null;
}

/**
 * Publishes the rates: every one is checked first and any bad one refuses the whole publish
 * (naming its product), nothing changed. Now: each product whose rate differs gets it, with a
 * history row. At a moment: each product's pending change is replaced by this one. Products are
 * locked in id order; a schedule locks the pending changes it replaces before them.
 */
export async function publish(work: UnitOfWork, now: Date, actorId: string, input: PublishInput): Promise<void> {
  const at = scheduleOf(input.effectiveAt, now);
  if (at === 'invalid')
    throw new AppError('invalid', serverMessage('rateEffectiveAtInvalid', { days: RATE_SCHEDULE_MAX_DAYS }));
  const ids = input.rates.map((row) => row.productId.trim().toLowerCase());
  for (const id of ids) {
    if (!isUuid(id)) throw new AppError('notFound', serverMessage('rateProductUnknown', { productId: id }));
  }
  const unique = [...new Set(ids)];
  await work.transaction(async (tx, touch) => {
    if (at) await repo.lockPendingOf(tx, unique);
    const locked = await repo.lockProducts(tx, unique);
    const byId = new Map(locked.map((product) => [product.id, product]));
    const seen = new Set<string>();
    const wanted: { id: string; oldPaise: number; newPaise: number }[] = [];
    for (const [index, row] of input.rates.entries()) {
      const id = ids[index] as string;
      const product = byId.get(id);
      if (!product) throw new AppError('notFound', serverMessage('rateProductUnknown', { productId: id }));
      if (seen.has(id)) throw new AppError('invalid', serverMessage('rateProductTwice', { product: product.name }));
      seen.add(id);
      const ratePaise = readRatePaise(row.rate);
      if (ratePaise === null) {
        throw new AppError(
          'invalid',
          serverMessage('rateInvalidFor', { product: product.name, max: RATE_BOARD_MAX_RUPEES }),
        );
      }
      wanted.push({ id, oldPaise: product.ratePaise, newPaise: ratePaise });
    }
    if (at) {
      await repo.deletePendingOf(tx, unique);
      await repo.insertChanges(
        tx,
        wanted.map((row) => ({
          productId: row.id,
          newRatePaise: row.newPaise,
          effectiveAt: at,
          createdBy: actorId,
          createdAt: now,
        })),
      );
      // Nothing sold changes yet, but the cached board shows the schedule on its rows.
      touch(...ratesCache.writes.published.tags());
      return;
    }
    const changed = wanted.filter((row) => row.newPaise !== row.oldPaise);
    if (changed.length === 0) return;
    await repo.insertChanges(
      tx,
      changed.map((row) => ({
        productId: row.id,
        oldRatePaise: row.oldPaise,
        newRatePaise: row.newPaise,
        effectiveAt: now,
        appliedAt: now,
        createdBy: actorId,
        createdAt: now,
      })),
    );
    await repo.setRates(
      tx,
      changed.map((row) => ({ id: row.id, ratePaise: row.newPaise })),
    );
    touch(...ratesCache.writes.published.tags());
  });
}

/**
 * Applies the scheduled changes due at `now`: claims them (`FOR UPDATE SKIP LOCKED` for a timer,
 * which leaves to another process the ones it is applying; a plain `FOR UPDATE` before a read
 * answers, which waits for that process so the read never shows a rate already replaced), locks
 * their products in id order, writes the rates, marks them applied with the rates they replaced,
 * and drops the catalogue's cached reads on every process. Answers how many it applied.
 */
export async function applyDueChanges(work: UnitOfWork, now: Date, { skipLocked = true } = {}): Promise<number> {
  if (!(await repo.hasDueChange(work.db, now))) return 0;
  return work.transaction(async (tx, touch) => {
    const claimed = await repo.claimDueChanges(tx, now, skipLocked);
    if (claimed.length === 0) return 0;
    const locked = await repo.lockProducts(
      tx,
      claimed.map((change) => change.productId),
    );
    const current = new Map(locked.map((product) => [product.id, product.ratePaise]));
    await repo.markApplied(
      tx,
      claimed.map((change) => ({ id: change.id, oldRatePaise: current.get(change.productId) ?? change.newRatePaise })),
      now,
    );
    await repo.setRates(
      tx,
      claimed.map((change) => ({ id: change.productId, ratePaise: change.newRatePaise })),
    );
    touch(...ratesCache.writes.applied.tags());
    return claimed.length;
  });
}

/** A product's applied changes, newest first. */
export async function history(db: Db, productId: string): Promise<RateChange[]> {
  const id = productId.trim().toLowerCase();
  if (!isUuid(id) || !(await repo.productExists(db, id))) throw notFound('Product');
  return (await repo.history(db, id)).map(presentChange);
}

/** Today's list of the products in stock, in the asked language, with its chat text. */
export async function today(
  db: Db,
  now: Date,
  shopName: string,
  language: RateListLanguage,
): Promise<Omit<RatesTodayAnswer, 'success'>> {
  const date = shopDateOf(now);
  const rows = await repo.boardRows(db, { inStockOnly: true });
  const rates = rows.map((row) => presentPublicRate(row, language));
  const text = rateListText(
    shopName,
    date,
    language,
    rows.map((row, index) => ({
      name: rates[index]?.name ?? row.name,
      category: row.category,
      unit: rates[index]?.unit ?? 'kg',
      ratePaise: row.ratePaise,
    })),
  );
  return { date, text, rates };
}

/**
 * The rate of each product in force at `at`, in paise (the rate board's history): a sale made
 * offline at the counter keeps the price the shopper was told (contract "Counter sales").
 */
/** The rate changes scheduled and not yet applied, by product id (a counter kept offline prices by them once due). */
export function scheduledRates(db: Db): Promise<Map<string, { ratePaise: number; effectiveAt: Date }>> {
  return repo.pendingChanges(db);
}

export function ratesInForceAt(db: Db, productIds: readonly string[], at: Date): Promise<Map<string, number>> {
  return repo.ratesAt(db, productIds, at);
}

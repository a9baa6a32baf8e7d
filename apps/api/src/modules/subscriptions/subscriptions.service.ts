/**
 * Standing orders (contract part 4, "Standing orders"; decision 0064): the shopper's standing
 * orders and their changes until the cut-off the evening before, the admin's view of a date, and
 * the run that makes a date's orders, one per household, through the orders module's placing path.
 */

import { pictureUrl } from '@mandi/shared';
import { formatMinuteOfDay, parseSlotId } from '@mandi/shared/delivery';
import {
  addDays,
  changesCloseAt,
  DEFAULT_SUBSCRIPTION_CUTOFF,
  datesDue,
  firstOpenDate,
  hindiNameOf,
  isScheduledOn,
  nextDueDate,
  paiseToRupees,
  STANDING_HORIZON_DAYS,
  type StandingCalendar,
  shopDateOf,
  shopInstant,
  standingDayState,
  unitOrDefault,
} from '@mandi/shared/kernel';
import {
  MAX_ACTIVE_SUBSCRIPTIONS,
  MAX_SUBSCRIPTION_PAUSES,
  type Subscription,
  type SubscriptionFailure,
  type SubscriptionFailureReason,
  type SubscriptionsDayAnswer,
  type SubscriptionsRunAnswer,
  type subscriptionCreateSchema,
  type subscriptionUpdateSchema,
} from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { yieldToLoop } from '../../lib/csv-stream.js';
import { isUuid } from '../../lib/validation.js';
import { listAddresses } from '../accounts/addresses.service.js';
import type { StandingDelivery } from '../delivery/delivery.participant.js';
import * as delivery from '../delivery/delivery.service.js';
import { khataHolder } from '../khata/khata.service.js';
import type { NotificationDispatcher } from '../notifications/notifications.dispatcher.js';
import { queueStandingNotice } from '../notifications/notifications.service.js';
import type { OrderRequest } from '../orders/orders.lifecycle.js';
import { checkSoldQuantity, toGrams } from '../orders/orders.rules.js';
import { getOrdersByIds, type OrderLifecycle } from '../orders/orders.service.js';
import { ratesInForceAt } from '../rates/rates.service.js';
import { dayIn, missedLinesText, shopClosedMail, standingOrderMissedMail } from './subscriptions.mail.js';
import type { StandingOrderRequest } from './subscriptions.participant.js';
import * as repo from './subscriptions.repository.js';

export type SubscriptionsDeps = Pick<AppDeps, 'db' | 'work' | 'shop' | 'mailer' | 'afterAnswer' | 'config'> & {
  lifecycle: OrderLifecycle;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The WhatsApp outbox, for the shoppers who chose WhatsApp. */
  notifications: NotificationDispatcher;
};

/** The calendar days a shopper's list shows ahead. */
const UPCOMING_DAYS = 14;
/** How far ahead the admin may make a date's orders by hand. */
const RUN_AHEAD_DAYS = 7;
/** How long a run waits for another process making the same date. */
const RUN_WAIT_MS = 60_000;
const RUN_POLL_MS = 100;

const subscriptionNotFound = () => new AppError('notFound', serverMessage('subscriptionNotFound'));

async function cutoffOf(deps: Pick<SubscriptionsDeps, 'shop'>): Promise<string> {
  return (await deps.shop.current()).subscriptionCutoff ?? DEFAULT_SUBSCRIPTION_CUTOFF;
}

/**
 * The first date whose changes are still open: the first whose cut-off has not passed, and whose
 * orders the admin has not made early.
 */
async function changesOpenFrom(db: Db, now: Date, cutoff: string): Promise<string> {
  const first = firstOpenDate(now, cutoff);
  const ahead = Array.from({ length: RUN_AHEAD_DAYS + 1 }, (_, i) => addDays(first, i));
  const made = await repo.madeDates(db, ahead);
  let date = first;
  while (made.has(date)) date = addDays(date, 1);
  return date;
}

const calendarOf = (row: repo.SubscriptionWithCalendar): StandingCalendar => ({
  schedule: { kind: row.scheduleKind, weekdays: row.weekdays, everyNDays: row.everyNDays, startDate: row.startDate },
  skips: row.skips,
  pauses: row.pauses,
  endsOn: row.endsOn,
});

/** What the shopper's list needs beside the rows: read once for all of them. */
interface ListContext {
  today: string;
  openFrom: string;
  closed: Set<string>;
  products: Map<string, repo.ProductFacts>;
  templates: Map<string, { start: string; end: string }>;
  outcomes: { made: Map<string, string>; failed: Set<string> };
}

async function listContext(deps: SubscriptionsDeps, rows: readonly repo.SubscriptionWithCalendar[]) {
  const now = deps.now();
  const today = shopDateOf(now);
  const cutoff = await cutoffOf(deps);
  const [openFrom, closedDates, products, templates, outcomes] = await Promise.all([
    changesOpenFrom(deps.db, now, cutoff),
    delivery.listClosedDates(deps.db, today),
    repo.productFacts(
      deps.db,
      rows.flatMap((row) => (row.productId ? [row.productId] : [])),
    ),
    delivery.listTemplates(deps.db),
    repo.outcomesBetween(
      deps.db,
      rows.map((row) => row.id),
      today,
      addDays(today, UPCOMING_DAYS - 1),
    ),
  ]);
  const context: ListContext = {
    today,
    openFrom,
    closed: new Set(closedDates.map((closed) => closed.date)),
    products,
    templates: new Map(templates.map((template) => [template._id, { start: template.start, end: template.end }])),
    outcomes,
  };
  return { context, cutoff, closedDates };
}

function presentSubscription(row: repo.SubscriptionWithCalendar, context: ListContext): Subscription {
  const product = row.productId ? context.products.get(row.productId) : undefined;
  const unit = unitOrDefault(product?.unit);
  const calendar = calendarOf(row);
  const upcoming: Subscription['upcoming'] = [];
  for (let offset = 0; offset < UPCOMING_DAYS; offset += 1) {
    const date = addDays(context.today, offset);
    const key = `${row.id}@${date}`;
    const orderId = context.outcomes.made.get(key);
    if (orderId) {
      upcoming.push({ date, state: 'made', orderId });
      continue;
    }
    if (context.outcomes.failed.has(key)) {
      upcoming.push({ date, state: 'failed' });
      continue;
    }
    const state = standingDayState(calendar, date, context.closed);
    if (state) upcoming.push({ date, state });
  }
  const slot = row.slotTemplateId ? context.templates.get(row.slotTemplateId) : undefined;
  return {
    _id: row.id,
    product: {
      _id: row.productId ?? '',
      name: product?.name ?? row.productName,
      nameHi: product ? hindiNameOf(product.aliases) : null,
      unit,
      price: product ? paiseToRupees(product.ratePaise) : 0,
      picture: pictureUrl(product?.imageId ?? null, product?.name ?? row.productName),
      isActive: product !== undefined,
    },
    quantity: row.grams / 1000,
    unit,
    schedule: {
      kind: row.scheduleKind,
      weekdays: row.weekdays,
      everyNDays: row.everyNDays,
      startDate: row.startDate,
    },
    paymentMethod: row.paymentMethod,
    address: {
      _id: row.addressId,
      label: row.addressLabel,
      address: row.address,
      city: row.city,
      mobileNumber: row.mobileNumber,
      pinCode: row.pinCode,
    },
    slot: row.slotTemplateId && slot ? { _id: row.slotTemplateId, ...slot } : null,
    skips: row.skips.filter((date) => date >= context.today),
    pauses: row.pauses
      .filter((pause) => pause.to >= context.today)
      .map((pause) => ({ _id: pause.id, from: pause.from, to: pause.to })),
    // Ended from the first open date: what remains before it was made already.
    nextDate: row.endsOn !== null ? null : nextDueDate(calendar, context.openFrom, context.closed),
    status: row.endsOn === null ? 'active' : 'ended',
    upcoming,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSubscriptions(deps: SubscriptionsDeps, userId: string) {
  const rows = await repo.subscriptionsOfUser(deps.db, userId);
  const { context, cutoff, closedDates } = await listContext(deps, rows);
  return {
    subscriptions: rows.map((row) => presentSubscription(row, context)),
    cutoff,
    changesOpenFrom: context.openFrom,
    closedDates,
  };
}

async function presentOne(deps: SubscriptionsDeps, userId: string, id: string): Promise<Subscription> {
  const row = (await repo.subscriptionsOfUser(deps.db, userId)).find((one) => one.id === id);
  if (!row) throw subscriptionNotFound();
  const { context } = await listContext(deps, [row]);
  return presentSubscription(row, context);
}

// ---- the shopper's changes ----

type CreateInput = z.output<typeof subscriptionCreateSchema>;
type UpdateInput = z.output<typeof subscriptionUpdateSchema>;

/** Changes for `date` are closed (its cut-off passed, or its orders were made): a 409 naming the cut-off. */
function refuseClosed(date: string, openFrom: string, cutoff: string): void {
  if (date < openFrom) throw new AppError('conflict', serverMessage('subscriptionCutoffPassed', { date, cutoff }));
}

/**
 * Changes for a date the admin made early are closed too (contract: "changes for that date are
 * closed from then on, 409"), though the dates before it may still be open: a 409 naming the first
 * date made from `from` to `to` (no end: any after `from`). Only the week ahead can have been made.
 */
async function refuseMade(
  db: Parameters<typeof repo.madeDates>[0],
  open: { openFrom: string; cutoff: string },
  from: string,
  to?: string,
): Promise<void> {
  const dates: string[] = [];
  for (let offset = 0; offset <= RUN_AHEAD_DAYS; offset += 1) {
    const date = addDays(open.openFrom, offset);
    if (date >= from && (to === undefined || date <= to)) dates.push(date);
  }
  const [made] = [...(await repo.madeDates(db, dates))].sort();
  if (made) throw new AppError('conflict', serverMessage('subscriptionDateMade', { date: made }));
}

function refuseTooFar(date: string, today: string): void {
  if (date > addDays(today, STANDING_HORIZON_DAYS))
    throw new AppError('invalid', serverMessage('subscriptionTooFarAhead', { date }));
}

/** The product and its quantity in thousandths: one of the product's options, as in the cart. */
async function productAndGrams(db: Db, productId: string, quantity: number) {
  if (!isUuid(productId)) throw notFound('Product');
  const product = (await repo.productFacts(db, [productId.toLowerCase()])).get(productId.toLowerCase());
  if (!product) throw notFound('Product');
  const grams = checkSoldQuantity(
    { name: product.name, unit: product.unit, weightOptionsGrams: product.weightOptionsGrams },
    { grams: toGrams(quantity), quantity },
  );
  return { product, grams };
}

async function addressFields(db: Db, userId: string, addressId: string) {
  const saved = (await listAddresses(db, userId)).find((address) => address._id === addressId.toLowerCase());
  if (!saved) throw new AppError('invalid', serverMessage('subscriptionAddress'));
  return {
    addressId: saved._id,
    addressLabel: saved.label,
    address: saved.address,
    city: saved.city,
    mobileNumber: saved.mobileNumber,
    pinCode: saved.pinCode,
  };
}

async function checkSlot(db: Db, slotTemplateId: string | null): Promise<string | null> {
  if (slotTemplateId === null) return null;
  const id = slotTemplateId.toLowerCase();
  if (!isUuid(id) || !(await delivery.listTemplates(db)).some((template) => template._id === id)) {
    throw new AppError('invalid', serverMessage('subscriptionSlot'));
  }
  return id;
}

async function checkKhata(db: Db, userId: string, paymentMethod: 'COD' | 'Khata'): Promise<void> {
  if (paymentMethod === 'Khata' && !(await khataHolder(db, userId))) {
    throw new AppError('conflict', serverMessage('khataNeedsAccount'));
  }
}

export async function createSubscription(
  deps: SubscriptionsDeps,
  userId: string,
  input: CreateInput,
): Promise<Subscription> {
  const now = deps.now();
  const today = shopDateOf(now);
  const cutoff = await cutoffOf(deps);
  const openFrom = await changesOpenFrom(deps.db, now, cutoff);
  refuseClosed(input.schedule.startDate, openFrom, cutoff);
  refuseTooFar(input.schedule.startDate, today);
  // A start before a date made early would miss that date.
  await refuseMade(deps.db, { openFrom, cutoff }, input.schedule.startDate);
  const { product, grams } = await productAndGrams(deps.db, input.productId, input.quantity);
  const address = await addressFields(deps.db, userId, input.addressId);
  const slotTemplateId = await checkSlot(deps.db, input.slotTemplateId ?? null);
  await checkKhata(deps.db, userId, input.paymentMethod);
  const row = await deps.work.transaction(async (tx) => {
    if ((await repo.countRunningLocked(tx, userId)) >= MAX_ACTIVE_SUBSCRIPTIONS) {
      throw new AppError('conflict', serverMessage('subscriptionsAtMost', { max: MAX_ACTIVE_SUBSCRIPTIONS }));
    }
    return repo.insertSubscription(tx, {
      userId,
      productId: product.id,
      productName: product.name,
      grams,
      scheduleKind: input.schedule.kind,
      weekdays: input.schedule.weekdays,
      everyNDays: input.schedule.everyNDays,
      startDate: input.schedule.startDate,
      ...address,
      slotTemplateId,
      paymentMethod: input.paymentMethod,
      endsOn: null,
    });
  });
  return presentOne(deps, userId, row.id);
}

/**
 * Runs a change of one of the shopper's standing orders in a transaction, under its lock: the
 * change is given the row, the first open date and the cut-off. An ended one takes no change.
 */
async function changeSubscription(
  deps: SubscriptionsDeps,
  userId: string,
  id: string,
  change: (
    tx: Parameters<Parameters<SubscriptionsDeps['work']['transaction']>[0]>[0],
    row: repo.SubscriptionWithCalendar,
    open: { openFrom: string; cutoff: string; today: string; now: Date },
  ) => Promise<void>,
): Promise<Subscription> {
  if (!isUuid(id)) throw subscriptionNotFound();
  const subscriptionId = id.toLowerCase();
  const now = deps.now();
  const cutoff = await cutoffOf(deps);
  const openFrom = await changesOpenFrom(deps.db, now, cutoff);
  await deps.work.transaction(async (tx) => {
    const row = await repo.lockSubscription(tx, userId, subscriptionId);
    if (!row) throw subscriptionNotFound();
    if (row.endsOn !== null) throw new AppError('conflict', serverMessage('subscriptionEnded'));
    await change(tx, row, { openFrom, cutoff, today: shopDateOf(now), now });
  });
  return presentOne(deps, userId, subscriptionId);
}

export async function updateSubscription(deps: SubscriptionsDeps, userId: string, id: string, input: UpdateInput) {
  // What needs no lock is checked first: the product's options, the address, the slot, the khata.
  const current = (await repo.subscriptionsOfUser(deps.db, userId)).find((row) => row.id === id.toLowerCase());
  if (!current) throw subscriptionNotFound();
  if (input.productId !== undefined && input.productId.toLowerCase() !== current.productId) {
    throw new AppError('invalid', serverMessage('subscriptionProductChange'));
  }
  let grams: number | undefined;
  if (input.quantity !== undefined) {
    if (!current.productId)
      throw new AppError('conflict', serverMessage('subscriptionNotSold', { name: current.productName }));
    grams = (await productAndGrams(deps.db, current.productId, input.quantity)).grams;
  }
  const address = input.addressId !== undefined ? await addressFields(deps.db, userId, input.addressId) : undefined;
  const slotTemplateId =
    input.slotTemplateId !== undefined ? await checkSlot(deps.db, input.slotTemplateId) : undefined;
  if (input.paymentMethod !== undefined) await checkKhata(deps.db, userId, input.paymentMethod);
  return changeSubscription(deps, userId, id, async (tx, row, { openFrom, cutoff, today, now }) => {
    const schedule = input.schedule;
    if (schedule && schedule.startDate !== row.startDate) {
      refuseClosed(schedule.startDate, openFrom, cutoff);
      refuseTooFar(schedule.startDate, today);
      await refuseMade(tx, { openFrom, cutoff }, schedule.startDate);
    }
    await repo.updateSubscription(
      tx,
      row.id,
      {
        ...(grams !== undefined ? { grams } : {}),
        ...(schedule
          ? {
              scheduleKind: schedule.kind,
              weekdays: schedule.weekdays,
              everyNDays: schedule.everyNDays,
              startDate: schedule.startDate,
            }
          : {}),
        ...(address ?? {}),
        ...(slotTemplateId !== undefined ? { slotTemplateId } : {}),
        ...(input.paymentMethod !== undefined ? { paymentMethod: input.paymentMethod } : {}),
      },
      now,
    );
  });
}

/** Ends a standing order from the first open date on (the dates already closed still come). */
export async function endSubscription(deps: SubscriptionsDeps, userId: string, id: string): Promise<CodedMessage> {
  if (!isUuid(id)) throw subscriptionNotFound();
  const now = deps.now();
  const openFrom = await changesOpenFrom(deps.db, now, await cutoffOf(deps));
  await deps.work.transaction(async (tx) => {
    const row = await repo.lockSubscription(tx, userId, id.toLowerCase());
    if (!row) throw subscriptionNotFound();
    if (row.endsOn !== null) return;
    await repo.updateSubscription(tx, row.id, { endsOn: openFrom < row.startDate ? row.startDate : openFrom }, now);
  });
  return serverMessage('subscriptionEndedNow');
}

export async function skipDate(deps: SubscriptionsDeps, userId: string, id: string, date: string) {
  return changeSubscription(deps, userId, id, async (tx, row, { openFrom, cutoff, today }) => {
    refuseClosed(date, openFrom, cutoff);
    refuseTooFar(date, today);
    await refuseMade(tx, { openFrom, cutoff }, date, date);
    const isDelivered = isScheduledOn(calendarOf(row).schedule, date) && (row.endsOn === null || date < row.endsOn);
    if (!isDelivered) throw new AppError('invalid', serverMessage('subscriptionNotDeliveredOn', { date }));
    await repo.insertSkip(tx, row.id, date);
  });
}

export async function unskipDate(deps: SubscriptionsDeps, userId: string, id: string, date: string) {
  return changeSubscription(deps, userId, id, async (tx, row, { openFrom, cutoff }) => {
    refuseClosed(date, openFrom, cutoff);
    await refuseMade(tx, { openFrom, cutoff }, date, date);
    await repo.deleteSkip(tx, row.id, date);
  });
}

export async function addPause(deps: SubscriptionsDeps, userId: string, id: string, from: string, to: string) {
  if (to < from) throw new AppError('invalid', serverMessage('subscriptionPauseOrder'));
  return changeSubscription(deps, userId, id, async (tx, row, { openFrom, cutoff, today }) => {
    refuseClosed(from, openFrom, cutoff);
    refuseTooFar(to, today);
    await refuseMade(tx, { openFrom, cutoff }, from, to);
    if (row.pauses.filter((pause) => pause.to >= today).length >= MAX_SUBSCRIPTION_PAUSES) {
      throw new AppError('conflict', serverMessage('subscriptionPausesAtMost', { max: MAX_SUBSCRIPTION_PAUSES }));
    }
    await repo.insertPause(tx, row.id, from, to);
  });
}

/**
 * Removes a pause; one that has begun ends before the first open date instead (the closed dates
 * keep it), and one that is over cannot change.
 */
export async function removePause(deps: SubscriptionsDeps, userId: string, id: string, pauseId: string) {
  return changeSubscription(deps, userId, id, async (tx, row, { openFrom, cutoff }) => {
    const pause = row.pauses.find((one) => one.id === pauseId.toLowerCase());
    if (!pause) throw new AppError('notFound', serverMessage('subscriptionPauseNotFound'));
    refuseClosed(pause.to, openFrom, cutoff);
    await refuseMade(tx, { openFrom, cutoff }, pause.from, pause.to);
    await repo.deletePause(tx, row.id, pause.id);
    if (pause.from < openFrom) await repo.insertPause(tx, row.id, pause.from, addDays(openFrom, -1));
  });
}

// ---- making a date's orders ----

/** A standing order's line that could not be made for the date, and why. */
interface Failed {
  subscription: repo.RunCandidate;
  reason: SubscriptionFailureReason;
  message: CodedMessage;
}

const reasonOf = (error: AppError): SubscriptionFailureReason => {
  const code = Array.isArray(error.messages) ? error.messages[0]?.code : (error.messages as CodedMessage).code;
  switch (code) {
    case 'notEnoughStock':
    case 'notEnoughStockFor':
      return 'noStock';
    case 'khataOverLimit':
    case 'khataNeedsAccount':
    case 'khataClosedAccount':
      return 'khataLimit';
    case 'productNoLongerSold':
      return 'offSale';
    case 'notDeliveredTo':
      return 'notServed';
    default:
      return 'other';
  }
};
const firstMessage = (error: AppError): CodedMessage =>
  Array.isArray(error.messages) ? (error.messages[0] as CodedMessage) : (error.messages as CodedMessage);

/** The moment whose rates a date's order is priced at: its slot's start, or midday with no slot. */
const rateMinuteOf = (template: { startMinute: number } | undefined) => template?.startMinute ?? 12 * 60;

/** A slot template as a run reads it. */
type SlotTimes = Awaited<ReturnType<typeof delivery.slotTemplateTimes>>[number];

/**
 * The slot a household's order will be booked in on the date, as delivery books it: its chosen
 * template when that runs on the date's weekday, else the day's earliest (the zone aside), else none.
 */
function bookedTemplateOf(date: string, templateId: string | null, templates: readonly SlotTimes[]) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const chosen = templates.find((template) => template.id === templateId && template.days.includes(weekday));
  return chosen ?? templates.find((template) => template.days.includes(weekday));
}

/** Households placed at once: small batches keep each of the placer's transactions (and its hold on the event loop) short. */
const HOUSEHOLDS_AT_ONCE = 16;
/** The longest rest between two groups of households (a group held up by a lock is not waited for twice). */
const MAX_REST_MS = 250;

/**
 * Makes the date's standing orders: one order per household holding its lines due that day. Waits
 * while another process makes the same date (then finds it made). Safe to run any number of times.
 */
export async function makeDate(deps: SubscriptionsDeps, date: string): Promise<SubscriptionsRunAnswer> {
  const waitUntil = Date.now() + RUN_WAIT_MS;
  while (!(await repo.claimRun(deps.db, date))) {
    if (Date.now() > waitUntil) throw new AppError('unavailable', serverMessage('subscriptionRunBusy', { date }));
    await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
  }
  let made: { created: number; skipped: number };
  try {
    made = await makeClaimedDate(deps, date);
  } catch (error) {
    await repo.abandonRun(deps.db, date);
    throw error;
  }
  await repo.releaseRun(deps.db, date, deps.now(), made.created);
  return { success: true, date, ...made, failures: await failuresOf(deps.db, date) };
}

async function makeClaimedDate(deps: SubscriptionsDeps, date: string): Promise<{ created: number; skipped: number }> {
  const { db, lifecycle } = deps;
  const [candidates, closedDates, templateRows] = await Promise.all([
    repo.runningOn(db, date),
    delivery.listClosedDates(db, date, date),
    delivery.slotTemplateTimes(db),
  ]);
  const closed = new Set(closedDates.map((row) => row.date));
  const failed: Failed[] = [];
  const households = new Map<string, repo.RunCandidate[]>();
  const madeHouseholds = new Set<string>();
  for (const subscription of candidates) {
    if (subscription.isMade) madeHouseholds.add(subscription.userId);
    if (subscription.isMade || subscription.hasFailed) continue;
    const state = standingDayState(calendarOf(subscription), date, closed);
    if (state === 'closed') {
      failed.push({ subscription, reason: 'shopClosed', message: serverMessage('shopClosedOn', { date }) });
    } else if (state === 'due') {
      households.set(subscription.userId, [...(households.get(subscription.userId) ?? []), subscription]);
    }
  }
  // The event loop is given back between the run's steps (decision 0064).
  await yieldToLoop();
  // A household whose order for the date exists already: made by an earlier run.
  for (const userId of madeHouseholds) households.delete(userId);

  const products = await repo.productFacts(
    db,
    [...households.values()].flat().flatMap((subscription) => (subscription.productId ? [subscription.productId] : [])),
  );
  // The rates in force at each booked slot's start on the date (one read per distinct start).
  const minutes = new Set(
    [...households.values()].map((lines) =>
      rateMinuteOf(bookedTemplateOf(date, lines[0]?.slotTemplateId ?? null, templateRows)),
    ),
  );
  const ratesAt = new Map<number, Map<string, number>>();
  for (const minute of minutes) {
    ratesAt.set(minute, await ratesInForceAt(db, [...products.keys()], shopInstant(date, minute)));
  }

  // Stock shared out in a fixed order (households by account), so what can be made is known before placing.
  const stockLeft = new Map([...products].map(([id, product]) => [id, product.stockGrams]));
  const requests: { userId: string; lines: repo.RunCandidate[]; request: OrderRequest }[] = [];
  let judged = 0;
  for (const [userId, subscriptionsOfHousehold] of [...households].sort(([a], [b]) => a.localeCompare(b))) {
    judged += 1;
    if (judged % 50 === 0) await yieldToLoop();
    const lines: repo.RunCandidate[] = [];
    for (const subscription of subscriptionsOfHousehold) {
      const product = subscription.productId ? products.get(subscription.productId) : undefined;
      if (!product) {
        failed.push({
          subscription,
          reason: 'offSale',
          message: serverMessage('subscriptionNotSold', { name: subscription.productName }),
        });
      } else if (!product.weightOptionsGrams.includes(subscription.grams)) {
        failed.push({
          subscription,
          reason: 'offSale',
          message: serverMessage('subscriptionNotSold', { name: product.name }),
        });
      } else if ((stockLeft.get(product.id) ?? 0) < subscription.grams) {
        failed.push({
          subscription,
          reason: 'noStock',
          message: serverMessage('notEnoughStockFor', { name: product.name }),
        });
      } else {
        stockLeft.set(product.id, (stockLeft.get(product.id) ?? 0) - subscription.grams);
        lines.push(subscription);
      }
    }
    if (lines.length) requests.push({ userId, lines, request: requestOf(date, lines, templateRows, ratesAt) });
  }

  let created = 0;
  let skipped = madeHouseholds.size;
  let unexpected: unknown = null;
  let groupMs = 0;
  const outcomes: { placed: Awaited<ReturnType<typeof lifecycle.placer.place>> | null; error: unknown }[] = [];
  for (let start = 0; start < requests.length; start += HOUSEHOLDS_AT_ONCE) {
    const group = requests.slice(start, start + HOUSEHOLDS_AT_ONCE);
    // After each group, as long a rest as it took: the run never has the database and the event
    // loop more than half the time, so a sale at the counter meanwhile waits for one group at most.
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, groupMs));
    const groupStart = performance.now();
    outcomes.push(
      ...(await Promise.all(
        group.map(({ request }) =>
          lifecycle.placer.place(request).then(
            (placed) => ({ placed, error: null }),
            (error: unknown) => ({ placed: null, error }),
          ),
        ),
      )),
    );
    groupMs = Math.min(performance.now() - groupStart, MAX_REST_MS);
  }
  const retries: (typeof requests)[number][] = [];
  outcomes.forEach((outcome, index) => {
    const household = requests[index];
    if (!household) return;
    if (outcome.placed) {
      if (outcome.placed.isNew) created += 1;
      else skipped += 1;
    } else if (outcome.error instanceof AppError && reasonOf(outcome.error) === 'noStock') {
      // Online orders took the stock meanwhile: the short lines are found below, the rest goes again.
      retries.push(household);
    } else if (outcome.error instanceof AppError) {
      const error = outcome.error;
      for (const subscription of household.lines)
        failed.push({ subscription, reason: reasonOf(error), message: firstMessage(error) });
    } else {
      unexpected ??= outcome.error;
    }
  });
  for (const household of retries) {
    const fresh = await repo.productFacts(
      db,
      household.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
    );
    const fits = household.lines.filter((line) => (fresh.get(line.productId ?? '')?.stockGrams ?? 0) >= line.grams);
    for (const line of household.lines.filter((one) => !fits.includes(one))) {
      failed.push({
        subscription: line,
        reason: 'noStock',
        message: serverMessage('notEnoughStockFor', {
          name: fresh.get(line.productId ?? '')?.name ?? line.productName,
        }),
      });
    }
    if (!fits.length) continue;
    try {
      const placed = await lifecycle.placer.place(requestOf(date, fits, templateRows, ratesAt));
      if (placed.isNew) created += 1;
      else skipped += 1;
    } catch (error) {
      if (!(error instanceof AppError)) {
        unexpected ??= error;
        continue;
      }
      for (const subscription of fits)
        failed.push({ subscription, reason: reasonOf(error), message: firstMessage(error) });
    }
  }
  if (created) lifecycle.events.dispatchSoon();

  const written = await repo.insertFailures(
    db,
    failed.map(({ subscription, reason, message }) => ({
      subscriptionId: subscription.id,
      date,
      reason,
      message: message.message,
    })),
  );
  // Each shopper is told once of what will not come (a closed date was told when it was closed).
  const toTell = new Set(written.filter((failure) => failure.reason !== 'shopClosed').map((f) => f.subscriptionId));
  tellShoppers(
    deps,
    date,
    failed.filter((failure) => toTell.has(failure.subscription.id)),
  );
  // Anything else (the database gone for a moment) leaves the date to the next run, which makes
  // only what this one did not.
  if (unexpected) throw unexpected;
  return { created, skipped };
}

/** The order request of a household's lines due on the date: the earliest standing order's address, slot and payment. */
function requestOf(
  date: string,
  lines: readonly repo.RunCandidate[],
  templates: readonly SlotTimes[],
  ratesAt: ReadonlyMap<number, ReadonlyMap<string, number>>,
): OrderRequest {
  const first = lines[0] as repo.RunCandidate;
  const rates =
    ratesAt.get(rateMinuteOf(bookedTemplateOf(date, first.slotTemplateId, templates))) ?? new Map<string, number>();
  const standing: StandingDelivery = { date, templateId: first.slotTemplateId };
  const made: StandingOrderRequest = { date, subscriptionIds: lines.map((line) => line.id) };
  return {
    customer: {
      userId: first.userId,
      firstName: first.firstName,
      lastName: first.lastName,
      // The shopper set it up once: no "order placed" mail every morning.
      email: null,
      language: first.language === 'hi' ? 'hi' : 'en',
    },
    channel: 'subscription',
    lines: lines.map((line) => {
      const productId = line.productId as string;
      const ratePaise = rates.get(productId);
      return {
        productId,
        grams: line.grams,
        quantity: line.grams / 1000,
        ...(ratePaise !== undefined ? { ratePaise } : {}),
      };
    }),
    shipping: { address: first.address, city: first.city, mobileNumber: first.mobileNumber, pinCode: first.pinCode },
    idempotencyKey: `standing:${date}`,
    extensions: {
      delivery: { slotId: null, standing },
      khata: { onKhata: first.paymentMethod === 'Khata' },
      subscriptions: made,
    },
  };
}

/** Mails each shopper, after the run, the lines of the date that will not come and why. */
function tellShoppers(deps: SubscriptionsDeps, date: string, failed: readonly Failed[]): void {
  const byUser = new Map<string, Failed[]>();
  for (const failure of failed) {
    byUser.set(failure.subscription.userId, [...(byUser.get(failure.subscription.userId) ?? []), failure]);
  }
  for (const [userId, failures] of byUser) {
    const lines = failures.map((failure) => ({ name: failure.subscription.productName, reason: failure.reason }));
    deps.afterAnswer.push(
      async () => {
        await queueStandingNotice(
          { ...deps, dispatcher: deps.notifications },
          {
            userId,
            template: 'standing_order_missed',
            parameters: (language) => [dayIn(date, language), missedLinesText(lines, language)],
            dedupeKey: `standing-missed:${userId}:${date}`,
          },
        );
        const mail = await standingOrderMissedMail(deps, userId, date, lines);
        if (mail) await deps.mailer.send(mail);
      },
      deps.log,
      `the standing order mail (${date}) could not be sent`,
    );
  }
}

async function failuresOf(db: Db, date: string): Promise<SubscriptionFailure[]> {
  return (await repo.failuresOn(db, date)).map((row) => ({
    subscriptionId: row.subscriptionId,
    date: row.date,
    reason: row.reason,
    message: row.message,
    productId: row.productId,
    productName: row.productName,
    customer: { _id: row.userId, name: `${row.firstName} ${row.lastName}`.trim() },
  }));
}

// ---- the admin's view of a date ----

export async function dayOfStandingOrders(
  deps: SubscriptionsDeps,
  date: string | undefined,
): Promise<SubscriptionsDayAnswer> {
  const now = deps.now();
  const cutoff = await cutoffOf(deps);
  const day = date ?? firstOpenDate(now, cutoff);
  const [made, candidates, closedDates, templates, failures] = await Promise.all([
    repo.madeDates(deps.db, [day]),
    repo.runningOn(deps.db, day),
    delivery.listClosedDates(deps.db, day, day),
    delivery.slotTemplateTimes(deps.db),
    failuresOf(deps.db, day),
  ]);
  const closed = new Set(closedDates.map((row) => row.date));
  // What will come (or came): the lines made, and those still due when the date is not made.
  const isMade = made.has(day);
  const lines = candidates.filter(
    (subscription) =>
      subscription.isMade ||
      (!isMade && !subscription.hasFailed && standingDayState(calendarOf(subscription), day, closed) === 'due'),
  );
  const products = await repo.productFacts(
    deps.db,
    lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const orderRows = await repo.ordersOn(deps.db, day);
  const orderViews = await getOrdersByIds(
    deps.db,
    deps.lifecycle.participants,
    orderRows.map((row) => row.orderId),
  );
  // A made order's slot is the one delivery booked (the earliest of the day when none was chosen).
  const madeSlotOf = new Map(
    [...orderViews.values()].flatMap((order) =>
      order.userId && order.deliverySlot
        ? [
            [
              order.userId,
              {
                id: parseSlotId(order.deliverySlot._id)?.templateId ?? order.deliverySlot._id,
                start: order.deliverySlot.start,
                end: order.deliverySlot.end,
              },
            ] as const,
          ]
        : [],
    ),
  );
  const templateOf = (line: repo.RunCandidate) => {
    if (line.isMade) return madeSlotOf.get(line.userId);
    const template = templates.find((one) => one.id === line.slotTemplateId);
    return template
      ? { id: template.id, start: formatMinuteOfDay(template.startMinute), end: formatMinuteOfDay(template.endMinute) }
      : undefined;
  };
  const productRows = new Map<string, SubscriptionsDayAnswer['products'][number] & { users: Set<string> }>();
  const slotRows = new Map<string, SubscriptionsDayAnswer['slots'][number] & { users: Set<string> }>();
  // A household's order goes in its earliest standing order's slot.
  const householdSlot = new Map<string, repo.RunCandidate>();
  for (const line of lines) if (!householdSlot.has(line.userId)) householdSlot.set(line.userId, line);
  for (const line of lines) {
    if (!line.productId) continue;
    const product = products.get(line.productId);
    const name = product?.name ?? line.productName;
    const unit = unitOrDefault(product?.unit);
    const row = productRows.get(line.productId) ?? {
      productId: line.productId,
      name,
      nameHi: product ? hindiNameOf(product.aliases) : null,
      unit,
      quantity: 0,
      households: 0,
      users: new Set<string>(),
    };
    row.quantity += line.grams;
    row.users.add(line.userId);
    productRows.set(line.productId, row);
    const template = templateOf(householdSlot.get(line.userId) ?? line);
    const slotKey = template?.id ?? 'none';
    const slot = slotRows.get(slotKey) ?? {
      slotId: template?.id ?? null,
      start: template?.start ?? null,
      end: template?.end ?? null,
      households: 0,
      products: [],
      users: new Set<string>(),
    };
    slot.users.add(line.userId);
    const inSlot = slot.products.find((one) => one.productId === line.productId);
    if (inSlot) inSlot.quantity += line.grams;
    else slot.products.push({ productId: line.productId, name, unit, quantity: line.grams });
    slotRows.set(slotKey, slot);
  }
  return {
    success: true,
    date: day,
    cutoffAt: changesCloseAt(day, cutoff).toISOString(),
    made: isMade,
    products: [...productRows.values()]
      .map(({ users, ...row }) => ({ ...row, quantity: row.quantity / 1000, households: users.size }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    slots: [...slotRows.values()]
      .map(({ users, ...row }) => ({
        ...row,
        households: users.size,
        products: row.products.map((product) => ({ ...product, quantity: product.quantity / 1000 })),
      }))
      .sort((a, b) => (a.start ?? '99').localeCompare(b.start ?? '99')),
    orders: orderRows.flatMap((row) => {
      const order = orderViews.get(row.orderId);
      if (!order) return [];
      return [
        {
          _id: order._id,
          orderNumber: order.orderNumber,
          customer: {
            _id: order.userId ?? null,
            name: `${order.user?.firstName ?? ''} ${order.user?.lastName ?? ''}`.trim(),
          },
          total: order.total,
          status: order.status,
          slot: order.deliverySlot ? { start: order.deliverySlot.start, end: order.deliverySlot.end } : null,
        },
      ];
    }),
    failures,
  };
}

/** The admin's run by hand: any date from today to 7 days ahead. */
export async function runByHand(deps: SubscriptionsDeps, date: string): Promise<SubscriptionsRunAnswer> {
  const today = shopDateOf(deps.now());
  if (date < today || date > addDays(today, RUN_AHEAD_DAYS)) {
    throw new AppError('invalid', serverMessage('subscriptionRunDate'));
  }
  return makeDate(deps, date);
}

// ---- the shop's closed dates ----

/** How far ahead shoppers are told of a closed date their standing order was due on. */
const CLOSED_NOTICE_DAYS = 30;

export async function listClosedDates(deps: SubscriptionsDeps) {
  return delivery.listClosedDates(deps.db, shopDateOf(deps.now()));
}

/**
 * Closes a date: no slot is offered and no standing order is made on it; the shoppers with one due
 * that day are told soon after (by the clock, once each). A date whose orders were made is refused.
 */
export async function closeDay(deps: SubscriptionsDeps, date: string, note: string) {
  const today = shopDateOf(deps.now());
  if (date < today || date > addDays(today, STANDING_HORIZON_DAYS)) {
    throw new AppError('invalid', serverMessage('closedDateRange'));
  }
  if ((await repo.madeDates(deps.db, [date])).has(date)) {
    throw new AppError('conflict', serverMessage('closedDateMade', { date }));
  }
  const closed = await deps.work.transaction((tx, touch) => delivery.closeDate(tx, touch, date, note));
  deps.afterAnswer.push(
    () => tellClosedDates(deps).then(() => undefined),
    deps.log,
    'telling shoppers of a closed date failed',
  );
  return closed;
}

export async function reopenDay(deps: SubscriptionsDeps, date: string): Promise<CodedMessage> {
  const reopened = await deps.work.transaction((tx, touch) => delivery.reopenDate(tx, touch, date));
  if (!reopened) throw new AppError('notFound', serverMessage('closedDateNotFound'));
  return serverMessage('closedDateReopened', { date });
}

/** Tells each shopper with a standing order due on a coming closed date, once per date; how many were told. */
export async function tellClosedDates(deps: SubscriptionsDeps): Promise<number> {
  const today = shopDateOf(deps.now());
  const closedDates = await delivery.listClosedDates(deps.db, today, addDays(today, CLOSED_NOTICE_DAYS));
  if (!closedDates.length) return 0;
  const closedSet = new Set(closedDates.map((row) => row.date));
  let told = 0;
  for (const { date, note } of closedDates) {
    const due = (await repo.runningOn(deps.db, date)).filter(
      (subscription) => standingDayState(calendarOf(subscription), date, closedSet) === 'closed',
    );
    const newlyTold = await repo.markClosedNotices(deps.db, date, [...new Set(due.map((row) => row.userId))]);
    told += newlyTold.length;
    // Sent here (this runs after an answer or on the clock), one at a time; a mail that fails is logged.
    for (const userId of newlyTold) {
      try {
        await queueStandingNotice(
          { ...deps, dispatcher: deps.notifications },
          {
            userId,
            template: 'shop_closed_notice',
            parameters: (language, shopName) => [shopName, dayIn(date, language)],
            dedupeKey: `shop-closed:${userId}:${date}`,
          },
        );
        const mail = await shopClosedMail(deps, userId, date, note);
        if (mail) await deps.mailer.send(mail);
      } catch (error) {
        deps.log.error({ err: error }, `the closed date mail (${date}) could not be sent`);
      }
    }
  }
  return told;
}

// ---- the shop's clock ----

/** The clock looks at least this often (to catch up after a restart or a missed moment). */
const CLOCK_EVERY_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 30_000;

export interface StandingOrdersClock {
  start(): void;
  close(): Promise<void>;
  /** One look now: makes every date whose cut-off has passed and that is not made yet (tests call it). */
  tick(): Promise<void>;
}

/**
 * Each process's watch over the cut-off: a timer aimed at the next cut-off and never more than five
 * minutes away, and once at start. Whichever process gets to a date first makes it; the others wait
 * for it and find it made (decision 0064).
 */
export function createStandingOrdersClock(deps: SubscriptionsDeps): StandingOrdersClock {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let running: Promise<void> | null = null;

  async function look(): Promise<number> {
    const now = deps.now();
    const cutoff = await cutoffOf(deps);
    const dates = datesDue(now, cutoff);
    const made = await repo.madeDates(deps.db, dates);
    for (const date of dates) if (!made.has(date)) await makeDate(deps, date);
    await tellClosedDates(deps);
    const next = changesCloseAt(firstOpenDate(deps.now(), cutoff), cutoff).getTime() - deps.now().getTime();
    return Math.max(0, Math.min(CLOCK_EVERY_MS, next));
  }

  function arm(delayMs: number) {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick(): Promise<void> {
    timer = null;
    if (closed) return Promise.resolve();
    if (running) return running;
    running = (async () => {
      let delay = RETRY_AFTER_FAILURE_MS;
      try {
        delay = await look();
      } catch (error) {
        if (!closed) deps.log.error({ err: error }, 'making the standing orders failed; trying again shortly');
      } finally {
        running = null;
        arm(delay);
      }
    })();
    return running;
  }

  return {
    start: () => arm(0),
    tick,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

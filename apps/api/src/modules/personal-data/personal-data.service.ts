/**
 * The shopper's personal data (India's DPDP Act, decision 0031): everything the shop keeps about a
 * person, as one JSON file; and the deletion of their account, which erases the person and keeps
 * the books: bills already issued keep the buyer's name and address (tax law keeps invoices for 72
 * months), every order stays, unlinked, and orders without a bill lose the name, address and mobile.
 */

import { randomUUID } from 'node:crypto';
import { formatRupees } from '@mandi/shared';
import { orderNumberLabel, paiseToRupees, shopDateOf } from '@mandi/shared/kernel';
import { myDataFileName } from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { yieldToLoop } from '../../lib/csv-stream.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { SessionUser } from '../../lib/session.js';
import { sessionsChanged } from '../../platform/sessions.js';
import type { Touch } from '../../platform/unit-of-work.js';
import { listAddresses } from '../accounts/addresses.service.js';
import { listsForDownload } from '../buy-again/buy-again.service.js';
import { listOwnComplaints } from '../complaints/complaints.service.js';
import { eraseKhataHolder, khataForDownload, openBalancePaise } from '../khata/khata.service.js';
import { personalData as notificationsForDownload } from '../notifications/notifications.service.js';
import { eraseCustomerFromOrders } from '../orders/orders.repository.js';
import { listOwnOrdersWithHistory } from '../orders/orders.service.js';
import type { OrderViews } from '../orders/orders.views.js';
import { personalDataCache } from './personal-data.cache.js';
import { accountDeletedMail } from './personal-data.mail.js';
import * as repo from './personal-data.repository.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/** Everything the shop keeps about the logged-in user, and the name of the file to save it as. */
export async function exportMyData(db: Db, views: OrderViews, user: SessionUser, now: Date = new Date()) {
  const account = await repo.findAccount(db, user.id);
  if (!account) throw notFound('User');
  const [addresses, orders, reviews, complaints, khata, shoppingLists, notifications] = [
    await listAddresses(db, user.id),
    await listOwnOrdersWithHistory(db, views, user),
    await repo.findReviewsOfUser(db, user.id),
    await listOwnComplaints(db, user.id, now),
    await khataForDownload(db, user.id),
    await listsForDownload(db, user.id),
    await notificationsForDownload(db, user.id),
  ];
  const data = {
    exportedAt: now.toISOString(),
    account: {
      _id: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      role: account.role,
      language: account.language,
      createdAt: account.createdAt.toISOString(),
    },
    addresses,
    orders,
    reviews: reviews.map((review) => ({
      _id: review.id,
      ratings: review.rating,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
    })),
    complaints,
    khata,
    shoppingLists,
    notifications,
  };
  return { fileName: myDataFileName(shopDateOf(now)), data };
}

/** Orders serialized per step of the file's text: the event loop is given back between steps. */
const ORDERS_PER_STEP = 25;

/**
 * The download's text: `JSON.stringify(data, null, 2)` exactly, built a few orders at a time with
 * the event loop given back between them, because a shopper's hundreds of orders would otherwise
 * be one long stretch of serializing (decision 0055).
 */
export async function myDataText(data: { orders: readonly unknown[] }): Promise<string> {
  // Where the orders go in the frame: a string no data holds (a NUL and a fresh random id).
  const slot = `\u0000orders-${randomUUID()}`;
  const frame = JSON.stringify({ ...data, orders: slot }, null, 2);
  const parts: string[] = [];
  for (let start = 0; start < data.orders.length; start += ORDERS_PER_STEP) {
    if (start > 0) await yieldToLoop();
    for (const order of data.orders.slice(start, start + ORDERS_PER_STEP)) {
      parts.push(`    ${JSON.stringify(order, null, 2).replaceAll('\n', '\n    ')}`);
    }
  }
  const orders = parts.length ? `[\n${parts.join(',\n')}\n  ]` : '[]';
  return `${frame.replace(JSON.stringify(slot), () => orders)}\n`;
}

/**
 * What must be settled before an account can be deleted. Each rule names what is still open, or
 * answers null; they run in order inside the deletion's transaction, with the user's row locked.
 */
export interface SettleFirstRule {
  name: string;
  check(tx: Tx, userId: string): Promise<CodedMessage | null>;
}

const openOrdersRule: SettleFirstRule = {
  name: 'open orders',
  async check(tx, userId) {
    const numbers = (await repo.findOpenOrderNumbers(tx, userId)).map(orderNumberLabel);
    if (numbers.length === 0) return null;
    if (numbers.length === 1) return serverMessage('accountHasOpenOrder', { order: numbers[0] as string });
    return serverMessage('accountHasOpenOrders', { orders: numbers.join(', ') });
  },
};

/** Money owed to the shop, or held for the shopper, on their khata (decision 0034): settled first. */
const khataBalanceRule: SettleFirstRule = {
  name: 'khata balance',
  async check(tx, userId) {
    const balancePaise = await openBalancePaise(tx, userId);
    if (balancePaise === 0) return null;
    return serverMessage('accountHasKhataBalance', { balance: formatRupees(paiseToRupees(balancePaise)) });
  },
};

export const SETTLE_FIRST_RULES: readonly SettleFirstRule[] = [openOrdersRule, khataBalanceRule];

/**
 * Erases an account inside the caller's transaction: the settle-first rules (409 naming what is
 * open), then the person goes and the books stay (the file's comment). The shopper's own deletion
 * and an admin's "Delete a user" both come here (decision 0055), so neither leaves debt on an
 * account no payment can reach, or an unbilled order with a deleted person's address.
 */
export async function settleAndErase(tx: Tx, touch: Touch, userId: string): Promise<void> {
  // The user's row is locked first: an order placed meanwhile waits, then finds no user.
  if (!(await repo.lockAccount(tx, userId))) throw notFound('User');
  for (const rule of SETTLE_FIRST_RULES) {
    const open = await rule.check(tx, userId);
    if (open) throw new AppError('conflict', open);
  }
  const account = await repo.findAccountForDeletion(tx, userId);
  if (!account) throw notFound('User');
  touch(...personalDataCache.writes.accountDeleted.tags(userId));
  // The user's sessions go with the row (a foreign key cascade): none may be answered from memory.
  sessionsChanged(touch, userId);
  // Orders with a bill keep the buyer's details (the bill is a tax document kept for 72 months).
  await eraseCustomerFromOrders(tx, userId, repo.ERASED_NAME, repo.hasBill);
  await eraseKhataHolder(tx, userId, repo.ERASED_NAME.firstName);
  await repo.deleteAccount(tx, userId);
  await repo.forgetEmailCounters(tx, account.email);
  await repo.forgetUserCounters(tx, userId);
}

/**
 * Deletes the logged-in user's own account after checking their password (each check counted, like
 * failed logins). An admin is refused: another admin makes them a User first, so the shop is never
 * left without one by a click. What is erased and kept: see the file's comment and decision 0031.
 * The goodbye mail goes to the old address after the answer, if its owner had confirmed it
 * (decision 0055).
 */
export async function deleteMyAccount(
  deps: Pick<AppDeps, 'db' | 'work' | 'rateLimiter' | 'config' | 'mailer' | 'afterAnswer' | 'shop'>,
  userId: string,
  password: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const account = await repo.findAccountForDeletion(deps.db, userId);
  if (!account) throw notFound('User');
  const attemptRule = {
    key: `account-delete:account:${userId}`,
    max: deps.config.rateLimits.loginFailedPerAccount,
    windowMs: FIFTEEN_MINUTES,
  };
  await deps.rateLimiter.hit(attemptRule);
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('invalid', serverMessage('deletePasswordWrong'));
  }
  await deps.rateLimiter.reset(attemptRule.key);
  await deps.work.transaction(async (tx, touch) => {
    const locked = await repo.lockAccount(tx, userId);
    if (!locked) throw notFound('User');
    if (locked.role === 'Admin') throw new AppError('conflict', serverMessage('adminCannotDeleteOwnAccount'));
    await settleAndErase(tx, touch, userId);
  });
  if (!account.emailConfirmed) return;
  deps.afterAnswer.push(
    async () =>
      deps.mailer.send(
        accountDeletedMail(account.email, account.firstName, account.language, await deps.shop.current()),
      ),
    log,
    'account deleted mail could not be sent',
  );
}

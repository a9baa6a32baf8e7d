/**
 * Khata, credit for regular customers (decision 0034): opening and closing an account, payments,
 * the accounts list with aging, one account with its entries. Every balance change locks the
 * account row first and writes one entry with the balance in the same transaction.
 */
import { ADMIN_KHATAS_PAGE_SIZE, formatRupees, type KhataPaymentMethod, type ShopLanguage } from '@mandi/shared';
import {
  isUtr,
  orderNumberLabel,
  paiseToRupees,
  rupeesToPaise,
  shopDayRange,
  shopInstant,
  shopMonthSoFar,
} from '@mandi/shared/kernel';
import {
  type AdminKhatasQuery,
  KHATA_STATEMENT_MAX_DAYS,
  type KhataAccount,
  type KhataEntry,
} from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { shopNameIn } from '../../lib/mail-texts.js';
import type { CacheWrite } from '../../lib/response-cache.js';
import { claimUpiReference } from '../billing/billing.service.js';
import { khataCache } from './khata.cache.js';
import * as repo from './khata.repository.js';
import { type AgingEntry, agingOf, availablePaise, reminderText, reminderUrl } from './khata.rules.js';
import type { KhataStatement } from './khata.statement-pdf.js';

export type KhataDeps = Pick<AppDeps, 'db' | 'work' | 'shop' | 'pdf'> & { now: () => Date };

/**
 * The accounts as answered: pending estimates, aging and reminders read for all of them at once
 * (`every`: the accounts are all the shop's, so the reads need no list of ids).
 */
async function presentAccounts(
  deps: KhataDeps,
  accounts: readonly repo.AccountWithShopper[],
  every = false,
): Promise<KhataAccount[]> {
  const userIds = accounts.flatMap((account) => (account.userId ? [account.userId] : []));
  const [pending, mobiles, entries, shop] = await Promise.all([
    repo.pendingByUser(deps.db, every ? 'all' : userIds),
    repo.latestMobiles(
      deps.db,
      every ? 'all' : accounts.flatMap((account) => (account.userId && !account.mobile ? [account.userId] : [])),
    ),
    repo.agingEntries(deps.db, every ? 'all' : accounts.map((account) => account.id)),
    deps.shop.current(),
  ]);
  const entriesOf = new Map<string, AgingEntry[]>();
  for (const entry of entries) {
    const list = entriesOf.get(entry.accountId);
    if (list) list.push(entry);
    else entriesOf.set(entry.accountId, [entry]);
  }
  const now = deps.now();
  return accounts.map((account) => {
    const pendingPaise = account.userId ? (pending.get(account.userId) ?? 0) : 0;
    const { oldestUnpaidDays, ...aging } = agingOf(entriesOf.get(account.id) ?? [], now);
    const mobile = account.mobile ?? (account.userId ? (mobiles.get(account.userId) ?? null) : null);
    const name = account.firstName ? `${account.firstName} ${account.lastName ?? ''}`.trim() : account.customerName;
    const language = account.language === 'hi' ? 'hi' : 'en';
    const text = reminderText({
      name,
      shopName: shopNameIn(shop.name, language),
      balancePaise: account.balancePaise,
      language,
    });
    return {
      userId: account.userId,
      name,
      email: account.email,
      mobile,
      language,
      creditLimit: account.creditLimitPaise === null ? null : paiseToRupees(account.creditLimitPaise),
      balance: paiseToRupees(account.balancePaise),
      pending: paiseToRupees(pendingPaise),
      available: paiseToRupees(availablePaise(account, pendingPaise)),
      oldestUnpaidDays,
      aging: {
        days0to7: paiseToRupees(aging.days0to7),
        days8to30: paiseToRupees(aging.days8to30),
        days31plus: paiseToRupees(aging.days31plus),
      },
      reminderUrl: reminderUrl(mobile, text),
      openedAt: account.openedAt.toISOString(),
    };
  });
}

export function presentEntry({ entry, orderNumber, invoiceNumber }: repo.ListedEntry): KhataEntry {
  return {
    _id: entry.id,
    date: entry.createdAt.toISOString(),
    kind: entry.kind,
    orderId: entry.orderId,
    orderNumber: orderNumber ?? null,
    invoiceNumber: invoiceNumber ?? null,
    amount: paiseToRupees(entry.amountPaise),
    balanceAfter: paiseToRupees(entry.balanceAfterPaise),
    method: entry.method ?? null,
    reference: entry.reference ?? null,
    note: entry.note,
  };
}

async function presentOne(deps: KhataDeps, account: repo.AccountWithShopper): Promise<KhataAccount> {
  const [presented] = await presentAccounts(deps, [account]);
  if (!presented) throw new Error('an account presents as one');
  return presented;
}

/** An account's name as listed: the shopper's, else the name kept on the khata. */
const nameOf = (account: repo.AccountWithShopper) =>
  account.firstName ? `${account.firstName} ${account.lastName ?? ''}`.trim() : account.customerName;

/**
 * The khatas, largest balance first, with the totals the admin's screen shows (over every khata).
 * `q` keeps those whose name, email or mobile holds it; `page` answers one page of `limit` (decision
 * 0039: at 500 khatas the whole list was 263 KB and 100 ms of the loop), without it every khata.
 * Only the accounts answered are presented; the aging totals are summed from every account's entries.
 */
export async function listAccounts(deps: KhataDeps, query: AdminKhatasQuery = {}) {
  const every = await repo.listAccounts(deps.db);
  const needle = query.q?.toLowerCase();
  const matching = needle
    ? every.filter(
        (account) =>
          nameOf(account).toLowerCase().includes(needle) ||
          (account.email ?? '').toLowerCase().includes(needle) ||
          (account.mobile ?? '').includes(needle),
      )
    : every;
  const limit = query.limit ?? ADMIN_KHATAS_PAGE_SIZE;
  const isPaged = query.page !== undefined || query.limit !== undefined;
  const start = ((query.page ?? 1) - 1) * limit;
  const shown = isPaged ? matching.slice(start, start + limit) : matching;
  const isEvery = shown.length === every.length;
  const [accounts, aging] = await Promise.all([
    presentAccounts(deps, shown, isEvery),
    isEvery ? null : agingTotals(deps),
  ]);
  const sum = (values: number[]) => paiseToRupees(values.reduce((total, value) => total + rupeesToPaise(value), 0));
  return {
    accounts,
    totals: {
      balance: paiseToRupees(every.reduce((total, account) => total + account.balancePaise, 0)),
      aging: aging ?? {
        days0to7: sum(accounts.map((account) => account.aging.days0to7)),
        days8to30: sum(accounts.map((account) => account.aging.days8to30)),
        days31plus: sum(accounts.map((account) => account.aging.days31plus)),
      },
      accounts: every.length,
    },
    total: matching.length,
  };
}

/** The balance owed by the age of its bills, summed over every khata (aging alone, nothing presented). */
async function agingTotals(deps: KhataDeps): Promise<KhataAccount['aging']> {
  const entries = await repo.agingEntries(deps.db, 'all');
  const now = deps.now();
  const totals = { days0to7: 0, days8to30: 0, days31plus: 0 };
  let from = 0;
  // Oldest first per account: each account's entries are one run of the list.
  for (let index = 1; index <= entries.length; index += 1) {
    if (index < entries.length && entries[index]?.accountId === entries[from]?.accountId) continue;
    const aging = agingOf(entries.slice(from, index), now);
    totals.days0to7 += aging.days0to7;
    totals.days8to30 += aging.days8to30;
    totals.days31plus += aging.days31plus;
    from = index;
  }
  return {
    days0to7: paiseToRupees(totals.days0to7),
    days8to30: paiseToRupees(totals.days8to30),
    days31plus: paiseToRupees(totals.days31plus),
  };
}

/** A shopper's khata with every entry, oldest first; `missing` says which 404 to answer. */
/** Whether the user has a khata (open or closed). */
export async function hasAccount(deps: KhataDeps, userId: string): Promise<boolean> {
  return (await repo.findAccountByUser(deps.db, userId)) !== null;
}

export async function getAccountWithEntries(
  deps: KhataDeps,
  userId: string,
  missing: 'khataNotFound' | 'khataMyNotFound',
) {
  const account = await repo.findAccountByUser(deps.db, userId);
  if (!account) throw new AppError('notFound', serverMessage(missing));
  const [presented, entries] = await Promise.all([presentOne(deps, account), repo.listEntries(deps.db, account.id)]);
  return { account: presented, entries: entries.map(presentEntry) };
}

/**
 * Opens a khata with a credit limit, changes the limit (or the reminder's number), or closes it
 * (`null`): only when nothing is owed or advanced and no khata order waits to be billed.
 */
export async function setCreditLimit(
  deps: KhataDeps,
  actorId: string,
  userId: string,
  { creditLimit, mobile }: { creditLimit: number | null; mobile?: string },
) {
  const creditLimitPaise = creditLimit === null ? null : rupeesToPaise(creditLimit);
  const message = await deps.work.transaction(async (tx, touch) => {
    touch(...khataCache.writes.limitSet.tags());
    const user = await repo.findUser(tx, userId);
    if (!user) throw notFound('User');
    const customerName = `${user.firstName} ${user.lastName}`.trim();
    const [locked] = await repo.lockAccountsByUsers(tx, [userId]);
    if (!locked) {
      if (creditLimitPaise === null) throw new AppError('notFound', serverMessage('khataNotFound'));
      const opened = await repo.insertAccount(tx, {
        userId,
        customerName,
        mobile: mobile ?? null,
        creditLimitPaise,
        openedBy: actorId,
      });
      // Two admins opening one khata at once: the second found no row to lock, and its insert
      // met the first's; it fails rather than answer with a limit that was not kept.
      if (!opened) throw new AppError('conflict', serverMessage('khataOpenedMeanwhile'));
      return serverMessage('khataOpened');
    }
    if (creditLimitPaise === null) {
      if (locked.balancePaise !== 0) {
        throw new AppError(
          'conflict',
          serverMessage('khataCloseWithBalance', { balance: formatRupees(paiseToRupees(locked.balancePaise)) }),
        );
      }
      // A closed khata takes no entries: no khata order may still be repacked or cancelled (decision 0055).
      const waiting = await repo.openOrderNumbers(tx, userId);
      if (waiting.length) {
        throw new AppError(
          'conflict',
          serverMessage('khataCloseWithOrders', { orders: waiting.map(orderNumberLabel).join(', ') }),
        );
      }
    }
    const reopened = locked.creditLimitPaise === null && creditLimitPaise !== null;
    await repo.updateAccount(tx, locked.id, {
      creditLimitPaise,
      customerName,
      ...(mobile !== undefined ? { mobile } : {}),
    });
    if (creditLimitPaise === null) return serverMessage('khataClosed');
    return serverMessage(reopened ? 'khataOpened' : 'khataUpdated');
  });
  const account = await repo.findAccountByUser(deps.db, userId);
  if (!account) throw new Error('the khata just written is gone');
  return { ...message, account: await presentOne(deps, account) };
}

/** A payment or a payout as an admin sends it: ₹, Cash or UPI (its 12-digit UTR), a note. */
type MoneyEntryBody = { amount: number; method: KhataPaymentMethod; reference: string; note: string };

/**
 * Money in or out of a khata, under the account's lock like every entry: the body checked, then
 * `judge` refuses what the locked account cannot take (and claims what it must), then the entry
 * with its sign is appended and the account answered as it now is.
 */
async function recordMoneyEntry(
  deps: KhataDeps,
  actorId: string,
  userId: string,
  body: MoneyEntryBody,
  move: {
    kind: 'payment' | 'payout';
    write: CacheWrite;
    /** Paise as entered, signed for the entry: a payment credits, a payout debits. */
    signed: (amountPaise: number) => number;
    judge: (tx: Tx, locked: repo.KhataAccountRow, amountPaise: number, reference: string) => Promise<void>;
    recorded: CodedMessage;
  },
) {
  const reference = body.reference.trim();
  if (body.method === 'UPI' && !isUtr(reference)) throw new AppError('invalid', serverMessage('khataPaymentUtr'));
  const amountPaise = rupeesToPaise(body.amount);
  const entry = await deps.work.transaction(async (tx, touch) => {
    touch(...move.write.tags());
    const [locked] = await repo.lockAccountsByUsers(tx, [userId]);
    if (!locked) throw new AppError('notFound', serverMessage('khataNotFound'));
    await move.judge(tx, locked, amountPaise, reference);
    return repo.appendEntry(tx, locked, {
      kind: move.kind,
      orderId: null,
      amountPaise: move.signed(amountPaise),
      method: body.method,
      reference,
      note: body.note,
      createdBy: actorId,
      createdAt: deps.now(),
    });
  });
  const account = await repo.findAccountByUser(deps.db, userId);
  if (!account) throw new Error(`the khata just written (${move.kind}) is gone`);
  return {
    ...move.recorded,
    entry: presentEntry({ entry, orderNumber: null, invoiceNumber: null }),
    account: await presentOne(deps, account),
  };
}

/**
 * Records a payment (a credit): ₹1 to ₹10,00,000, UPI with its 12-digit UTR, taken once across the
 * shop. Payments settle the oldest bills first (aging); more than is owed is an advance.
 */
export function recordPayment(deps: KhataDeps, actorId: string, userId: string, payment: MoneyEntryBody) {
  return recordMoneyEntry(deps, actorId, userId, payment, {
    kind: 'payment',
    write: khataCache.writes.paymentRecorded,
    signed: (amountPaise) => -amountPaise,
    recorded: serverMessage('khataPaymentRecorded'),
    async judge(tx, locked, _amountPaise, reference) {
      if (locked.creditLimitPaise === null && locked.balancePaise <= 0) {
        throw new AppError('conflict', serverMessage('khataPaymentClosed'));
      }
      // A UTR pays once across the shop (decision 0055): this khata, another, or an order.
      if (payment.method === 'UPI') await claimUpiReference(tx, reference, { khataAccountId: locked.id }, deps.now());
    },
  });
}

/**
 * Pays back an advance (decision 0055): a `payout` entry that debits the khata by what the shop
 * gave back, in cash or by UPI (the UTR of the money sent), at most the advance, so a khata never
 * goes from an advance into debt this way.
 */
export function recordPayout(deps: KhataDeps, actorId: string, userId: string, payout: MoneyEntryBody) {
  return recordMoneyEntry(deps, actorId, userId, payout, {
    kind: 'payout',
    write: khataCache.writes.payoutRecorded,
    signed: (amountPaise) => amountPaise,
    recorded: serverMessage('khataPayoutRecorded'),
    async judge(_tx, locked, amountPaise) {
      if (locked.balancePaise >= 0) throw new AppError('conflict', serverMessage('khataNoAdvance'));
      if (amountPaise > -locked.balancePaise) {
        throw new AppError(
          'conflict',
          serverMessage('khataPayoutTooMuch', { advance: formatRupees(paiseToRupees(-locked.balancePaise)) }),
        );
      }
    },
  });
}

/**
 * The statement PDF of a shopper's khata for shop dates from..to (both included; default the
 * current month up to today), in `language` or else the shopper's own: the opening balance, the
 * period's entries with the running balance, the closing balance. 404 `missing` without a khata.
 * Drawn by the PDF pool (decision 0038) within the share of `viewerId` (who asked), never kept:
 * it prints the moment it was made.
 */
export async function statementPdf(
  deps: KhataDeps,
  viewerId: string,
  userId: string,
  query: { from?: string; to?: string; lang?: ShopLanguage },
  missing: 'khataNotFound' | 'khataMyNotFound',
) {
  const defaults = defaultStatementRange(deps.now());
  const from = query.from ?? (query.to && query.to < defaults.from ? `${query.to.slice(0, 8)}01` : defaults.from);
  const to = query.to ?? (query.from && query.from > defaults.to ? query.from : defaults.to);
  const days = Math.round((shopInstant(to).getTime() - shopInstant(from).getTime()) / 86_400_000);
  if (days < 0 || days >= KHATA_STATEMENT_MAX_DAYS) {
    throw new AppError('invalid', serverMessage('khataRangeInvalid', { days: KHATA_STATEMENT_MAX_DAYS }));
  }
  const account = await repo.findAccountByUser(deps.db, userId);
  if (!account) throw new AppError('notFound', serverMessage(missing));
  const start = shopDayRange(from).from;
  const end = shopDayRange(to).to;
  const [opening, entries, mobiles, shop] = await Promise.all([
    repo.balanceBefore(deps.db, account.id, start),
    repo.listEntries(deps.db, account.id, { from: start, to: end }),
    account.mobile ? Promise.resolve(new Map<string, string>()) : repo.latestMobiles(deps.db, [userId]),
    deps.shop.current(),
  ]);
  const language = query.lang ?? (account.language === 'hi' ? 'hi' : 'en');
  const name = account.firstName ? `${account.firstName} ${account.lastName ?? ''}`.trim() : account.customerName;
  const statement: KhataStatement = {
    shop,
    customer: { name, mobile: account.mobile ?? mobiles.get(userId) ?? null },
    from,
    to,
    openingBalancePaise: opening,
    entries: entries.map(({ entry, orderNumber, invoiceNumber }) => ({
      date: entry.createdAt,
      kind: entry.kind,
      orderNumber: orderNumber ?? null,
      invoiceNumber: invoiceNumber ?? null,
      method: entry.method ?? null,
      reference: entry.reference ?? null,
      note: entry.note,
      amountPaise: entry.amountPaise,
      balanceAfterPaise: entry.balanceAfterPaise,
    })),
    closingBalancePaise: entries.at(-1)?.entry.balanceAfterPaise ?? opening,
    creditLimitPaise: account.creditLimitPaise,
    generatedAt: deps.now(),
  };
  const pdf = await deps.pdf.render(
    { kind: 'khata-statement', data: statement, language },
    { owner: viewerId, keep: false },
  );
  return { pdf, language, fileName: `khata-statement-${from}-to-${to}.pdf` };
}

/** The default statement period: the current month (shop time) up to today. */
export function defaultStatementRange(now: Date): { from: string; to: string } {
  return shopMonthSoFar(now);
}

/** The open balance a shopper must settle before deleting their account (personal data), in paise. */
export async function openBalancePaise(db: Db | Tx, userId: string): Promise<number> {
  const account = await repo.findAccountByUser(db, userId);
  return account?.balancePaise ?? 0;
}

/**
 * The shopper's account is being erased (decision 0055): the khata keeps its ledger (the books)
 * but no longer the person's name and mobile; it is closed, so it takes no more entries. Inside
 * the erasure's transaction; the balance is already settled (a settle-first rule).
 */
export async function eraseKhataHolder(tx: Tx, userId: string, erasedName: string): Promise<void> {
  await repo.eraseHolder(tx, userId, erasedName);
}

/** The shopper's khata for their data download: the account's figures and every entry, or null. */
export async function khataForDownload(db: Db, userId: string) {
  const account = await repo.findAccountByUser(db, userId);
  if (!account) return null;
  const entries = await repo.listEntries(db, account.id);
  return {
    creditLimit: account.creditLimitPaise === null ? null : paiseToRupees(account.creditLimitPaise),
    balance: paiseToRupees(account.balancePaise),
    mobile: account.mobile,
    openedAt: account.openedAt.toISOString(),
    entries: entries.map(presentEntry),
  };
}

/** A regular's khata as the counter shows it beside a sale: the mobile and the balance now, or null without one. */
export async function khataHolder(
  db: Db | Tx,
  userId: string,
): Promise<{ mobile: string | null; balancePaise: number } | null> {
  const account = await repo.findAccountByUser(db, userId);
  return account ? { mobile: account.mobile, balancePaise: account.balancePaise } : null;
}

/** What each of the orders placed on a khata keeps of it (the part on the khata, the limit flags), by order id. */
export function khataOrderParts(db: Db | Tx, orderIds: readonly string[]) {
  return repo.khataOrdersAmong(db, orderIds);
}

/**
 * Khata, an order participant (decision 0034). Placing: a khata order needs an open khata whose
 * available credit covers its estimate; the batch's khata accounts are locked (in user id order)
 * before the pending estimates are summed, so concurrent khata orders on any number of processes
 * never take an account past its limit. Packing (or shipping unpacked): the first pack debits the
 * final bill, a repack the difference; a debit that takes the khata past its limit (the packed
 * weights, a coupon's minimum missed, a dearer substitute) is refused unless the admin packs over
 * the limit on purpose, which the entry's note records (decision 0055). Cancelling a billed khata
 * order reverses what was debited.
 * Every entry is written under the order's lock (the moment's) and the account's, and the order's
 * bill and reversal are unique in the table, so each happens exactly once.
 */
import { CHECKOUT_PAYMENT_METHODS, formatRupees } from '@mandi/shared';
import { serverMessage } from '@mandi/shared/server-messages';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { CacheTag } from '../../lib/response-cache.js';
import type { KhataRefund } from '../billing/billing.participant.js';
import { markBilledToKhata } from '../billing/billing.service.js';
import { orderTotalPaise } from '../orders/orders.adjustments.js';
import { extensionOf, type OrderParticipant, type OrderRequest, type Placement } from '../orders/orders.lifecycle.js';
import type { OrderRow } from '../orders/orders.repository.js';
import * as repo from './khata.repository.js';
import { creditLeftPaise } from './khata.rules.js';

export interface KhataParticipantOptions {
  /** The clock entries are dated by (tests move it to age bills). */
  now: () => Date;
}

/** The account of a khata order: the one its bill went to, else its shopper's. Locked. */
async function lockAccountOfOrder(tx: Tx, order: OrderRow, entries: readonly repo.KhataEntryRow[]) {
  const billed = entries[0];
  if (billed) return repo.lockAccount(tx, billed.accountId);
  if (!order.userId) return null;
  const [account] = await repo.lockAccountsByUsers(tx, [order.userId]);
  return account ?? null;
}

/**
 * Khata's part of a request: the shopper chose to pay on their khata ('Khata'), not at the door
 * ('COD'). A counter sale (decision 0060) may put only part of its bill on the khata
 * (`amountPaise`, a Khata tender), and a sale made offline `passesLimit`: accepted whatever the
 * limit, flagged when it takes the khata past it.
 */
export interface KhataRequest {
  onKhata: boolean;
  amountPaise?: number;
  passesLimit?: boolean;
}

const khataRequestFields = {
  paymentMethod: z
    .enum(CHECKOUT_PAYMENT_METHODS, { error: 'paymentMethod must be COD or Khata' })
    .optional()
    .meta({ description: "COD (the default: cash or UPI at delivery) or Khata (on the shopper's khata)" }),
};

const isOnKhata = (request: OrderRequest) => extensionOf<KhataRequest>(request, 'khata')?.onKhata === true;

/** The order's `khata_orders` row when it was placed on a khata, read under the moment's lock. */
const khataOrderOf = async (tx: Tx, orderId: string) => (await repo.khataOrdersAmong(tx, [orderId])).get(orderId);

export function createKhataParticipant({ now }: KhataParticipantOptions): OrderParticipant<repo.KhataOrderPart> {
  /** Debits what the packed bill adds to what the khata already carries for this order. */
  async function debitPacked(
    tx: Tx,
    order: OrderRow,
    actorUserId: string | null,
    overLimitChosen: boolean,
  ): Promise<CacheTag[]> {
    const onKhata = await khataOrderOf(tx, order.id);
    if (!onKhata) return [];
    const entries = await repo.orderEntries(tx, order.id);
    const account = await lockAccountOfOrder(tx, order, entries);
    // Placing checked the khata; it cannot be gone (an account is never deleted) unless the
    // shopper's account was, which is refused while an order is open.
    if (!account) throw new AppError('conflict', serverMessage('khataNotFound'));
    const hasBill = entries.some((entry) => entry.kind === 'bill');
    const debited = entries.reduce((sum, entry) => sum + entry.amountPaise, 0);
    const difference = (onKhata.amountPaise ?? order.totalPaise) - debited;
    if (difference === 0) return [];
    let note = '';
    if (difference > 0 && account.creditLimitPaise !== null && account.userId) {
      // Judged again on the packed bill: the other unbilled khata orders still hold their estimates.
      const pending = (await repo.pendingByUser(tx, [account.userId])).get(account.userId) ?? 0;
      const othersPending = pending - (hasBill ? 0 : order.totalPaise);
      const left = account.creditLimitPaise - account.balancePaise - othersPending;
      if (difference > left) {
        if (onKhata.passesLimit) {
          note = `Sold offline at the counter over the khata limit (${formatRupees(Math.max(0, left) / 100)} was left)`;
          await repo.markKhataOrderOverLimit(tx, order.id);
        } else if (!overLimitChosen) {
          throw new AppError(
            'conflict',
            serverMessage('khataOverLimitAtPacking', {
              amount: formatRupees(difference / 100),
              available: formatRupees(Math.max(0, left) / 100),
            }),
            { available: Math.max(0, left) / 100 },
          );
        } else {
          note = `Packed over the khata limit by the shop's choice (${formatRupees(Math.max(0, left) / 100)} was left)`;
        }
      }
    }
    await repo.appendEntry(tx, account, {
      kind: hasBill ? 'adjustment' : 'bill',
      orderId: order.id,
      amountPaise: difference,
      method: null,
      reference: null,
      note,
      createdBy: actorUserId,
      createdAt: now(),
    });
    if (!hasBill) await markBilledToKhata(tx, order.id, now());
    return [];
  }

  return {
    name: 'khata',
    requestFields: khataRequestFields,
    readRequest: (body): KhataRequest => ({ onKhata: body.paymentMethod === 'Khata' }),
    // How the shopper chose to pay at checkout, the spec's `paymentMethod`: on the khata, or at the door.
    view: { read: repo.khataOrdersAmong, present: (onKhata) => ({ paymentMethod: onKhata ? 'Khata' : 'COD' }) },

    async place(tx, batch): Promise<Placement> {
      const khataUsers = [
        ...new Set(
          batch.requests.filter(isOnKhata).flatMap((request) => (request.customer ? [request.customer.userId] : [])),
        ),
      ].sort();
      // Locked before the pending estimates are read: every khata order and every bill of these
      // shoppers waits for this transaction, so the sum stays true until it commits.
      const accounts = new Map((await repo.lockAccountsByUsers(tx, khataUsers)).map((row) => [row.userId, row]));
      const pending = await repo.pendingByUser(
        tx,
        [...accounts.keys()].filter((id): id is string => id !== null),
      );
      const left = new Map<string, number | null>(
        [...accounts].map(([userId, account]) => [
          userId ?? '',
          creditLeftPaise(account, pending.get(userId ?? '') ?? 0),
        ]),
      );
      return {
        accept(order) {
          if (!isOnKhata(order.request)) return undefined;
          const userId = order.request.customer?.userId ?? '';
          const account = accounts.get(userId);
          if (!account) throw new AppError('invalid', serverMessage('khataNeedsAccount'));
          const credit = left.get(userId) ?? null;
          if (credit === null) throw new AppError('invalid', serverMessage('khataClosedAccount'));
          const khata = extensionOf<KhataRequest>(order.request, 'khata');
          const estimate = khata?.amountPaise ?? orderTotalPaise(order.subtotalPaise, order.adjustments);
          // Offline, nobody could judge the limit: the sale stands, its pack flags it (decision 0060).
          if (estimate > credit && !khata?.passesLimit) {
            throw new AppError(
              'conflict',
              serverMessage('khataOverLimit', {
                estimate: formatRupees(estimate / 100),
                available: formatRupees(Math.max(0, credit) / 100),
              }),
              { available: Math.max(0, credit) / 100 },
            );
          }
          left.set(userId, credit - estimate);
          return () => left.set(userId, (left.get(userId) ?? 0) + estimate);
        },
        written: (order) => {
          const khata = extensionOf<KhataRequest>(order.request, 'khata');
          return khata?.onKhata ? repo.khataOrderPart(khata) : undefined;
        },
        // Which orders go on a khata; nothing of the khata itself changes until one is billed.
        async write(writeTx, accepted) {
          await repo.insertKhataOrders(
            writeTx,
            accepted
              .filter((order) => isOnKhata(order.request))
              .flatMap(({ id, request }) => {
                const khata = extensionOf<KhataRequest>(request, 'khata');
                return request.customer && khata
                  ? [{ orderId: id, userId: request.customer.userId, ...repo.khataOrderPart(khata) }]
                  : [];
              }),
          );
          return [];
        },
      };
    },

    // A khata order's bill is reversed on the khata by `cancel` below (decision 0034): a refund sent
    // with it would credit the khata twice.
    async mayCancel(tx, { order, refund }) {
      // A sale paid partly on the khata refunds its money part; its khata part is reversed below.
      if (refund && (await khataOrderOf(tx, order.id))?.amountPaise === null) {
        throw new AppError('conflict', serverMessage('refundKhataOrder'));
      }
    },

    pack: (tx, { order, actorUserId, overKhataLimit }) => debitPacked(tx, order, actorUserId, overKhataLimit),

    async cancel(tx, { order, actorUserId }) {
      if (!(await khataOrderOf(tx, order.id))) return [];
      const entries = await repo.orderEntries(tx, order.id);
      const debited = entries.reduce((sum, entry) => sum + entry.amountPaise, 0);
      if (debited === 0) return [];
      const account = await lockAccountOfOrder(tx, order, entries);
      if (!account) throw new Error(`khata order ${order.id} has entries but no account`);
      await repo.appendEntry(tx, account, {
        kind: 'reversal',
        orderId: order.id,
        amountPaise: -debited,
        method: null,
        reference: null,
        note: '',
        createdBy: actorUserId,
        createdAt: now(),
      });
      return [];
    },
  };
}

/**
 * Where billing credits a refund the shop sends "to the khata" when it cancels a Cash/UPI-paid
 * order: a `reversal` entry on the shopper's open khata, in the cancel's transaction.
 */
export function createKhataRefund({ now }: KhataParticipantOptions): KhataRefund {
  return async (tx, { order, amountPaise, actorUserId }) => {
    const [account] = order.userId ? await repo.lockAccountsByUsers(tx, [order.userId]) : [];
    if (!account || account.creditLimitPaise === null) {
      throw new AppError('conflict', serverMessage('refundNoKhata'));
    }
    const entry = await repo.appendEntry(tx, account, {
      kind: 'reversal',
      orderId: order.id,
      amountPaise: -amountPaise,
      method: null,
      reference: null,
      note: `Refund of order #${order.orderNumber}`,
      createdBy: actorUserId,
      createdAt: now(),
    });
    return { reference: entry.id, tags: [] };
  };
}

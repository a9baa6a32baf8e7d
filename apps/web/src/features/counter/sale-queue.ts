/**
 * The counter's bills on their way to the server (API contract part 4, "Counter sales").
 *
 * - **Numbered on the device.** Each device keeps its own count of bills for the financial year
 *   (`sequence:<device>` in the counter's database), started from the server's `nextSequence` and
 *   raised to it whenever the server is asked (never lowered). A bill takes the next number in the
 *   same IndexedDB transaction that puts it in the queue, so the number shown and printed is final,
 *   offline too, and no number is given twice, even by two tabs.
 * - **Queued before it is done.** `queueSale` resolves only once that transaction has committed;
 *   the screen shows a sale as made only then. A reload or a closed tab loses nothing.
 * - **Sent in order.** `flushQueue` sends the waiting sales oldest first, one at a time (the server
 *   wants each device's numbers in order). An accepted sale, or one the server already had
 *   (`duplicate: true`, a retry after a lost answer or a queue sent from two tabs), leaves the
 *   queue. No network, a server error or a lost session stops the round; the sale waits for the
 *   next (back online, the page opened, the timer, a new sale). A sale the server refuses stays in
 *   the queue, marked with the server's messages, and holds back its device's later sales (their
 *   numbers would be refused after the gap) until it is sent again or given the next number.
 */
import { financialYearOf, formatInvoiceNumber } from '@mandi/shared/kernel';
import { ApiError } from '../../lib/api-client';
import { isNetworkFailure } from '../../lib/offline/kept-answers';
import type { SaleAnswer, SaleBody, SaleRefusal } from './api/counter-types';
import { type CounterStore, committed, KEPT, QUEUE } from './counter-db';

/** A device's count of bills in one financial year: `next` is the number its next bill takes. */
export interface SequenceCount {
  financialYear: string;
  next: number;
}

export interface QueuedSale {
  clientSaleId: string;
  deviceId: string;
  series: string;
  /** `C1/26-27/000042`: the bill's number, final. */
  billNumber: string;
  /** The request as it is sent, every time. */
  body: SaleBody;
  totalPaise: number;
  changePaise: number;
  status: 'waiting' | 'refused';
  refusal: SaleRefusal | null;
  /** When it was queued (ms): the order of sending. */
  queuedAt: number;
}

/** The last bill made on a device, for "last bill again": its server id once it was accepted. */
export interface LastBill {
  clientSaleId: string;
  billNumber: string;
  totalPaise: number;
  changePaise: number;
  soldAt: string;
  orderId: string | null;
}

export type SaleDraft = Omit<SaleBody, 'deviceId' | 'clientSaleId' | 'sequence'>;

export const sequenceKey = (deviceId: string) => `sequence:${deviceId}`;
export const lastBillKey = (deviceId: string) => `last:${deviceId}`;

/** The device has never been numbered on this browser (it must be online once first). */
export class NoBillNumberError extends Error {
  constructor() {
    super('This device has no bill count on this browser yet');
  }
}

/** A random (v4) UUID; `crypto.randomUUID` exists only on HTTPS pages, a shop's LAN may have none. */
export function newSaleId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bill number a device's next bill made at `now` takes, or null when it has no count yet. */
export function nextBillSequence(count: SequenceCount | undefined, now: Date): number | null {
  if (!count) return null;
  // A new financial year starts again from 000001 (the server's count does too).
  return count.financialYear === financialYearOf(now) ? count.next : 1;
}

/** Raises the device's count to the server's `nextSequence` of the year of `now` (never lowers it). */
export async function syncSequence(store: CounterStore, deviceId: string, serverNext: number, now: Date) {
  const db = await store.open();
  const tx = db.transaction(KEPT, 'readwrite');
  const kept = tx.objectStore(KEPT);
  const read = kept.get(sequenceKey(deviceId));
  read.onsuccess = () => {
    const count = read.result as SequenceCount | undefined;
    const financialYear = financialYearOf(now);
    const next = count?.financialYear === financialYear ? Math.max(count.next, serverNext) : serverNext;
    kept.put({ financialYear, next } satisfies SequenceCount, sequenceKey(deviceId));
  };
  await committed(tx);
  store.changed();
}

export async function readSequence(store: CounterStore, deviceId: string): Promise<SequenceCount | undefined> {
  const db = await store.open();
  const tx = db.transaction(KEPT, 'readonly');
  const read = tx.objectStore(KEPT).get(sequenceKey(deviceId));
  await committed(tx);
  return read.result as SequenceCount | undefined;
}

/**
 * Numbers the sale and queues it, in one transaction; resolves with the queued sale once it is
 * written, so the caller shows the sale as made only then.
 */
export async function queueSale(
  store: CounterStore,
  device: { _id: string; series: string },
  draft: SaleDraft,
  totals: { totalPaise: number; changePaise: number },
  clientSaleId: string = newSaleId(),
): Promise<QueuedSale> {
  const db = await store.open();
  const tx = db.transaction([KEPT, QUEUE], 'readwrite');
  const kept = tx.objectStore(KEPT);
  let queued: QueuedSale | null = null;
  const read = kept.get(sequenceKey(device._id));
  read.onsuccess = () => {
    const soldAt = new Date(draft.soldAt);
    const sequence = nextBillSequence(read.result as SequenceCount | undefined, soldAt);
    if (sequence === null) {
      tx.abort();
      return;
    }
    const financialYear = financialYearOf(soldAt);
    queued = {
      clientSaleId,
      deviceId: device._id,
      series: device.series,
      billNumber: formatInvoiceNumber(device.series, financialYear, sequence),
      body: { deviceId: device._id, clientSaleId, sequence, ...draft },
      ...totals,
      status: 'waiting',
      refusal: null,
      queuedAt: Date.now(),
    };
    tx.objectStore(QUEUE).add(queued);
    kept.put({ financialYear, next: sequence + 1 } satisfies SequenceCount, sequenceKey(device._id));
    kept.put(
      {
        clientSaleId,
        billNumber: queued.billNumber,
        ...totals,
        soldAt: draft.soldAt,
        orderId: null,
      } satisfies LastBill,
      lastBillKey(device._id),
    );
  };
  try {
    await committed(tx);
  } catch (error) {
    if (queued === null) throw new NoBillNumberError();
    throw error;
  }
  store.changed();
  if (queued === null) throw new NoBillNumberError();
  return queued;
}

export async function readQueue(store: CounterStore): Promise<QueuedSale[]> {
  const db = await store.open();
  const tx = db.transaction(QUEUE, 'readonly');
  const read = tx.objectStore(QUEUE).getAll();
  await committed(tx);
  return (read.result as QueuedSale[]).sort((a, b) => a.queuedAt - b.queuedAt || a.body.sequence - b.body.sequence);
}

export type SendSale = (body: SaleBody) => Promise<SaleAnswer>;

/** How a round of sending ended: everything sendable was tried, or it stopped for a reason. */
export interface FlushResult {
  sent: number;
  stopped: null | 'offline' | 'server' | 'login';
}

/** Statuses that say nothing about the sale: try the same request again later. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;
const isLoggedOut = (status: number) => status === 401 || status === 403;

const rounds = new WeakMap<CounterStore, Promise<FlushResult>>();

/** Sends the waiting sales in order; one round at a time per store (a second call joins it). */
export function flushQueue(store: CounterStore, send: SendSale): Promise<FlushResult> {
  const running = rounds.get(store);
  if (running) return running;
  const round = sendWaiting(store, send).finally(() => rounds.delete(store));
  rounds.set(store, round);
  return round;
}

/** The first sale that may go now: waiting, with no refused sale of its device before it. */
function nextToSend(queue: readonly QueuedSale[]): QueuedSale | undefined {
  const heldBack = new Set<string>();
  for (const sale of queue) {
    if (sale.status === 'refused') heldBack.add(sale.deviceId);
    else if (!heldBack.has(sale.deviceId)) return sale;
  }
  return undefined;
}

async function sendWaiting(store: CounterStore, send: SendSale): Promise<FlushResult> {
  let sent = 0;
  // Read again after each sale: one queued meanwhile goes in the same round.
  for (let sale = nextToSend(await readQueue(store)); sale; sale = nextToSend(await readQueue(store))) {
    let answer: SaleAnswer;
    try {
      answer = await send(sale.body);
    } catch (error) {
      if (isNetworkFailure(error)) return { sent, stopped: 'offline' };
      if (!(error instanceof ApiError) || isTransient(error.status)) return { sent, stopped: 'server' };
      if (isLoggedOut(error.status)) return { sent, stopped: 'login' };
      await markRefused(store, sale, refusalOf(error));
      continue;
    }
    await markAccepted(store, sale, answer);
    sent += 1;
  }
  return { sent, stopped: null };
}

function refusalOf(error: ApiError): SaleRefusal {
  const expected =
    error.status === 409 ? error.sent.find((message) => message.values?.expected !== undefined) : undefined;
  const value = Number(expected?.values?.expected);
  return {
    status: error.status,
    messages: error.sent.map(({ code, values, message }) => ({ code, values, message })),
    expected: Number.isSafeInteger(value) && value > 0 ? value : null,
  };
}

/** Out of the queue; the last bill learns its server id (so it can be printed). */
async function markAccepted(store: CounterStore, sale: QueuedSale, answer: SaleAnswer): Promise<void> {
  const db = await store.open();
  const tx = db.transaction([KEPT, QUEUE], 'readwrite');
  tx.objectStore(QUEUE).delete(sale.clientSaleId);
  const kept = tx.objectStore(KEPT);
  const read = kept.get(lastBillKey(sale.deviceId));
  read.onsuccess = () => {
    const last = read.result as LastBill | undefined;
    if (last?.clientSaleId === sale.clientSaleId) {
      kept.put(
        { ...last, orderId: answer.sale.orderId, billNumber: answer.sale.invoiceNumber || last.billNumber },
        lastBillKey(sale.deviceId),
      );
    }
  };
  await committed(tx);
  store.changed();
}

/** Kept in the queue with the server's messages; a wrong number raises the device's count to the expected one. */
async function markRefused(store: CounterStore, sale: QueuedSale, refusal: SaleRefusal): Promise<void> {
  const db = await store.open();
  const tx = db.transaction([KEPT, QUEUE], 'readwrite');
  const queue = tx.objectStore(QUEUE);
  const read = queue.get(sale.clientSaleId);
  read.onsuccess = () => {
    // Still queued: another tab may have had it accepted meanwhile.
    if (read.result) queue.put({ ...sale, status: 'refused', refusal } satisfies QueuedSale);
  };
  if (refusal.expected !== null) {
    const expected = refusal.expected;
    const kept = tx.objectStore(KEPT);
    const readCount = kept.get(sequenceKey(sale.deviceId));
    readCount.onsuccess = () => {
      const count = readCount.result as SequenceCount | undefined;
      if (count && count.financialYear === financialYearOf(new Date(sale.body.soldAt)) && count.next < expected) {
        kept.put({ ...count, next: expected } satisfies SequenceCount, sequenceKey(sale.deviceId));
      }
    };
  }
  await committed(tx);
  store.changed();
}

/** A refused sale waits to be sent again as it is (the cause was put right: a khata reopened). */
export async function retryRefused(store: CounterStore, clientSaleId: string): Promise<void> {
  const db = await store.open();
  const tx = db.transaction(QUEUE, 'readwrite');
  const queue = tx.objectStore(QUEUE);
  const read = queue.get(clientSaleId);
  read.onsuccess = () => {
    const sale = read.result as QueuedSale | undefined;
    if (sale?.status === 'refused') queue.put({ ...sale, status: 'waiting', refusal: null } satisfies QueuedSale);
  };
  await committed(tx);
  store.changed();
}

/**
 * A sale refused for its number (another browser used this device's number): it takes the
 * device's next number (at least the one the server expects) and waits to be sent; its receipt is
 * printed again with the new number.
 */
export async function renumberRefused(store: CounterStore, clientSaleId: string): Promise<string | null> {
  const db = await store.open();
  const tx = db.transaction([KEPT, QUEUE], 'readwrite');
  const queue = tx.objectStore(QUEUE);
  const kept = tx.objectStore(KEPT);
  let billNumber: string | null = null;
  const read = queue.get(clientSaleId);
  read.onsuccess = () => {
    const sale = read.result as QueuedSale | undefined;
    if (sale?.status !== 'refused') return;
    const readCount = kept.get(sequenceKey(sale.deviceId));
    readCount.onsuccess = () => {
      const count = readCount.result as SequenceCount | undefined;
      const financialYear = financialYearOf(new Date(sale.body.soldAt));
      const ownYear = count?.financialYear === financialYear ? count.next : 1;
      const sequence = Math.max(ownYear, sale.refusal?.expected ?? 1);
      billNumber = formatInvoiceNumber(sale.series, financialYear, sequence);
      queue.put({
        ...sale,
        billNumber,
        body: { ...sale.body, sequence },
        status: 'waiting',
        refusal: null,
      } satisfies QueuedSale);
      if (count?.financialYear === financialYear) {
        kept.put({ financialYear, next: sequence + 1 } satisfies SequenceCount, sequenceKey(sale.deviceId));
      }
      const readLast = kept.get(lastBillKey(sale.deviceId));
      readLast.onsuccess = () => {
        const last = readLast.result as LastBill | undefined;
        if (last?.clientSaleId === clientSaleId && billNumber) {
          kept.put({ ...last, billNumber } satisfies LastBill, lastBillKey(sale.deviceId));
        }
      };
    };
  };
  await committed(tx);
  store.changed();
  return billNumber;
}

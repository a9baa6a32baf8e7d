/**
 * The counter's queue on a real IndexedDB (fake-indexeddb, a fresh database per test): bill numbers
 * from the device's own count, a sale written before it counts as made and still there after a
 * reload, sent in order, a duplicate answer taken as accepted, a refusal kept with the server's
 * messages and holding back the device's later sales, a wrong number given the next one.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { SaleAnswer, SaleBody } from './api/counter-types';
import { type CounterStore, createCounterStore, readKept } from './counter-db';
import {
  flushQueue,
  type LastBill,
  lastBillKey,
  NoBillNumberError,
  newSaleId,
  queueSale,
  readQueue,
  readSequence,
  renumberRefused,
  retryRefused,
  type SaleDraft,
  syncSequence,
} from './sale-queue';

const NOW = new Date('2026-11-26T06:30:00.000Z');
const DEVICE = { _id: 'd-1', series: 'C1' };

let factory: IDBFactory;
let store: CounterStore;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  factory = new IDBFactory();
  store = createCounterStore(factory);
});
afterEach(() => {
  store.close();
  vi.useRealTimers();
});

function draft(overrides: Partial<SaleDraft> = {}): SaleDraft {
  return {
    soldAt: new Date().toISOString(),
    offline: true,
    customerId: null,
    lines: [{ productId: 'p-potato', quantity: 1.5, source: 'manual' }],
    tenders: [{ method: 'Cash', amount: 45 }],
    ...overrides,
  };
}

const queue = (overrides: Partial<SaleDraft> = {}) =>
  queueSale(store, DEVICE, draft(overrides), { totalPaise: 4500, changePaise: 0 });

/** A server that accepts every sale, recording the bodies in the order they came. */
function acceptingServer({ duplicateOf = new Set<number>() } = {}) {
  const bodies: SaleBody[] = [];
  const send = vi.fn(async (body: SaleBody): Promise<SaleAnswer> => {
    bodies.push(body);
    return {
      success: true,
      duplicate: duplicateOf.has(body.sequence),
      sale: {
        orderId: `o-${body.sequence}`,
        orderNumber: 1000 + body.sequence,
        invoiceNumber: `C1/26-27/${String(body.sequence).padStart(6, '0')}`,
        deviceId: body.deviceId,
        soldAt: body.soldAt,
        status: 'Delivered',
        offline: body.offline,
        customer: null,
        lines: [],
        subtotal: 45,
        roundOff: 0,
        total: 45,
        tenders: body.tenders.map((tender) => ({ received: null, reference: null, ...tender })),
        change: 0,
        overLimit: false,
        khataBalance: null,
      },
    };
  });
  return { bodies, send };
}

describe('bill numbers', () => {
  it('start from the server’s next number, take one each, and are never lowered by the server', async () => {
    await syncSequence(store, DEVICE._id, 42, NOW);
    const first = await queue();
    const second = await queue();
    expect([first.billNumber, second.billNumber]).toEqual(['C1/26-27/000042', 'C1/26-27/000043']);
    expect([first.body.sequence, second.body.sequence]).toEqual([42, 43]);
    expect(first.body.clientSaleId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first.body.clientSaleId).not.toBe(second.body.clientSaleId);

    // The server has not heard of the two yet: its 42 does not take the count back.
    await syncSequence(store, DEVICE._id, 42, NOW);
    expect(await readSequence(store, DEVICE._id)).toEqual({ financialYear: '2026-27', next: 44 });
    await syncSequence(store, DEVICE._id, 50, NOW);
    expect((await readSequence(store, DEVICE._id))?.next).toBe(50);
  });

  it('start again from 000001 in a new financial year (1 April in the shop)', async () => {
    await syncSequence(store, DEVICE._id, 812, NOW);
    const march = await queue({ soldAt: '2027-03-31T18:29:00.000Z' });
    const april = await queue({ soldAt: '2027-03-31T18:30:00.000Z' });
    expect(march.billNumber).toBe('C1/26-27/000812');
    expect(april.billNumber).toBe('C1/27-28/000001');
  });

  it('are not made up on a browser that never learnt the device’s count, and nothing is queued', async () => {
    await expect(queue()).rejects.toBeInstanceOf(NoBillNumberError);
    expect(await readQueue(store)).toEqual([]);
  });
});

describe('the queue', () => {
  it('holds a sale as soon as queueSale resolves, through a reload', async () => {
    await syncSequence(store, DEVICE._id, 7, NOW);
    const made = await queue();
    // The page closes; another opens the same database.
    store.close();
    store = createCounterStore(factory);
    const [kept] = await readQueue(store);
    expect(kept).toMatchObject({ clientSaleId: made.clientSaleId, billNumber: 'C1/26-27/000007', status: 'waiting' });
    expect(kept?.body).toEqual(made.body);
    expect(await readKept<LastBill>(store, lastBillKey(DEVICE._id))).toMatchObject({
      billNumber: 'C1/26-27/000007',
      orderId: null,
    });
  });

  it('sends the sales oldest first, takes a duplicate answer as accepted, and gives the last bill its id', async () => {
    await syncSequence(store, DEVICE._id, 42, NOW);
    await queue();
    await queue();
    await queue();
    const server = acceptingServer({ duplicateOf: new Set([43]) });
    expect(await flushQueue(store, server.send)).toEqual({ sent: 3, stopped: null });
    expect(server.bodies.map((body) => body.sequence)).toEqual([42, 43, 44]);
    expect(await readQueue(store)).toEqual([]);
    expect(await readKept<LastBill>(store, lastBillKey(DEVICE._id))).toMatchObject({
      billNumber: 'C1/26-27/000044',
      orderId: 'o-44',
    });
  });

  it('stops at a failed network and keeps what was not sent; the same sale goes again, as it was', async () => {
    await syncSequence(store, DEVICE._id, 42, NOW);
    await queue();
    const second = await queue();
    const server = acceptingServer();
    const failing = vi.fn(async (body: SaleBody) => {
      if (body.sequence === 43) throw new TypeError('Failed to fetch');
      return server.send(body);
    });
    expect(await flushQueue(store, failing)).toEqual({ sent: 1, stopped: 'offline' });
    expect((await readQueue(store)).map((sale) => sale.billNumber)).toEqual(['C1/26-27/000043']);

    expect(await flushQueue(store, server.send)).toEqual({ sent: 1, stopped: null });
    expect(server.bodies.at(-1)).toEqual(second.body);
  });

  it('keeps waiting on a server error or a lost session', async () => {
    await syncSequence(store, DEVICE._id, 1, NOW);
    await queue();
    const down = vi.fn(async () => {
      throw new ApiError(503, [], null);
    });
    expect(await flushQueue(store, down)).toEqual({ sent: 0, stopped: 'server' });
    const loggedOut = vi.fn(async () => {
      throw new ApiError(401, [{ message: 'Please log in' }], null);
    });
    expect(await flushQueue(store, loggedOut)).toEqual({ sent: 0, stopped: 'login' });
    expect((await readQueue(store)).map((sale) => sale.status)).toEqual(['waiting']);
  });

  it('keeps a refused sale with the server’s message and holds back the later ones until it is sent again', async () => {
    await syncSequence(store, DEVICE._id, 42, NOW);
    await queue();
    await queue();
    const refusal = {
      success: false,
      message: 'The khata of this customer is closed',
      code: 'khataClosed',
      values: {},
    };
    const refusing = vi.fn(async () => {
      throw new ApiError(409, [{ code: refusal.code, values: refusal.values, message: refusal.message }], refusal);
    });
    expect(await flushQueue(store, refusing)).toEqual({ sent: 0, stopped: null });
    // Only the first was tried: the second's number would be refused after the gap.
    expect(refusing).toHaveBeenCalledTimes(1);
    const [refused, heldBack] = await readQueue(store);
    expect(refused).toMatchObject({
      billNumber: 'C1/26-27/000042',
      status: 'refused',
      refusal: { status: 409, messages: [{ code: 'khataClosed', message: refusal.message }], expected: null },
    });
    expect(heldBack?.status).toBe('waiting');

    await retryRefused(store, refused?.clientSaleId ?? '');
    const server = acceptingServer();
    expect(await flushQueue(store, server.send)).toEqual({ sent: 2, stopped: null });
    expect(server.bodies.map((body) => body.sequence)).toEqual([42, 43]);
  });

  it('gives a sale refused for its number the next number, at least the one the server expects', async () => {
    await syncSequence(store, DEVICE._id, 42, NOW);
    await queue();
    const wrongNumber = vi.fn(async () => {
      throw new ApiError(
        409,
        [{ code: 'counterSequenceExpected', values: { expected: 50 }, message: 'The next bill of C1 is 000050' }],
        null,
      );
    });
    await flushQueue(store, wrongNumber);
    const [refused] = await readQueue(store);
    expect(refused?.refusal?.expected).toBe(50);
    // Later bills already start at the expected number.
    expect((await readSequence(store, DEVICE._id))?.next).toBe(50);

    expect(await renumberRefused(store, refused?.clientSaleId ?? '')).toBe('C1/26-27/000050');
    expect((await readSequence(store, DEVICE._id))?.next).toBe(51);
    const server = acceptingServer();
    await flushQueue(store, server.send);
    expect(server.bodies.map((body) => [body.sequence, body.clientSaleId])).toEqual([[50, refused?.clientSaleId]]);
  });

  it('sends each sale once when two rounds are asked for at the same moment', async () => {
    await syncSequence(store, DEVICE._id, 1, NOW);
    await queue();
    await queue();
    const server = acceptingServer();
    await Promise.all([flushQueue(store, server.send), flushQueue(store, server.send)]);
    expect(server.send).toHaveBeenCalledTimes(2);
  });
});

describe('newSaleId', () => {
  it('makes version 4 UUIDs without crypto.randomUUID (a shop LAN without HTTPS)', () => {
    const ids = new Set(Array.from({ length: 50 }, newSaleId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

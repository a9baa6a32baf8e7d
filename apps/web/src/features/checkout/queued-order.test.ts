/**
 * The queued checkout (decision 0041): sent as confirmed when the rates still hold (with the same
 * key), not sent when a rate changed (the confirm screen takes over the key), kept while there is
 * no network, dropped with the server's reasons when refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CartItem, cartStore } from '../cart';
import { sendQueuedOrder } from './queued-order';
import { type QueuedOrder, queueOrder } from './queued-order-store';

const tomato: CartItem = {
  id: 'p-tomato',
  name: 'Desi Tomato',
  rate: 38,
  stocks: 20,
  kilogramOption: [0.5, 1],
  image: '/images/tomato.svg',
  quantity: 1,
  unit: 'kg',
};

const order: QueuedOrder = {
  idempotencyKey: 'key-offline-1',
  userId: 'u-1',
  items: [tomato],
  shippingInfo: { address: '7, Sitabuldi Main Road', city: 'Nagpur', mobileNumber: '9822012345', pinCode: '440012' },
  slot: null,
  paymentMethod: 'COD',
  shownSubtotal: 38,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function product(rate: number) {
  return {
    success: true,
    product: {
      _id: tomato.id,
      name: tomato.name,
      aliases: [],
      rate,
      stocks: 20,
      url: tomato.image,
      unit: 'kg',
      kilogramOption: [{ $numberDecimal: '0.5' }, { $numberDecimal: '1' }],
    },
  };
}

/** A server answering the product read at `rate` and the order with `orderAnswer`; records the orders sent. */
function server(rate: number, orderAnswer: () => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/product/getSingleProduct/')) return json(200, product(rate));
      if (url === '/api/user/new/order') {
        sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return orderAnswer();
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
  return sent;
}

const queuedNow = () => localStorage.getItem('mandi-queued-order');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  cartStore.clear();
  cartStore.addItem(tomato);
  queueOrder(order);
});
afterEach(() => vi.unstubAllGlobals());

describe('sending a queued order', () => {
  it('sends it as confirmed, with the same key, when the rates still hold; the cart and queue are emptied', async () => {
    const sent = server(38, () =>
      json(201, { success: true, message: 'placed', order: { orderNumber: 1042, subtotal: 38 } }),
    );
    const outcome = await sendQueuedOrder(order);
    expect(outcome).toEqual({ kind: 'placed', orderNumber: 1042, subtotal: 38, shownSubtotal: 38 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ idempotencyKey: 'key-offline-1', cartItems: [{ id: tomato.id, quantity: 1 }] });
    expect(queuedNow()).toBeNull();
    expect(cartStore.getItems()).toEqual([]);
  });

  it('sends nothing when a rate changed: the cart takes the new rate and the confirm screen the same key', async () => {
    const sent = server(45, () => json(500, {}));
    const outcome = await sendQueuedOrder(order);
    expect(outcome).toEqual({ kind: 'changed', subtotal: 45, shownSubtotal: 38 });
    expect(sent).toHaveLength(0);
    expect(cartStore.getItems()[0]?.rate).toBe(45);
    expect(sessionStorage.getItem('mandi-order-key')).toBe('key-offline-1');
    expect(queuedNow()).toBeNull();
  });

  it('keeps it while there is no network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await sendQueuedOrder(order)).toEqual({ kind: 'offline' });
    expect(queuedNow()).not.toBeNull();
    expect(cartStore.getItems()).toHaveLength(1);
  });

  it('drops it with the server’s reasons when refused, and keeps the cart', async () => {
    server(38, () => json(409, { success: false, message: 'The chosen delivery slot is full.' }));
    const outcome = await sendQueuedOrder(order);
    expect(outcome).toEqual({ kind: 'refused', messages: ['The chosen delivery slot is full.'] });
    expect(queuedNow()).toBeNull();
    expect(cartStore.getItems()).toHaveLength(1);
  });

  it('sends one request when asked twice at once (the layout and a reconnect)', async () => {
    const sent = server(38, () =>
      json(201, { success: true, message: 'placed', order: { orderNumber: 7, subtotal: 38 } }),
    );
    const [first, second] = await Promise.all([sendQueuedOrder(order), sendQueuedOrder(order)]);
    expect(first).toEqual(second);
    expect(sent).toHaveLength(1);
  });
});

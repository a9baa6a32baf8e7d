import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { type Call, order as orderFixture, orderLine, renderAt, stubFetch } from '../../../test-utils';

/** An order of tomatoes and peas to pack. */
const order = (overrides: Partial<Order> = {}) =>
  orderFixture({
    orderItems: [orderLine('1', 'Desi Tomato', 1, 120), orderLine('2', 'Green Peas', 2, 80)],
    ...overrides,
  });

import PackOrderPage from './pack-order-page';

afterEach(() => vi.unstubAllGlobals());

function renderPack(initial: Order, onPack?: (call: Call) => { status?: number; body: unknown }) {
  let current = initial;
  const calls = stubFetch((call) => {
    if (call.method === 'PUT' && call.path === '/api/admin/orders/o-1/pack') {
      const answer = onPack ? onPack(call) : { body: { success: true, order: current } };
      // Like the server: once saved, the order reads back packed.
      const saved = (answer.body as { order?: Order }).order;
      if (saved) current = saved;
      return answer;
    }
    if (call.path === '/api/user/my/order/o-1') return { body: { success: true, order: current } };
    return undefined;
  });
  renderAt('/admin/pack/order/o-1', {
    '/admin/pack/order/:orderId': <PackOrderPage />,
  });
  return calls;
}

const field = (name: string) => screen.getByRole('textbox', { name: `Packed weight of ${name} (kg)` });
const lineOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

// Typing into several fields is slow when the machine is busy.
describe('Packing screen', { timeout: 15_000 }, () => {
  it('shows each line with its picture and ordered kg, and a weight field made for a scale', async () => {
    renderPack(order());
    expect(await screen.findByRole('heading', { name: 'Pack Order' })).toBeTruthy();
    // The number written on the bag, not the order's id.
    expect(screen.getByText('#1042')).toBeTruthy();
    expect(screen.queryByText(/o-1/)).toBeNull();
    const tomato = lineOf('Desi Tomato');
    expect(within(tomato).getByRole('img', { name: 'Desi Tomato' }).getAttribute('src')).toBe('/api/images/1');
    expect(within(tomato).getByText('Ordered 1 Kg × ₹120/Kg')).toBeTruthy();
    const input = field('Desi Tomato');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('Estimate (ordered weights)').nextElementSibling?.textContent).toBe('₹280');
  });

  it("shows the order's delivery slot, so the packer knows which run it is for", async () => {
    renderPack(order({ deliverySlot: { _id: 't_2026-11-24', date: '2026-11-24', start: '17:00', end: '20:00' } }));
    expect((await screen.findByText(/^Delivery:/)).textContent).toBe('Delivery: Tue 24 Nov, 17:00–20:00');
  });

  it('bills 1.04 Kg of ₹120/kg as ₹124.80 and updates the total as they type, in kg or grams', async () => {
    renderPack(order());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1.04');
    expect(within(lineOf('Desi Tomato')).getByText('₹124.80')).toBeTruthy();
    // The bill is paid in whole rupees: ₹124.80 rounds to ₹125, shown as a "Round off" line.
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹124.80');
    expect(screen.getByTestId('pack-round-off').textContent).toBe('+₹0.20');
    expect(screen.getByTestId('pack-total').textContent).toBe('₹125');
    expect(screen.getByText('New total so far')).toBeTruthy();

    await user.type(field('Green Peas'), '1960 g');
    expect(within(lineOf('Green Peas')).getByText('₹156.80')).toBeTruthy();
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹281.60');
    expect(screen.getByTestId('pack-round-off').textContent).toBe('+₹0.40');
    expect(screen.getByTestId('pack-total').textContent).toBe('₹282');
    // No delivery zone on this order: no fee line.
    expect(screen.queryByTestId('pack-fee')).toBeNull();
    expect(screen.getByText('New total')).toBeTruthy();

    await user.clear(field('Green Peas'));
    await user.type(field('Green Peas'), '0.333kg');
    // ₹80 × 0.333 Kg = ₹26.64 exactly; ₹120 × 0.333 = ₹39.96.
    expect(within(lineOf('Green Peas')).getByText('₹26.64')).toBeTruthy();
  });

  it('rounds half a paisa up', async () => {
    renderPack(
      order({
        orderItems: [
          {
            _id: 'i-1',
            productId: 'p-1',
            name: 'Curry Leaves',
            image: '',
            quantity: 0.5,
            rate: 1.5,
            packedQuantity: null,
            amount: 0.75,
          },
        ],
      }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Curry Leaves (kg)' }), '0.333');
    // ₹1.50/kg × 0.333 Kg = 49.95 paise, billed as 50 paise; the total then rounds half up to ₹1.
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹0.50');
    expect(screen.getByTestId('pack-total').textContent).toBe('₹1');
  });

  it('moves to the next field on Enter, and from the last field to Save', async () => {
    renderPack(order());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }));
    await user.keyboard('1.02{Enter}');
    expect(document.activeElement).toBe(field('Green Peas'));
    await user.keyboard('2{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save weights' }));
  });

  it('marks a line not available: 0 Kg, not charged', async () => {
    renderPack(order());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Not available: Green Peas' }));
    expect((field('Green Peas') as HTMLInputElement).value).toBe('0');
    expect(within(lineOf('Green Peas')).getByText('Not available: not charged')).toBeTruthy();
    expect(within(lineOf('Green Peas')).getByText('₹0')).toBeTruthy();
  });

  it('explains the 110% limit beside the field, announces it and will not save', async () => {
    const calls = renderPack(order());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1.2');
    await user.type(field('Green Peas'), '2');
    const alert = within(lineOf('Desi Tomato')).getByRole('alert');
    expect(alert.textContent).toBe('At most 1.1 Kg: no more than 110% of the 1 Kg ordered');
    expect(field('Desi Tomato').getAttribute('aria-invalid')).toBe('true');
    const save = screen.getByRole('button', { name: 'Save weights' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.click(save);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    expect(document.activeElement).toBe(field('Desi Tomato'));

    await user.clear(field('Desi Tomato'));
    await user.type(field('Desi Tomato'), '1100g');
    expect(within(lineOf('Desi Tomato')).queryByRole('alert')).toBeNull();
    expect(save.getAttribute('aria-disabled')).toBe('false');
  });

  // The router's catch-all shows where the save went, with the state it carried.
  it('saves the weights in kg and goes back to the order page with a success message', async () => {
    const packed = order({
      packedAt: '2026-03-06T04:00:00.000Z',
      total: 124.8,
      orderItems: [
        { ...order().orderItems[0], packedQuantity: '1.04', amount: 124.8 } as Order['orderItems'][number],
        { ...order().orderItems[1], packedQuantity: '0', amount: 0 } as Order['orderItems'][number],
      ],
    });
    const calls = renderPack(order(), () => ({ body: { success: true, order: packed } }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1.04 Kg');
    await user.click(screen.getByRole('button', { name: 'Not available: Green Peas' }));
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/admin/update/order/o-1'));
    expect(screen.getByTestId('location').textContent).toContain('Order packed: amount due ₹124.80');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      items: [
        { _id: 'i-1', packedQuantity: 1.04 },
        { _id: 'i-2', packedQuantity: 0 },
      ],
    });
  });

  it('shows the server refusal and stays', async () => {
    renderPack(order(), () => ({ status: 409, body: { success: false, message: 'Not enough stock of Desi Tomato' } }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1.1');
    await user.type(field('Green Peas'), '2');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    expect((await screen.findByText('Not enough stock of Desi Tomato')).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pack Order' })).toBeTruthy();
  });

  it('offers to pack over the khata limit only after the server refuses the bill as over it, and sends that choice', async () => {
    const message =
      "The packed bill puts ₹88 on the khata, which has ₹80 left of its limit: pack less, or pack it over the limit as the shop's choice";
    const calls = renderPack(order(), (call) =>
      (call.body as { overKhataLimit?: boolean }).overKhataLimit
        ? { body: { success: true, order: order({ packedAt: '2026-03-06T04:00:00.000Z' }) } }
        : {
            status: 409,
            body: {
              success: false,
              message,
              code: 'khataOverLimitAtPacking',
              values: { amount: '₹88', available: '₹80' },
            },
          },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1');
    await user.type(field('Green Peas'), '2');
    expect(screen.queryByRole('button', { name: 'Pack over the khata limit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pack over the khata limit' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/admin/update/order/o-1'));
    const puts = calls.filter((call) => call.method === 'PUT').map((call) => call.body);
    expect(puts).toEqual([
      { items: [expect.any(Object), expect.any(Object)] },
      { items: [expect.any(Object), expect.any(Object)], overKhataLimit: true },
    ]);
  });

  it('prefills the packed weights when packing again', async () => {
    renderPack(
      order({
        packedAt: '2026-03-06T04:00:00.000Z',
        total: 124.8,
        orderItems: [
          { ...order().orderItems[0], packedQuantity: '1.040', amount: 124.8 } as Order['orderItems'][number],
          { ...order().orderItems[1], packedQuantity: '0', amount: 0 } as Order['orderItems'][number],
        ],
      }),
    );
    expect(
      ((await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' })) as HTMLInputElement).value,
    ).toBe('1.04');
    expect((field('Green Peas') as HTMLInputElement).value).toBe('0');
    expect(screen.getByTestId('pack-total').textContent).toBe('₹125');
    expect(screen.getByText(/saving again corrects the weights/)).toBeTruthy();
  });

  it("adds the delivery fee the order's terms give the packed subtotal, as the final bill will", async () => {
    // A ₹40 fee, free from ₹300: the estimate (₹280 + ₹40) paid it; the packed weights decide again.
    renderPack(
      order({ shippingCharge: 40, total: 320, estimatedTotal: 320, deliveryTerms: { fee: 40, freeAbove: 300 } }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1');
    await user.type(field('Green Peas'), '2.005');
    // ₹120 + ₹160.40 = ₹280.40, under ₹300: the fee is charged, then ₹320.40 rounds to ₹320.
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹280.40');
    expect(screen.getByText('Delivery fee').nextElementSibling?.textContent).toBe('₹40');
    expect(screen.getByText('Round off').nextElementSibling?.textContent).toBe('−₹0.40');
    expect(screen.getByTestId('pack-total').textContent).toBe('₹320');

    // Packed over "free above", the fee is waived, as the server judges it on the packed subtotal.
    await user.clear(field('Desi Tomato'));
    await user.type(field('Desi Tomato'), '1.1');
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹292.40');
    await user.clear(field('Green Peas'));
    await user.type(field('Green Peas'), '2.2');
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹308');
    expect(screen.getByTestId('pack-fee').textContent).toBe('Free');
    expect(screen.queryByTestId('pack-round-off')).toBeNull();
    expect(screen.getByTestId('pack-total').textContent).toBe('₹308');
  });

  it('packs only a Processing order', async () => {
    renderPack(order({ status: 'Shipped' }));
    expect(await screen.findByText(/Only a Processing order can be packed/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(
      '/admin/update/order/o-1',
    );
  });
});

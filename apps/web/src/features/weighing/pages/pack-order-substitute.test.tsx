/** The packing screen's substitutions (decision 0043): the shopper's wish, "Send instead", the substitute's price and the pack call. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { type Call, order as orderFixture, orderLine, renderAt, stubFetch } from '../../../test-utils';
import PackOrderPage from './pack-order-page';

afterEach(() => vi.unstubAllGlobals());

const rates = [
  { productId: 'p-1', name: 'Desi Tomato', unit: 'kg', rate: 40, category: 'Vegetables' },
  { productId: 'p-cherry', name: 'Cherry Tomato', unit: 'kg', rate: 35, category: 'Vegetables' },
  { productId: 'p-organic', name: 'Organic Tomato', unit: 'kg', rate: 60, category: 'Vegetables' },
  { productId: 'p-potato', name: 'Potato', unit: 'kg', rate: 25, category: 'Vegetables' },
  { productId: 'p-melon', name: 'Watermelon', unit: 'kg', rate: 20, category: 'Fruits' },
  { productId: 'p-eggs', name: 'Eggs', unit: 'dozen', rate: 30, category: 'Dairy' },
];

function renderPack(initial: Order) {
  const packs: Call[] = [];
  const calls = stubFetch((call) => {
    if (call.method === 'PUT' && call.path === '/api/admin/orders/o-1/pack') {
      packs.push(call);
      return { body: { success: true, order: { ...initial, packedAt: '2026-11-24T05:00:00.000Z', total: 67 } } };
    }
    if (call.path === '/api/user/my/order/o-1') return { body: { success: true, order: initial } };
    if (call.path === '/api/admin/rates') return { body: { success: true, rates } };
    return undefined;
  });
  renderAt('/admin/pack/order/o-1', {
    '/admin/pack/order/:orderId': <PackOrderPage />,
    '/admin/order/:id': <p>Order page</p>,
  });
  return { calls, packs };
}

const line = (substitution: 'similar' | 'call' | 'skip') => ({
  ...orderLine('1', 'Desi Tomato', 2, 40),
  unit: 'kg' as const,
  substitution,
});

describe('Packing with a substitute', { timeout: 15_000 }, () => {
  it('shows a "similar" wish and offers same-category, same-unit products no dearer than ordered, nearest rate first', async () => {
    renderPack(orderFixture({ orderItems: [line('similar')] }));
    expect((await screen.findByTestId('pack-wish')).textContent).toBe(
      'If short: send a similar item (same category and unit, no dearer)',
    );
    const select = screen.getByRole('combobox', { name: 'Send instead of Desi Tomato' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    // Never the watermelon (Fruits) for tomatoes, however cheap.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Desi Tomato, as ordered', 'Cherry Tomato · ₹35/Kg', 'Potato · ₹25/Kg']);
  });

  it('after a call offers dearer products and other categories too, the ordered one’s first', async () => {
    renderPack(orderFixture({ orderItems: [line('call')] }));
    const select = await screen.findByRole('combobox', { name: 'Send instead of Desi Tomato' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Desi Tomato, as ordered',
      'Cherry Tomato · ₹35/Kg',
      'Potato · ₹25/Kg',
      'Organic Tomato · ₹60/Kg',
      'Watermelon · ₹20/Kg',
    ]);
    expect(screen.getByTestId('pack-wish').textContent).toContain('call the shopper first');
  });

  it('offers nothing, and reads no products, for a line that wants no substitute', async () => {
    const { calls } = renderPack(orderFixture({ orderItems: [line('skip')] }));
    await screen.findByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' });
    expect(screen.queryByRole('combobox', { name: 'Send instead of Desi Tomato' })).toBeNull();
    expect(screen.queryByTestId('pack-wish')).toBeNull();
    expect(calls.some((call) => call.path === '/api/admin/rates')).toBe(false);
  });

  it('prices the line at the substitute’s rate and sends it as a substitute', async () => {
    const { packs } = renderPack(orderFixture({ orderItems: [line('similar')] }));
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Send instead of Desi Tomato' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'p-cherry');
    expect(screen.getByTestId('pack-sending').textContent).toBe('Sending Cherry Tomato at ₹35/Kg');
    await user.type(screen.getByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }), '1.9');
    // ₹35 × 1.9 = ₹66.50
    expect(screen.getByTestId('pack-subtotal').textContent).toBe('₹66.50');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(packs).toHaveLength(1));
    expect(packs[0]?.body).toEqual({
      items: [{ _id: 'i-1', substitute: { productId: 'p-cherry', packedQuantity: 1.9 } }],
    });
  });
});

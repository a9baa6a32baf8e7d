import type { AdminProduct, Purchase } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderAdmin, stubFetch } from '../../../test-utils';
import { parseDecimal } from '../components/purchases-kit';
import PurchaseEntryPage from './purchase-entry-page';

const category = { _id: 'c-1', categoryName: 'Vegetables', categoryImage: '' };
const tomato = {
  _id: 'p-1',
  name: 'Desi Tomato',
  aliases: [],
  url: '',
  rate: 38,
  stocks: 150,
  kilogramOption: [{ $numberDecimal: '1' }],
  category,
  createdAt: '2026-11-01T00:00:00.000Z',
  unit: 'kg',
  hsnCode: '0702',
  gstRate: 0,
  plu: null,
  costRate: null,
} satisfies AdminProduct;

const saved = {
  _id: 'pu-1',
  supplier: { _id: 's-1', name: 'Ramesh Traders' },
  date: '2026-11-26',
  commissionPercent: 6,
  charges: [{ label: 'Transport', amount: 50 }],
  lines: [
    {
      _id: 'l-1',
      productId: 'p-1',
      name: 'Desi Tomato',
      unit: 'kg',
      grossQuantity: 10,
      tareQuantity: 0.5,
      netQuantity: 9.5,
      rate: 20,
      value: 190,
      commission: 11.4,
      charges: 50,
      landedCost: 251.4,
      landedRate: 26.46,
    },
  ],
  value: 190,
  commission: 11.4,
  chargesTotal: 50,
  total: 251.4,
  createdAt: '2026-11-26T04:30:00.000Z',
} satisfies Purchase;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function server(call: Call) {
  const pathname = pathnameOf(call);
  if (pathname === '/api/admin/suppliers') {
    return {
      body: {
        success: true,
        suppliers: [{ _id: 's-1', name: 'Ramesh Traders', balance: 0, purchased: 0, paid: 0, lastPurchaseDate: null }],
      },
    };
  }
  if (pathname === '/api/admin/products') return { body: { success: true, products: [tomato], productsDocCount: 1 } };
  if (pathname === '/api/admin/purchases' && call.method === 'POST') {
    return {
      status: 201,
      body: {
        success: true,
        purchase: saved,
        message: 'Purchase saved: 1 lines, ₹251.40 landed',
        code: 'purchaseRecorded',
        values: { lines: 1, total: '₹251.40' },
      },
    };
  }
  return undefined;
}

describe('parseDecimal', () => {
  it('reads digits with at most the decimals allowed', () => {
    expect(parseDecimal('10', 3)).toBe(10);
    expect(parseDecimal(' 0.5 ', 3)).toBe(0.5);
    expect(parseDecimal('1,250.25', 2)).toBe(1250.25);
    expect(parseDecimal('.5', 2)).toBe(0.5);
    expect(parseDecimal('1.005', 2)).toBeNull();
    expect(parseDecimal('-1', 3)).toBeNull();
    expect(parseDecimal('ten', 3)).toBeNull();
  });
});

describe('PurchaseEntryPage', () => {
  it('works the landed cost as the buyer types and saves the purchase', async () => {
    const calls = stubFetch(server);
    const user = userEvent.setup();
    renderAdmin(<PurchaseEntryPage />, { path: '/admin/purchases/new' });

    await user.type(screen.getByLabelText('Supplier'), 'Ramesh Traders');
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.type(within(line).getByLabelText('Product'), 'Desi Tomato');
    await waitFor(() => expect(within(line).getByText('✓ Desi Tomato · Kg')).toBeTruthy());
    await user.type(within(line).getByLabelText('Gross'), '10');
    await user.type(within(line).getByLabelText('Tare (bags, crates)'), '0.5');
    await user.type(within(line).getByLabelText('Rate ₹ per Kg'), '20');
    await user.type(screen.getByLabelText('Commission %'), '6');
    await user.type(screen.getByLabelText('Charge 1'), 'Transport');
    await user.type(screen.getByLabelText('Amount ₹'), '50');

    // The contract's example: net 9.5 kg, value 190, landed 251.40, landed rate 26.46.
    expect(line.textContent).toContain('Net 9.5 Kg · value ₹190 · landed ₹251.40');
    expect(line.textContent).toContain('Landed rate: ₹26.46/Kg');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('₹11.40');
    expect(totals.textContent).toContain('₹251.40');

    await user.click(screen.getByRole('button', { name: 'Save purchase' }));
    expect(await screen.findByText('Purchase saved: 1 lines, ₹251.40 landed')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      supplier: 'Ramesh Traders',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      commissionPercent: 6,
      charges: [{ label: 'Transport', amount: '50' }],
      lines: [{ productId: 'p-1', grossQuantity: '10', tareQuantity: '0.5', rate: '20' }],
    });
    // The form is ready for the next purchase.
    expect((screen.getByLabelText('Supplier') as HTMLInputElement).value).toBe('');
  });

  it('names each problem before sending anything', async () => {
    const calls = stubFetch(server);
    const user = userEvent.setup();
    renderAdmin(<PurchaseEntryPage />, { path: '/admin/purchases/new' });
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.type(within(line).getByLabelText('Gross'), '1');
    await user.type(within(line).getByLabelText('Tare (bags, crates)'), '1');
    await user.click(screen.getByRole('button', { name: 'Save purchase' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Name the supplier');
    expect(alert.textContent).toContain('Line 1: pick a product from the list');
    expect(alert.textContent).toContain('the tare less than the gross');
    expect(alert.textContent).toContain('Line 1: the rate must be more than 0');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

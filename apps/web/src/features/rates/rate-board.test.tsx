import { SHOP_UTC_OFFSET } from '@mandi/shared/kernel';
import type { RateRow, RatesTodayAnswer } from '@mandi/shared/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderRoutes, stubFetch } from '../../test-utils';
import { nextSixAm, shopMomentOf, typedRate } from './components/format-moment';
import RateBoardPage from './pages/rate-board-page';
import RatesPage from './pages/rates-page';

// Typed by the server's answer schemas, so a fixture cannot drift from what the API sends.
const tomato = {
  productId: 'p-tomato',
  name: 'Tomato',
  unit: 'kg',
  category: 'Vegetables',
  rate: 40,
  previousRate: 38,
  costRate: 30,
  marginPercent: 25,
  scheduled: null,
} satisfies RateRow;
const onion = {
  ...tomato,
  productId: 'p-onion',
  name: 'Onion',
  rate: 30,
  previousRate: null,
  costRate: null,
  marginPercent: null,
};
const mango = {
  ...tomato,
  productId: 'p-mango',
  name: 'Mango',
  category: 'Fruits',
  rate: 120,
  scheduled: { rate: 110, effectiveAt: '2026-11-27T00:30:00.000Z' },
} satisfies RateRow;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rateServer() {
  return (call: Call) => {
    const pathname = pathnameOf(call);
    if (pathname === '/api/admin/rates' && call.method === 'GET')
      return { body: { success: true, rates: [mango, onion, tomato] } };
    if (pathname === '/api/admin/rates' && call.method === 'PUT') {
      return { body: { success: true, rates: [mango, onion, { ...tomato, rate: 44, previousRate: 40 }] } };
    }
    if (pathname === '/api/rates/today') {
      return {
        body: {
          success: true,
          date: '2026-11-26',
          text: '*Mandi rates, Thu 26 Nov*',
          rates: [{ productId: 'p-tomato', name: 'Tomato', unit: 'kg', category: 'Vegetables', rate: 40 }],
        } satisfies RatesTodayAnswer,
      };
    }
    return undefined;
  };
}

describe('the rate board', () => {
  it('shows the rows by category with rate, previous rate, cost, the schedule, and the margin as you type', async () => {
    stubFetch(rateServer());
    renderRoutes({ pathname: '/admin/rates' }, <Route path="/admin/rates" element={<RateBoardPage />} />);
    const field = await screen.findByRole('textbox', { name: 'New rate of Tomato, ₹ per Kg' });
    expect(screen.getByRole('rowheader', { name: /Tomato/ }).textContent).toContain('Now ₹40/Kg · was ₹38 · cost ₹30');
    expect(screen.getByRole('rowheader', { name: /Onion/ }).textContent).toContain('no earlier rate · no cost yet');
    expect(screen.getByRole('rowheader', { name: /Mango/ }).textContent).toMatch(/From .*: ₹110/);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Fruits', 'Vegetables']),
    );
    const margin = screen.getByRole('cell', { name: 'Margin of Tomato' });
    expect(margin.textContent).toBe('25%');
    await userEvent.type(field, '25');
    expect(margin.textContent).toBe('-20%');
    await userEvent.clear(field);
    await userEvent.type(field, '44');
    expect(margin.textContent).toBe('31.8%');
  });

  it('moves down with Enter and publishes only the typed rates', async () => {
    const calls = stubFetch(rateServer());
    renderRoutes({ pathname: '/admin/rates' }, <Route path="/admin/rates" element={<RateBoardPage />} />);
    const mangoField = await screen.findByRole('textbox', { name: /^New rate of Mango/ });
    await userEvent.click(mangoField);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^New rate of Onion/ }));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('44{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Publish now' }));
    expect(screen.getByText('1 rate typed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await screen.findByText('1 rate published.');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ rates: [{ productId: 'p-tomato', rate: 44 }] });
  });

  // Three pages of 100 rows rendered and typed into: slow on a busy 2-core machine (a wider timeout, no timing check).
  it('pages a big board, searches it on the server, and publishes rates typed on two pages', async () => {
    // 250 products: three pages of 100, named so that walking order is their number.
    const all = Array.from({ length: 250 }, (_, i) => ({
      ...onion,
      productId: `p-${i}`,
      name: `Item ${String(i).padStart(3, '0')}`,
    }));
    // Page 2 answers when the test lets it, to see the screen between the click and the rows.
    let answerPage2 = () => {};
    const page2Asked = new Promise<void>((resolve) => {
      answerPage2 = resolve;
    });
    const calls = stubFetch(async (call) => {
      const url = new URL(call.path, 'http://localhost');
      if (url.pathname !== '/api/admin/rates') return undefined;
      if (call.method === 'PUT') return { body: { success: true, rates: all } };
      const q = url.searchParams.get('q') ?? '';
      const page = Number(url.searchParams.get('page'));
      if (page === 2 && !q) await page2Asked;
      const limit = Number(url.searchParams.get('limit'));
      const found = all.filter((row) => row.name.includes(q));
      return {
        body: { success: true, rates: found.slice((page - 1) * limit, page * limit), total: found.length },
      };
    });
    renderRoutes({ pathname: '/admin/rates' }, <Route path="/admin/rates" element={<RateBoardPage />} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /^New rate of Item 000,/ }), '31');
    expect(screen.queryByRole('textbox', { name: /^New rate of Item 100,/ })).toBeNull();
    expect(screen.getByText('Products 1–100 of 250')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    // Until page 2 arrives, page 1's rows stay on screen, and take no typing.
    expect(screen.getByRole('textbox', { name: /^New rate of Item 001,/ })).toHaveProperty('readOnly', true);
    answerPage2();
    await userEvent.type(await screen.findByRole('textbox', { name: /^New rate of Item 150,/ }), '32');
    expect(screen.getByRole('textbox', { name: /^New rate of Item 150,/ })).toHaveProperty('readOnly', false);
    expect(screen.getByText('2 rates typed')).toBeTruthy();
    expect(screen.getByText(/Rates typed on other pages or searches are kept/)).toBeTruthy();
    // A search asks the server, and its rows keep what was typed.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a product by name' }), 'Item 15');
    // The search waits for typing to pause, then a 100-row table renders: up to 10 s on a busy machine.
    await screen.findByText('10 products match', {}, { timeout: 10_000 });
    expect(calls.some((call) => call.path.includes('q=Item+15'))).toBe(true);
    expect(screen.getByRole('textbox', { name: /^New rate of Item 150,/ })).toHaveProperty('value', '32');
    // A search that finds nothing shows no table, yet what was typed can still be published.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a product by name' }), 'x');
    await screen.findByText('No product matches “Item 15x”.', {}, { timeout: 10_000 });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('2 rates typed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await screen.findByText('2 rates published.', {}, { timeout: 10_000 });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      rates: [
        { productId: 'p-0', rate: 31 },
        { productId: 'p-150', rate: 32 },
      ],
    });
  }, 60_000);

  it('refuses a bad rate naming its product before sending anything', async () => {
    const calls = stubFetch(rateServer());
    renderRoutes({ pathname: '/admin/rates' }, <Route path="/admin/rates" element={<RateBoardPage />} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /^New rate of Onion/ }), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The rate of Onion must be an amount in ₹ above 0, with at most 2 decimals.',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('the public rates page', () => {
  it("lists today's rates by category", async () => {
    stubFetch(rateServer());
    renderRoutes({ pathname: '/rates' }, <Route path="/rates" element={<RatesPage />} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Vegetables' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('listitem').textContent).toContain('Tomato₹40 per Kg'));
  });
});

describe('schedule helpers', () => {
  it('default to the next 06:00 in shop time and read the field as shop time', () => {
    expect(nextSixAm(new Date('2026-11-26T04:30:00Z'))).toBe('2026-11-27T06:00'); // 10:00 IST
    expect(nextSixAm(new Date('2026-11-26T19:20:00Z'))).toBe('2026-11-27T06:00'); // 00:50 IST on the 27th
    expect(shopMomentOf('2026-11-27T06:00')).toBe(`2026-11-27T06:00:00${SHOP_UTC_OFFSET}`);
    expect(shopMomentOf('')).toBeNull();
    expect(typedRate('42.50')).toBe(42.5);
    expect(typedRate('0')).toBeNull();
    expect(typedRate('1.234')).toBeNull();
  });
});

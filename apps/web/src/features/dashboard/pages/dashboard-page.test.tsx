import { PAGE_TITLES } from '@mandi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '../../../components/admin/admin-layout';
import { stubFetch } from '../../../test-utils';
import DashboardPage from './dashboard-page';

// jsdom has no canvas: the charts are stood in for by their titles and data.
vi.mock('react-chartjs-2', () => import('../../../test-utils/chart-stand-in'));

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/home']}>
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="home" element={<DashboardPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Admin Dashboard', () => {
  it('loads, then shows the counts, the delivered amount and both charts', async () => {
    let release: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch(async () => {
      await ready;
      return {
        body: {
          success: true,
          productsCount: 48,
          usersCount: 6,
          ordersCount: 9,
          deliveredAmount: 5363.5,
          outOfStockCount: 3,
          inStockCount: 45,
        },
      };
    });
    renderDashboard();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(document.title).toBe(PAGE_TITLES.adminDashboard);
    release();

    const products = await screen.findByRole('link', { name: /Products\s*48/ });
    expect(products.getAttribute('href')).toBe('/admin/view/products');
    expect(screen.getByRole('link', { name: /Users\s*6/ }).getAttribute('href')).toBe('/admin/view/users');
    expect(screen.getByText('Total Amount').nextSibling?.textContent).toBe('₹5,363.50');
    // Each count says what it counts and over which time.
    expect(screen.getByText('Total Amount').parentElement?.textContent).toBe(
      'Total Amount₹5,363.50Delivered orders, all time (₹)',
    );
    expect(screen.getByRole('link', { name: /Products\s*48/ }).textContent).toContain('In the catalogue now');
    expect(screen.getByRole('link', { name: /Users\s*6/ }).textContent).toContain('Accounts now, shoppers and admins');
    expect(screen.getByText('Amount Earned is the Total Amount: delivered orders, all time.')).toBeTruthy();
    expect(screen.getByText('Products now; out of stock at 0 or less.')).toBeTruthy();
    expect(screen.getByText('Amount Growth')).toBeTruthy();
    expect(screen.getByText('Initial Amount: 0')).toBeTruthy();
    expect(screen.getByText('Amount Earned: 5363.5')).toBeTruthy();
    expect(screen.getByText('Products Stock')).toBeTruthy();
    expect(screen.getByText('Out of Stock: 3')).toBeTruthy();
    expect(screen.getByText('InStock: 45')).toBeTruthy();
    // Without the morning figures in the answer, their blocks stay away.
    expect(screen.queryByRole('heading', { name: 'Orders placed per day (₹ due)' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Orders by status, all time' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Top products by ₹ sold' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Low stock now' })).toBeNull();
  });

  it('adds the morning figures when the server sends them, each product in its own unit', async () => {
    const stats = {
      success: true,
      productsCount: 48,
      usersCount: 6,
      ordersCount: 9,
      deliveredAmount: 5363.5,
      outOfStockCount: 3,
      inStockCount: 45,
      billedByDay: [
        { date: '2026-03-04', amount: 120.5 },
        { date: '2026-03-05', amount: 0 },
        { date: '2026-03-06', amount: 1000 },
      ],
      ordersByStatus: { Processing: 4, Shipped: 2, Delivered: 2, Cancelled: 1 },
      // The spec's answer adds every unit up as kg: the dashboard shows its own lists instead.
      topProducts: [{ productId: 'p-eggs', name: 'Eggs', quantity: 3 }],
      lowStock: [{ _id: 'p-9', name: 'Curry Leaves', stock: 1.5 }],
      // 07:10 in Kolkata: the 30-day figures say when they were read (they may lag a minute).
      figuresAsOf: '2026-03-06T01:40:00.000Z',
    };
    const none = { ordersToPack: 0, ordersPacked: 0, kgToPack: 0, toPackByUnit: [], cashToCollect: 0 };
    const today = {
      success: true,
      date: '2026-03-06',
      slots: [],
      unslotted: none,
      totals: none,
      unpaidBills: { count: 0, amount: 0 },
      overdueComplaints: 0,
      openComplaints: 0,
      lowStock: {
        below: [
          { unit: 'kg', quantity: 5 },
          { unit: 'litre', quantity: 5 },
          { unit: 'piece', quantity: 10 },
          { unit: 'dozen', quantity: 5 },
          { unit: 'bunch', quantity: 10 },
          { unit: 'pack', quantity: 10 },
        ],
        products: [
          { _id: 'p-methi', name: 'Methi', unit: 'bunch', stock: -1 },
          { _id: 'p-curd', name: 'Curd', unit: 'litre', stock: 3 },
          { _id: 'p-onion', name: 'Onion', unit: 'kg', stock: 4.5 },
        ],
      },
    };
    const top = {
      success: true,
      from: '2026-02-05',
      to: '2026-03-06',
      // 07:12 in Kolkata.
      figuresAsOf: '2026-03-06T01:42:00.000Z',
      products: [
        { productId: 'p-eggs', name: 'Eggs', unit: 'dozen', quantity: 3, amount: 252 },
        { productId: 'p-milk', name: 'Milk', unit: 'litre', quantity: 2, amount: 120 },
        { productId: 'p-tomato', name: 'Tomato', unit: 'kg', quantity: 2.75, amount: 110 },
        { productId: null, name: 'Coriander', unit: 'bunch', quantity: 2, amount: 20 },
      ],
    };
    stubFetch((call) =>
      call.path.startsWith('/api/admin/dashboard/top-products')
        ? { body: top }
        : call.path.startsWith('/api/admin/dashboard/today')
          ? { body: today }
          : { body: stats },
    );
    renderDashboard();
    const billed = (await screen.findByRole('heading', { name: 'Orders placed per day (₹ due)' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(billed).getByText('₹1,120.50')).toBeTruthy();
    expect(within(billed).getByText(/^Last 3 days, 4 Mar to 6 Mar:/)).toBeTruthy();
    expect(within(billed).getByText(/^As of 07:10/i)).toBeTruthy();
    const rows = within(billed).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DateAmount due', '4 Mar₹120.50', '5 Mar₹0', '6 Mar₹1,000']);

    const statuses = screen
      .getByRole('heading', { name: 'Orders by status, all time' })
      .closest('section') as HTMLElement;
    expect(within(statuses).getByText('Cancelled').closest('div')?.textContent).toBe('Cancelled1');
    expect(within(statuses).getByText('Processing').closest('div')?.textContent).toBe('Processing4');

    const topPanel = (await screen.findByRole('heading', { name: 'Top products by ₹ sold' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      within(topPanel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Eggs3 dozen₹252', '2.Milk2 litres₹120', '3.Tomato2.75 Kg₹110', '4.Coriander2 bunches₹20']);
    expect(
      within(topPanel).getByText(
        'Orders placed 5 Feb to 6 Mar, cancelled left out; the packed quantity once packed, else the ordered one.',
      ),
    ).toBeTruthy();
    expect(within(topPanel).getByText(/^As of 07:12/i)).toBeTruthy();
    // Exact figures carry no time.
    expect(within(statuses).queryByText(/As of/)).toBeNull();

    const low = screen.getByRole('heading', { name: 'Low stock now' }).closest('section') as HTMLElement;
    expect(
      within(low).getByText(
        'Below 5 Kg, 5 litres, 10 pieces, 5 dozen, 10 bunches, 10 packs, each product in its own unit.',
      ),
    ).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'Methi' }).getAttribute('href')).toBe(
      '/admin/update/products/p-methi',
    );
    expect(
      within(low)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Methi0 bunches', 'Curd3 litres', 'Onion4.5 Kg']);
    // Nothing added up as kg is shown.
    expect(screen.queryByText('Curry Leaves')).toBeNull();
    expect(screen.queryByText('Top products by kg sold')).toBeNull();
    expect(screen.queryByText('Low stock (below 5 kg)')).toBeNull();
  });

  it('sits in the admin frame whose sidebar links every admin section', async () => {
    stubFetch(() => ({ status: 500, body: { success: false, message: 'Something went wrong on our side.' } }));
    renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin/home'],
      ['Counter', '/admin/counter'],
      ['Products', '/admin/products'],
      ['Orders', '/admin/view/orders'],
      ['Pick list', '/admin/picklist'],
      ['Standing orders', '/admin/subscriptions'],
      ['Rates', '/admin/rates'],
      ['Users', '/admin/view/users'],
      ['Reviews', '/admin/view/reviews'],
      ['Delivery', '/admin/delivery'],
      ['Purchases', '/admin/purchases'],
      ['Bills', '/admin/bills'],
      ['Khata', '/admin/khata'],
      ['Coupons', '/admin/coupons'],
      ['Reports', '/admin/reports'],
      ['Complaints', '/admin/complaints'],
      ['Shop settings', '/admin/shop'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side.');
  });
});

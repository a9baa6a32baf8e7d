import { PAGE_TITLES } from '@mandi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '../../components/admin/admin-layout';
import { stubFetch } from '../../test-utils';
import DashboardPage from './pages/dashboard-page';

// jsdom has no canvas: the charts are stood in for by their titles and data.
vi.mock('react-chartjs-2', () => import('../../test-utils/chart-stand-in'));

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
    expect(screen.getByText('Amount Growth')).toBeTruthy();
    expect(screen.getByText('Initial Amount: 0')).toBeTruthy();
    expect(screen.getByText('Amount Earned: 5363.5')).toBeTruthy();
    expect(screen.getByText('Products Stock')).toBeTruthy();
    expect(screen.getByText('Out of Stock: 3')).toBeTruthy();
    expect(screen.getByText('InStock: 45')).toBeTruthy();
    // Without the morning figures in the answer, their blocks stay away.
    expect(screen.queryByRole('heading', { name: 'Billed per day' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Orders by status' })).toBeNull();
  });

  it('adds the morning figures when the server sends them', async () => {
    stubFetch(() => ({
      body: {
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
        topProducts: Array.from({ length: 12 }, (_, i) => ({
          productId: `p-${i}`,
          name: `Product ${i}`,
          quantity: 50 - i,
        })),
        lowStock: [{ _id: 'p-9', name: 'Curry Leaves', stock: 1.5 }],
        // 07:10 in Kolkata: the 30-day figures say when they were read (they may lag a minute).
        figuresAsOf: '2026-03-06T01:40:00.000Z',
      },
    }));
    renderDashboard();
    const billed = (await screen.findByRole('heading', { name: 'Billed per day' })).closest('section') as HTMLElement;
    expect(within(billed).getByText('₹1,120.50')).toBeTruthy();
    expect(within(billed).getByText(/^As of 07:10/i)).toBeTruthy();
    const rows = within(billed).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DateBilled', '4 Mar₹120.50', '5 Mar₹0', '6 Mar₹1,000']);

    const statuses = screen.getByRole('heading', { name: 'Orders by status' }).closest('section') as HTMLElement;
    expect(within(statuses).getByText('Cancelled').closest('div')?.textContent).toBe('Cancelled1');
    expect(within(statuses).getByText('Processing').closest('div')?.textContent).toBe('Processing4');

    const top = screen.getByRole('heading', { name: 'Top products by kg sold' }).closest('section') as HTMLElement;
    expect(within(top).getAllByRole('listitem')).toHaveLength(10);
    expect(within(top).getAllByRole('listitem')[0]?.textContent).toBe('1.Product 050 kg');
    expect(within(top).getByText(/^As of 07:10/i)).toBeTruthy();
    // Exact figures carry no time.
    expect(within(statuses).queryByText(/As of/)).toBeNull();

    const low = screen.getByRole('heading', { name: 'Low stock (below 5 kg)' }).closest('section') as HTMLElement;
    expect(within(low).getByRole('link', { name: 'Curry Leaves' }).getAttribute('href')).toBe(
      '/admin/update/products/p-9',
    );
    expect(within(low).getByText('1.5 kg')).toBeTruthy();
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
      ['Products', '/admin/products'],
      ['Orders', '/admin/view/orders'],
      ['Pick list', '/admin/picklist'],
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

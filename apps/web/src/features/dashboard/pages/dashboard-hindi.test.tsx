/**
 * The admin dashboard with Hindi on: titles, headings, labels and buttons in Hindi, and the
 * server's messages (sent in English) shown in Hindi, names and numbers kept as sent.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '../../../components/admin/admin-layout';
import { setLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test-utils';
import DashboardPage from './dashboard-page';

// jsdom has no canvas: the charts are stood in for by their titles and data.
vi.mock('react-chartjs-2', () => import('../../../test-utils/chart-stand-in'));

beforeEach(() => setLanguage('hi', { remember: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

describe('the dashboard in Hindi', () => {
  it('Dashboard: the counts, amounts and stock in Hindi, inside the Hindi admin frame', async () => {
    stubFetch(() => ({
      body: {
        success: true,
        productsCount: 48,
        usersCount: 6,
        ordersCount: 9,
        deliveredAmount: 5363.5,
        outOfStockCount: 3,
        inStockCount: 45,
      },
    }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
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
    expect(await screen.findByRole('link', { name: /सामान\s*48/ })).toBeTruthy();
    expect(document.title).toBe('एडमिन डैशबोर्ड');
    expect(screen.getByText('कुल रकम').nextSibling?.textContent).toBe('₹5,363.50');
    expect(screen.getByText('पहुँचाए गए ऑर्डर, अब तक के सभी (₹)')).toBeTruthy();
    expect(screen.getByText('रकम में बढ़त')).toBeTruthy();
    expect(screen.getByText('सामान का स्टॉक')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'एडमिन' });
    expect(within(sidebar).getByRole('link', { name: 'उपयोगकर्ता' })).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'समीक्षाएँ' })).toBeTruthy();
  });
});

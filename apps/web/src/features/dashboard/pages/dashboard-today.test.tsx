/**
 * The "Today" panel at the top of the admin dashboard (decision 0026): a card per slot of today
 * with its four figures, each a link to where the owner acts, the quantities to pack in each unit
 * (never added across units), the orders without a slot, the day's totals and the unpaid bills;
 * nothing when the server sends no slots; in Hindi too.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test-utils';
import DashboardPage from './dashboard-page';

vi.mock('react-chartjs-2', () => import('../../../test-utils/chart-stand-in'));

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

const stats = {
  success: true,
  productsCount: 48,
  usersCount: 6,
  ordersCount: 9,
  deliveredAmount: 5363.5,
  outOfStockCount: 3,
  inStockCount: 45,
};
const NOON = '0b6f7c52-6a43-4bd4-9a37-1f0c3d8b2f10_2026-11-24';
const EVENING = '5d1e2a90-2b7c-4c4e-8e0f-9a6b1c2d3e4f_2026-11-24';
const figures = (ordersToPack: number, ordersPacked: number, kgToPack: number, cashToCollect: number) => ({
  ordersToPack,
  ordersPacked,
  kgToPack,
  toPackByUnit: kgToPack > 0 ? [{ unit: 'kg', quantity: kgToPack }] : [],
  cashToCollect,
});
/** The noon slot's lines: kg, litres, a dozen and bunches, each its own figure. */
const NOON_TO_PACK = [
  { unit: 'kg', quantity: 2.75 },
  { unit: 'litre', quantity: 2 },
  { unit: 'dozen', quantity: 1 },
  { unit: 'bunch', quantity: 2 },
];
const today = {
  success: true,
  date: '2026-11-24',
  slots: [
    { slotId: NOON, start: '12:00', end: '14:00', ...figures(1, 2, 2.75, 305), toPackByUnit: NOON_TO_PACK },
    { slotId: EVENING, start: '18:00', end: '20:00', ...figures(1, 0, 1.25, 100) },
  ],
  unslotted: figures(1, 0, 0.5, 50),
  totals: {
    ...figures(3, 2, 4.5, 455),
    toPackByUnit: [{ unit: 'kg', quantity: 4.5 }, ...NOON_TO_PACK.slice(1)],
  },
  unpaidBills: { count: 2, amount: 1205.5 },
  overdueComplaints: 2,
  openComplaints: 5,
};

function renderDashboard(todayAnswer: { status?: number; body: unknown }) {
  const calls = stubFetch((call) =>
    call.path.startsWith('/api/admin/dashboard/today') ? todayAnswer : { body: stats },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/home']}>
        <Routes>
          <Route path="/admin/home" element={<DashboardPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const card = (name: string) => screen.getByRole('region', { name }) as HTMLElement;
const hrefOf = (within_: HTMLElement, name: RegExp) => within(within_).getByRole('link', { name }).getAttribute('href');

describe('Today on the admin dashboard', () => {
  it('shows a card per slot of today, the orders without a slot, the totals and the unpaid bills, each figure a link', async () => {
    const calls = renderDashboard({ body: today });
    const panel = (await screen.findByRole('heading', { name: 'Today, Tuesday, 24 November' })).closest(
      'section',
    ) as HTMLElement;
    expect(calls.filter((call) => call.path === '/api/admin/dashboard/today')).toHaveLength(1);
    // Above the spec's count boxes.
    const products = screen.getByRole('link', { name: /Products\s*48/ });
    expect(panel.compareDocumentPosition(products) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const noon = card('12:00 to 14:00');
    expect(
      within(panel).getByText(/^Orders for today's delivery slots and those placed today without one/),
    ).toBeTruthy();
    expect(hrefOf(noon, /^Orders to pack\s*1$/)).toBe(
      `/admin/view/orders?deliveryDate=2026-11-24&slotId=${encodeURIComponent(NOON)}`,
    );
    expect(hrefOf(noon, /^Orders packed\s*2$/)).toBe(
      `/admin/view/orders?deliveryDate=2026-11-24&slotId=${encodeURIComponent(NOON)}`,
    );
    const quantities = within(noon).getByRole('link', { name: /^Quantities to pack/ });
    expect(quantities.getAttribute('href')).toBe('/admin/picklist');
    expect(quantities.textContent).toBe('Quantities to pack2.75 Kg·2 litres·1 dozen·2 bunches');
    expect(within(noon).getByRole('link', { name: /^Cash to collect/ }).textContent).toBe('Cash to collect₹305');
    // The cash leads to the slot's run sheet (decision 0033).
    expect(hrefOf(noon, /^Cash to collect/)).toBe(
      `/admin/delivery/run?date=2026-11-24&slotId=${encodeURIComponent(NOON)}`,
    );

    const evening = card('18:00 to 20:00');
    expect(within(evening).getByRole('link', { name: /^Quantities to pack/ }).textContent).toBe(
      'Quantities to pack1.25 Kg',
    );
    expect(
      within(card('Without a slot'))
        .getByRole('link', { name: /^Orders to pack/ })
        .getAttribute('href'),
    ).toBe('/admin/view/orders');
    const totals = card('All of today');
    expect(within(totals).getByRole('link', { name: /^Cash to collect/ }).textContent).toBe('Cash to collect₹455');
    expect(hrefOf(totals, /^Orders to pack\s*3$/)).toBe('/admin/view/orders?deliveryDate=2026-11-24');
    expect(within(totals).getByRole('link', { name: /^Quantities to pack/ }).textContent).toBe(
      'Quantities to pack4.5 Kg·2 litres·1 dozen·2 bunches',
    );

    const unpaid = within(panel).getByRole('link', { name: /^Unpaid bills/ });
    expect(unpaid.getAttribute('href')).toBe('/admin/view/orders');
    expect(unpaid.textContent).toContain('2 bills, ₹1,205.50');

    const complaints = within(panel).getByRole('link', { name: /^Complaints/ });
    expect(complaints.getAttribute('href')).toBe('/admin/complaints');
    expect(complaints.textContent).toContain('5 open, 2 overdue');
  });

  it('says when nothing is left to pack, and reads the kg alone from an older server', async () => {
    const { toPackByUnit: _older, ...evening } = { ...today.slots[1], ...figures(1, 0, 1.5, 60) };
    renderDashboard({ body: { ...today, slots: [{ ...today.slots[0], ...figures(0, 3, 0, 0) }, evening] } });
    const noon = await screen.findByRole('region', { name: '12:00 to 14:00' });
    expect(within(noon).getByRole('link', { name: /^Quantities to pack/ }).textContent).toBe(
      'Quantities to packNothing',
    );
    expect(within(card('18:00 to 20:00')).getByRole('link', { name: /^Quantities to pack/ }).textContent).toBe(
      'Quantities to pack1.5 Kg',
    );
  });

  it('leaves out the totals when only one slot has orders', async () => {
    renderDashboard({
      body: {
        ...today,
        slots: [today.slots[0], { ...today.slots[1], ...figures(0, 0, 0, 0) }],
        unslotted: figures(0, 0, 0, 0),
      },
    });
    expect(await screen.findByRole('region', { name: '18:00 to 20:00' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Without a slot' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'All of today' })).toBeNull();
  });

  it('says so when there is nothing today; one unpaid bill in the singular', async () => {
    renderDashboard({
      body: {
        ...today,
        slots: [],
        unslotted: figures(0, 0, 0, 0),
        totals: figures(0, 0, 0, 0),
        unpaidBills: { count: 1, amount: 40 },
        overdueComplaints: 0,
        openComplaints: 0,
      },
    });
    expect(await screen.findByText('No orders for today yet, and no delivery slots today.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Without a slot' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'All of today' })).toBeNull();
    expect(screen.getByRole('link', { name: /^Unpaid bills/ }).textContent).toContain('1 bill, ₹40');
    expect(screen.getByRole('link', { name: /^Complaints/ }).textContent).toContain('None open');
  });

  it("lists what a live shop still lacks, in the admin's language, and nothing when the server names none", async () => {
    renderDashboard({
      body: {
        ...today,
        setupWarnings: [
          {
            code: 'goLivePublicUrl',
            values: { url: 'http://localhost:3000' },
            message: 'PUBLIC_URL is not set: mails, WhatsApp messages and page previews link to http://localhost:3000',
          },
          {
            code: 'goLiveSmtp',
            values: {},
            message: 'SMTP_URL is not set: mails are only written to DATA_DIR/outbox, never sent',
          },
        ],
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Before the shop goes live, set these on the server' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'PUBLIC_URL is not set: mails, WhatsApp messages and page previews link to http://localhost:3000',
      ),
    ).toBeTruthy();
    expect(screen.getByText('SMTP_URL is not set: mails are only written to DATA_DIR/outbox, never sent')).toBeTruthy();
  });

  it('stays away when the answer has no slots (an older server)', async () => {
    renderDashboard({ body: { success: true } });
    await screen.findByRole('link', { name: /Products\s*48/ });
    expect(screen.queryByRole('heading', { name: /^Today/ })).toBeNull();
  });

  it('shows a plain note, not an alert, when today cannot be loaded', async () => {
    renderDashboard({ status: 500, body: { success: false, message: 'Something went wrong on our side.' } });
    expect(await screen.findByText("Today's figures could not be loaded.")).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    renderDashboard({ body: today });
    expect(await screen.findByRole('heading', { name: /^आज, / })).toBeTruthy();
    const noon = card('12:00 से 14:00');
    expect(within(noon).getByRole('link', { name: /^पैक करने को ऑर्डर/ })).toBeTruthy();
    expect(within(noon).getByRole('link', { name: /^पैक करने को मात्रा/ }).textContent).toBe(
      'पैक करने को मात्रा2.75 किलो·2 लीटर·1 दर्जन·2 गड्डी',
    );
    expect(within(noon).getByRole('link', { name: /^वसूलने को नकद/ }).textContent).toContain('₹305');
    expect(screen.getByRole('link', { name: /^बकाया बिल/ }).textContent).toContain('2 बिल');
    expect(screen.getByRole('link', { name: /^शिकायतें/ }).textContent).toContain('5 खुली');
  });
});

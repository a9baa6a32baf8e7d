/**
 * Complaints on the web (decision 0030): the shopper's Help & Complaints page (the form with the
 * order chosen from the order's link, the checks before sending, the ticket once sent, the list
 * with deadlines and replies) and the admin's screen (its filter, the overdue flag, acknowledge
 * and resolve); in Hindi too.
 */
import type { Complaint } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { type Call, order, pathnameOf, renderAdmin, renderAt, stubFetch } from '../../test-utils';
import AdminComplaintsPage from './pages/admin-complaints-page';
import ComplaintsPage from './pages/complaints-page';

// The fixtures' deadlines are fixed dates: the page is read on 27 Nov 2026, after the first and
// before the second, whatever day the suite runs (only Date is faked).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T06:30:00.000Z') });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

const ORDER_ID = 'f1e2d3c4-0000-4000-8000-000000000001';

function complaint(overrides: Partial<Complaint> = {}): Complaint {
  return {
    _id: 'c-1',
    ticket: 'C-000042',
    orderId: ORDER_ID,
    orderNumber: 1042,
    userName: 'Asha Patel',
    subject: 'Spoilt tomatoes',
    message: 'Half of the tomatoes were soft.',
    status: 'Open',
    reply: null,
    replies: [],
    createdAt: '2026-11-24T06:30:00.000Z',
    acknowledgeBy: '2026-11-26T06:30:00.000Z',
    resolveBy: '2026-12-24T06:30:00.000Z',
    acknowledgedAt: null,
    resolvedAt: null,
    overdue: false,
    ...overrides,
  };
}

/** A small complaints server: the shopper's list and orders, the admin's list, and the writes. */
function complaintsServer(start: Complaint[]) {
  let list = [...start];
  const calls = stubFetch((call: Call) => {
    const path = pathnameOf(call);
    if (path === '/api/user/my/orders') {
      const mine = [{ ...order(), _id: ORDER_ID, orderNumber: 1042, orderDate: '2026-11-23T10:00:00.000Z' }];
      return { body: { success: true, myOrders: mine, orders: mine } };
    }
    if (path === '/api/user/my/complaints') return { body: { success: true, complaints: list } };
    if (path === '/api/user/complaints') {
      const body = call.body as { orderId?: string; subject: string; message: string };
      const made = complaint({ _id: 'c-new', ticket: 'C-000043', orderId: body.orderId ?? null, ...body });
      list = [made, ...list];
      return { status: 201, body: { success: true, complaint: made } };
    }
    if (path === '/api/admin/complaints') {
      const status = new URL(call.path, 'http://localhost').searchParams.get('status');
      return { body: { success: true, complaints: list.filter((one) => !status || one.status === status) } };
    }
    if (path.startsWith('/api/admin/complaints/')) {
      const body = call.body as { status: 'Acknowledged' | 'Resolved'; reply: string | null };
      const id = path.split('/').pop();
      list = list.map((one) =>
        one._id === id
          ? {
              ...one,
              status: body.status,
              reply: body.reply ?? one.reply,
              replies: [...one.replies, { at: '2026-11-24T08:30:00.000Z', status: body.status, text: body.reply }],
            }
          : one,
      );
      return { body: { success: true, complaint: list.find((one) => one._id === id) } };
    }
    return undefined;
  });
  return calls;
}

const routes = { '/account/complaints': <ComplaintsPage /> };

describe('Help & Complaints (the shopper)', () => {
  it('opens with the order chosen, checks the words, sends, and shows the ticket', async () => {
    const calls = complaintsServer([]);
    const user = userEvent.setup();
    renderAt(`/account/complaints?orderId=${ORDER_ID}`, routes);
    expect(await screen.findByText('You have not made any complaints.')).toBeTruthy();
    const orderChoice = screen.getByLabelText('Order (optional)') as HTMLSelectElement;
    await waitFor(() => expect(orderChoice.selectedOptions[0]?.textContent).toBe('Order #1042 of 23 Nov 2026'));
    expect(document.activeElement).toBe(screen.getByLabelText('Subject'));
    expect(document.title).toBe('Help & Complaints');

    await user.type(screen.getByLabelText('Subject'), 'No');
    await user.click(screen.getByRole('button', { name: 'Send Complaint' }));
    expect(screen.getByRole('alert').textContent).toBe('The subject must be 3 to 120 characters');
    await user.type(screen.getByLabelText('Subject'), 't fresh');
    await user.type(screen.getByLabelText('What happened?'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send Complaint' }));
    expect(screen.getByRole('alert').textContent).toBe('The message must be 10 to 5000 characters');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('What happened?'), ': the okra was brown.');
    await user.click(screen.getByRole('button', { name: 'Send Complaint' }));
    const status = await screen.findByText(/^Your ticket is C-000043\./);
    expect(status.textContent).toMatch(
      /We will acknowledge it by 26 Nov 2026, 12:00 pm and resolve it by 24 Dec 2026, 12:00 pm\./,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderId: ORDER_ID,
      subject: 'Not fresh',
      message: 'Too short: the okra was brown.',
    });
    const card = await screen.findByRole('article', { name: /C-000043/ });
    expect(within(card).getByRole('link', { name: 'About order #1042' }).getAttribute('href')).toBe(
      `/Order/OrderDetails/${ORDER_ID}`,
    );
  });

  it('lists the complaints with their deadlines, the overdue flag and the shop’s replies', async () => {
    complaintsServer([
      complaint({ overdue: true }),
      complaint({
        _id: 'c-2',
        ticket: 'C-000041',
        orderId: null,
        orderNumber: null,
        subject: 'Rude delivery',
        status: 'Resolved',
        reply: 'We have spoken to the driver.',
        acknowledgedAt: '2026-11-24T08:30:00.000Z',
        resolvedAt: '2026-11-25T08:30:00.000Z',
        replies: [
          { at: '2026-11-24T08:30:00.000Z', status: 'Acknowledged', text: null },
          { at: '2026-11-25T08:30:00.000Z', status: 'Resolved', text: 'We have spoken to the driver.' },
        ],
      }),
    ]);
    renderAt('/account/complaints', routes);
    const open = await screen.findByRole('article', { name: /C-000042/ });
    expect(within(open).getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(within(open).getByText('Acknowledge by').nextSibling?.textContent).toBe('26 Nov 2026, 12:00 pm (Overdue)');
    expect(within(open).getByText('No reply yet.')).toBeTruthy();
    const resolved = screen.getByRole('article', { name: /C-000041/ });
    expect(within(resolved).getByText('Resolved', { selector: 'span' })).toBeTruthy();
    expect(within(resolved).getByText('Acknowledged.')).toBeTruthy();
    expect(within(resolved).getByText('We have spoken to the driver.')).toBeTruthy();
    expect(within(resolved).queryByRole('link')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    complaintsServer([complaint()]);
    renderAt('/account/complaints', routes);
    expect(await screen.findByRole('heading', { name: 'मदद और शिकायतें', level: 1 })).toBeTruthy();
    const card = await screen.findByRole('article', { name: /C-000042/ });
    expect(within(card).getByText('खुली')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'शिकायत भेजें' })).toBeTruthy();
  });
});

describe('Complaints (the admin)', () => {
  const open = () => renderAdmin(<AdminComplaintsPage />, { path: '/admin/complaints' });

  it('shows each complaint with its shopper, order and deadlines, flags the overdue, and filters by status', async () => {
    const calls = complaintsServer([
      complaint({ overdue: true }),
      complaint({
        _id: 'c-2',
        ticket: 'C-000050',
        subject: 'Late',
        status: 'Acknowledged',
        orderId: null,
        orderNumber: null,
      }),
    ]);
    const user = userEvent.setup();
    open();
    const first = await screen.findByRole('article', { name: /C-000042/ });
    expect(within(first).getByText('Asha Patel')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '#1042' }).getAttribute('href')).toBe(
      `/admin/update/order/${ORDER_ID}`,
    );
    expect(within(first).getByText('Overdue', { selector: 'span.inline-flex' })).toBeTruthy();
    expect(screen.getByText('1 overdue')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: /C-000050/ })).getByText('No order')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Show'), 'Acknowledged');
    await waitFor(() => expect(screen.queryByRole('article', { name: /C-000042/ })).toBeNull());
    expect(calls.some((call) => call.path === '/api/admin/complaints?status=Acknowledged')).toBe(true);
  });

  it('acknowledges without words, refuses to resolve without a reply, and resolves with one', async () => {
    const calls = complaintsServer([complaint()]);
    const user = userEvent.setup();
    open();
    const card = await screen.findByRole('article', { name: /C-000042/ });
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(within(card).getByRole('alert').textContent).toBe('Write a reply to resolve the complaint.');
    await user.click(within(card).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('C-000042 acknowledged: the shopper has been mailed.')).toBeTruthy();
    await user.type(within(card).getByLabelText('Reply to C-000042'), 'Refunded ₹40.');
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('C-000042 resolved: the shopper has been mailed.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { status: 'Acknowledged', reply: null },
      { status: 'Resolved', reply: 'Refunded ₹40.' },
    ]);
    // Resolved: no more reply form.
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: /C-000042/ })).queryByRole('button', { name: 'Resolve' }),
      ).toBeNull(),
    );
  });
});

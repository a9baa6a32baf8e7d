/** The admin users table at scale: paged, searched and sorted by the server, the state in the address. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../lib/types';
import { type Call, renderRoutes, stubFetch } from '../../../test-utils';
import UpdateUserPage from './update-user-page';
import UsersTablePage from './users-table-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const address = () => screen.getByTestId('address').textContent;

function open(url: string) {
  return renderRoutes(
    url,
    <>
      <Route path="/admin/view/users" element={<UsersTablePage />} />
      <Route path="/admin/update/:userId" element={<UpdateUserPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </>,
    <Address />,
  );
}

describe('Admin users table at scale', () => {
  const admin: User = { _id: 'a1', firstName: 'Anil', lastName: 'Admin', email: 'anil@example.com', role: 'Admin' };

  function userServer(count: number) {
    let users: User[] = [
      admin,
      ...Array.from({ length: count - 1 }, (_, index) => ({
        _id: `u-${index + 1}`,
        firstName: `Shopper${index + 1}`,
        lastName: 'Rao',
        email: `shopper${index + 1}@example.com`,
        role: 'User' as const,
      })),
    ];
    const calls = stubFetch((call: Call) => {
      const url = new URL(call.path, 'http://localhost');
      if (url.pathname === '/api/user/getloggeduser') return { body: { success: true, user: admin } };
      const one = /^\/api\/user\/admin\/user\/(.+)$/.exec(url.pathname);
      if (one && call.method === 'DELETE') {
        users = users.filter((user) => user._id !== one[1]);
        return { body: { success: true, message: 'User deleted' } };
      }
      if (one && call.method === 'GET') {
        const user = users.find((entry) => entry._id === one[1]);
        return user
          ? { body: { success: true, user } }
          : { status: 404, body: { success: false, message: 'User not found' } };
      }
      if (url.pathname !== '/api/user/admin/user') return undefined;
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const rows = users.filter((user) => `${user.firstName} ${user.lastName} ${user.email}`.toLowerCase().includes(q));
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return {
        body: { success: true, AllUsers: rows.slice((page - 1) * limit, page * limit), userDocCount: rows.length },
      };
    });
    return {
      calls,
      lastList: () => calls.filter((call) => call.path.startsWith('/api/user/admin/user?')).at(-1)?.path,
    };
  }

  it('pages, searches names and emails, and sorts by a column', async () => {
    const server = userServer(130);
    const user = userEvent.setup();
    open('/admin/view/users');
    expect(await screen.findByText('shopper1@example.com')).toBeTruthy();
    expect(server.lastList()).toBe('/api/user/admin/user?page=1&limit=50');
    expect(screen.getByText('130 users')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByText('Users 1–50 of 130')).toBeTruthy();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Users 51–100 of 130')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search users by name or email' }), 'shopper12');
    await waitFor(() => expect(server.lastList()).toBe('/api/user/admin/user?page=1&limit=50&q=shopper12'));
    expect(await screen.findByText('11 users match')).toBeTruthy();

    await user.click(within(screen.getByRole('columnheader', { name: 'Email' })).getByRole('button'));
    await waitFor(() =>
      expect(server.lastList()).toBe('/api/user/admin/user?page=1&limit=50&q=shopper12&sort=email&order=asc'),
    );
    expect(address()).toBe('/admin/view/users?q=shopper12&sort=email');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Id',
      'First Name',
      'Last Name',
      'Email',
      'Role',
      'Actions',
    ]);
  });

  it('stays on the page after a delete, and the role form leads back to it', async () => {
    const server = userServer(130);
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const user = userEvent.setup();
    open('/admin/view/users?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete Shopper60 Rao' }));
    expect(await screen.findByText('Users 51–100 of 129')).toBeTruthy();
    expect(server.lastList()).toBe('/api/user/admin/user?page=2&limit=50');
    expect(address()).toBe('/admin/view/users?page=2');

    await user.click(screen.getByRole('link', { name: 'Edit Shopper61 Rao' }));
    expect(await screen.findByDisplayValue('shopper61@example.com')).toBeTruthy();
    expect(server.calls.some((call) => call.path === '/api/user/admin/user/u-61')).toBe(true);
    await user.click(screen.getByRole('link', { name: /All users/ }));
    await waitFor(() => expect(address()).toBe('/admin/view/users?page=2'));
    expect(await screen.findByText('Users 51–100 of 129')).toBeTruthy();
  });

  it('says so when the user of the role form does not exist', async () => {
    userServer(3);
    open('/admin/update/u-404');
    expect((await screen.findByRole('alert')).textContent).toContain('User not found');
  });
});

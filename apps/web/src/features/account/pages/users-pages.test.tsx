import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../lib/types';
import { type Call, renderRoute, shopProfile, stubFetch } from '../../../test-utils';
import UpdateUserPage from './update-user-page';
import UsersTablePage from './users-table-page';

const admin: User = { _id: 'a1', firstName: 'Anil', lastName: 'Admin', email: 'anil@example.com', role: 'Admin' };
let shoppers: User[];

function shopHandler(call: Call) {
  if (call.path === '/api/user/getloggeduser') return { body: { success: true, user: admin } };
  if (call.path.startsWith('/api/user/admin/user?') && call.method === 'GET') {
    const all = [admin, ...shoppers];
    return { body: { success: true, AllUsers: all, userDocCount: all.length } };
  }
  const match = /^\/api\/user\/admin\/user\/(.+)$/.exec(call.path);
  if (match && call.method === 'GET') {
    const user = [admin, ...shoppers].find((one) => one._id === match[1]);
    return user
      ? { body: { success: true, user } }
      : { status: 404, body: { success: false, message: 'User not found' } };
  }
  if (match && call.method === 'DELETE') {
    if (match[1] === admin._id)
      return { status: 409, body: { success: false, message: 'You cannot delete your own account' } };
    shoppers = shoppers.filter((user) => user._id !== match[1]);
    return { body: { success: true, message: 'User deleted' } };
  }
  if (match && call.method === 'PUT') {
    const role = (call.body as { UserRole: User['role'] }).UserRole;
    shoppers = shoppers.map((user) => (user._id === match[1] ? { ...user, role } : user));
    return {
      body: { success: true, message: 'User role updated', isUserExit: shoppers.find((u) => u._id === match[1]) },
    };
  }
  return { status: 404, body: { success: false, message: 'Not found' } };
}

beforeEach(() => {
  shoppers = [
    { _id: 'u1', firstName: 'Sita', lastName: 'Rao', email: 'sita@example.com', role: 'User' },
    { _id: 'u2', firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.com', role: 'User' },
  ];
});
afterEach(() => vi.unstubAllGlobals());

describe('UsersTablePage', () => {
  it('lists users with Id, names, email, role and an edit link (the demo: the spec’s columns)', async () => {
    stubFetch(shopHandler);
    renderRoute(<UsersTablePage />, { path: '/admin/view/users' });
    const row = (await screen.findByText('sita@example.com')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Id', 'First Name', 'Last Name', 'Email', 'Role', 'Actions']);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['u1', 'Sita', 'Rao', 'sita@example.com', 'User']);
    expect(within(row).getByRole('link', { name: 'Edit Sita Rao' }).getAttribute('href')).toBe('/admin/update/u1');
  });

  it('a real shop’s table lists users by name first, the Id after the role, copied whole with its button', async () => {
    stubFetch(shopHandler);
    const user = userEvent.setup();
    renderRoute(<UsersTablePage />, { path: '/admin/view/users', shop: shopProfile({ demo: false }) });
    const row = (await screen.findByText('sita@example.com')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Id', 'Actions']);
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual(['Sita', 'Rao', 'sita@example.com', 'User']);
    // The whole id stays in the cell (cut short on screen), in its tooltip too.
    expect(within(cells[4] as HTMLElement).getByTitle('u1').textContent).toBe('u1');
    const copy = within(row).getByRole('button', { name: 'Copy the id of Sita Rao' });
    expect(copy.textContent).toBe('Copy');
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('u1');
    expect(within(row).getByText('Copied')).toBeTruthy();
  });

  it('deletes after confirming and refreshes the list', async () => {
    const calls = stubFetch(shopHandler);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderRoute(<UsersTablePage />, { path: '/admin/view/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sita Rao' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(await screen.findByText('User deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('sita@example.com')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/user/admin/user/u1')).toBe(true);
    expect(screen.getByText('ravi@example.com')).toBeTruthy();
  });

  it('sends nothing when the confirmation is declined, and shows a refused delete', async () => {
    const calls = stubFetch(shopHandler);
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    );
    renderRoute(<UsersTablePage />, { path: '/admin/view/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sita Rao' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Anil Admin' }));
    expect(await screen.findByText('You cannot delete your own account')).toBeTruthy();
  });
});

describe('UpdateUserPage', () => {
  it('shows the user read-only and alerts on an empty role', async () => {
    const calls = stubFetch(shopHandler);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderRoute(<UpdateUserPage />, { path: '/admin/update/:userId', url: '/admin/update/u2' });
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Ravi Kumar');
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ravi@example.com');
    expect((screen.getByLabelText('Current Role') as HTMLInputElement).value).toBe('User');
    const select = screen.getByLabelText('Role') as HTMLSelectElement;
    expect(select.required).toBe(true);
    expect([...select.options].map((option) => option.textContent)).toEqual(['Choose Role', 'Admin', 'User']);

    await userEvent.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(alert).toHaveBeenCalledWith('Choose Role');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('sends the chosen role and shows the server message and the new role', async () => {
    const calls = stubFetch(shopHandler);
    renderRoute(<UpdateUserPage />, { path: '/admin/update/:userId', url: '/admin/update/u2' });
    await userEvent.selectOptions(await screen.findByLabelText('Role'), 'Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('User role updated')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/user/admin/user/u2',
      body: { UserRole: 'Admin' },
    });
    await waitFor(() => expect((screen.getByLabelText('Current Role') as HTMLInputElement).value).toBe('Admin'));
  });
});

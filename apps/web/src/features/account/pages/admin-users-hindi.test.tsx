/**
 * The admin's users screens with Hindi on: titles, headings, labels and buttons in Hindi, and the
 * server's messages (sent in English) shown in Hindi, names and numbers kept as sent.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import type { User } from '../../../lib/types';
import { renderRoute, stubFetch } from '../../../test-utils';
import UpdateUserPage from './update-user-page';
import UsersTablePage from './users-table-page';

beforeEach(() => setLanguage('hi', { remember: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

describe('the admin users screens in Hindi', () => {
  const admin: User = { _id: 'a1', firstName: 'Anil', lastName: 'Admin', email: 'anil@example.com', role: 'Admin' };
  const sita: User = { _id: 'u1', firstName: 'Sita', lastName: 'Rao', email: 'sita@example.com', role: 'User' };

  it('Users table: Hindi columns, and refusing to delete oneself in Hindi', async () => {
    stubFetch((call) => {
      if (call.path === '/api/user/getloggeduser') return { body: { success: true, user: admin } };
      if (call.method === 'DELETE') {
        return {
          status: 409,
          body: {
            success: false,
            message: 'You cannot delete your own account',
            code: 'cannotDeleteSelf',
            values: {},
          },
        };
      }
      return { body: { success: true, AllUsers: [admin, sita], userDocCount: 2 } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoute(<UsersTablePage />, { path: '/admin/view/users' });
    const row = (await screen.findByText('anil@example.com')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी उपयोगकर्ता');
    expect(screen.getByRole('columnheader', { name: 'पहला नाम' })).toBeTruthy();
    // The roles in Hindi (the wire keeps Admin and User).
    expect(within(row).getByText('एडमिन')).toBeTruthy();
    const sitaRow = screen.getByText('sita@example.com').closest('tr') as HTMLElement;
    expect(within(sitaRow).getByText('उपयोगकर्ता')).toBeTruthy();
    expect(screen.queryByText(/^(Admin|User)$/, { selector: 'span' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /हटाएँ/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('आप अपना खुद का खाता नहीं हटा सकते');
  });

  it('Update User: Hindi labels and the role change answered in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? {
            body: {
              success: true,
              message: 'User role updated',
              code: 'roleUpdated',
              values: {},
              isUserExit: { ...sita, role: 'Admin' },
            },
          }
        : { body: { success: true, user: sita } },
    );
    renderRoute(<UpdateUserPage />, { path: '/admin/update/:userId', url: '/admin/update/u1' });
    expect(((await screen.findByLabelText('नाम')) as HTMLInputElement).value).toBe('Sita Rao');
    expect(document.title).toBe('उपयोगकर्ता बदलें');
    expect((screen.getByLabelText('अभी की भूमिका') as HTMLInputElement).value).toBe('उपयोगकर्ता');
    await userEvent.selectOptions(screen.getByLabelText('भूमिका'), 'Admin');
    await userEvent.click(screen.getByRole('button', { name: 'भूमिका बदलें' }));
    expect(await screen.findByText('उपयोगकर्ता की भूमिका बदल दी गई')).toBeTruthy();
  });
});

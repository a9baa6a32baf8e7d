import { MESSAGES } from '@mandi/shared';
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderRoute, stubFetch } from '../../../test-utils';
import UpdatePasswordPage from './update-password-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

const changed = { body: { success: true, message: MESSAGES.passwordUpdated } };

describe('UpdatePasswordPage', () => {
  it('sends the current password when it is filled in', async () => {
    const calls = stubFetch((call) => (call.path === '/api/user/changePassword' ? changed : undefined));
    renderRoute(<UpdatePasswordPage />, { path: '/RestPassword' });
    const current = screen.getByLabelText('Current Password');
    expect((current as HTMLInputElement).required).toBe(false);
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(current.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.type(current, 'old-password-1');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));

    const popup = await screen.findByRole('dialog', { hidden: true });
    expect(within(popup).getByText(MESSAGES.passwordUpdated)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/user/changePassword')).toEqual({
      method: 'PUT',
      path: '/api/user/changePassword',
      body: { currentPassword: 'old-password-1', password: 'new-password-1', confirm_password: 'new-password-1' },
    });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it('leaves it out when empty, as the original client does, and shows why the server wants it', async () => {
    const needed = SERVER_MESSAGES.currentPasswordNeeded;
    const calls = stubFetch((call) =>
      call.path === '/api/user/changePassword'
        ? { status: 400, body: { success: false, message: needed, code: 'currentPasswordNeeded', values: {} } }
        : undefined,
    );
    renderRoute(<UpdatePasswordPage />, { path: '/RestPassword' });
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(needed)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/user/changePassword')?.body).toEqual({
      password: 'new-password-1',
      confirm_password: 'new-password-1',
    });
  });

  it('names the field and the server’s answers in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    stubFetch((call) =>
      call.path === '/api/user/changePassword'
        ? {
            status: 400,
            body: {
              success: false,
              message: SERVER_MESSAGES.currentPasswordWrong,
              code: 'currentPasswordWrong',
              values: {},
            },
          }
        : undefined,
    );
    renderRoute(<UpdatePasswordPage />, { path: '/RestPassword' });
    await userEvent.type(screen.getByLabelText('मौजूदा पासवर्ड'), 'wrong-password');
    expect(screen.getByText('अगर आपने 10 मिनट से पहले लॉग इन किया था, तो ज़रूरी है')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('नया पासवर्ड'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('पासवर्ड दोबारा डालें'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'पासवर्ड बदलें' }));
    expect(await screen.findByText('मौजूदा पासवर्ड सही नहीं है')).toBeTruthy();
  });
});

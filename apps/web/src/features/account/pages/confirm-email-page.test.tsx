import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { type Call, pathnameOf, renderRoute, stubFetch } from '../../../test-utils';
import ConfirmEmailPage from './confirm-email-page';

const ID = '7d9f3c1e-3c0b-4d5e-9a51-2f1f4b8e6a10';
const TOKEN = 'a'.repeat(43);
const route = { path: '/confirm-email/:id/:token', url: `/confirm-email/${ID}/${TOKEN}` };

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

const confirmCalls = (calls: Call[]) => calls.filter((call) => pathnameOf(call).startsWith('/api/user/confirm-email/'));

describe('ConfirmEmailPage', () => {
  it('sends the link once and shows the answer in the chosen language, with a way to the shop', async () => {
    const calls = stubFetch(() => ({
      body: {
        success: true,
        message: 'Thank you: your email address is confirmed. Mails about your orders will reach you here.',
        code: 'emailConfirmed',
        values: {},
      },
    }));
    await setLanguage('hi', { remember: false });
    renderRoute(<ConfirmEmailPage />, route);
    expect(await screen.findByText('धन्यवाद: आपका ईमेल पता पक्का हो गया। आपके ऑर्डर के मेल अब यहीं आएँगे।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'खरीदारी करें' })).toBeTruthy();
    expect(confirmCalls(calls)).toEqual([{ method: 'POST', path: `/api/user/confirm-email/${ID}/${TOKEN}`, body: {} }]);
  });

  it('says why a spent or expired link failed and offers a new one', async () => {
    const message =
      'The confirmation link is invalid or has expired. Log in and ask for a new one on the Notifications page.';
    const calls = stubFetch(() => ({
      status: 400,
      body: { success: false, message, code: 'confirmLinkInvalid', values: {} },
    }));
    renderRoute(<ConfirmEmailPage />, route);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('The address could not be confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/account/notifications',
    );
    expect(confirmCalls(calls)).toHaveLength(1);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubFetch } from '../../../test-utils';
import ForgotPasswordPage from './forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordPage', () => {
  it('sends the email and shows the server message with a Check Email button', async () => {
    const message = 'If an account exists for that email, a password reset link has been sent.';
    const calls = stubFetch(() => ({ body: { success: true, message } }));
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderRoute(<ForgotPasswordPage />, { path: '/Forget/Password' });
    expect(document.title).toBe('Forget Password');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Link' }));

    const popup = await screen.findByRole('dialog', { hidden: true });
    expect(within(popup).getByText(message)).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/user/send-reset-password-email',
      body: { email: 'asha@example.com' },
    });
    await userEvent.click(within(popup).getByRole('button', { name: 'Check Email', hidden: true }));
    expect(open).toHaveBeenCalledWith('https://mail.google.com/', '_blank', 'noopener,noreferrer');
  });

  it('shows a server error under the field', async () => {
    stubFetch(() => ({
      status: 429,
      body: { success: false, message: 'Too many attempts. Please try again in 3 minutes.' },
    }));
    renderRoute(<ForgotPasswordPage />, { path: '/Forget/Password' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByText('Too many attempts. Please try again in 3 minutes.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});

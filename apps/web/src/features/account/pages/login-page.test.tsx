import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubFetch } from '../../../test-utils';
import LoginPage from './login-page';

const user = { _id: 'u1', firstName: 'Asha', lastName: 'Patel', email: 'asha@example.com', role: 'User' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoginPage', () => {
  it('shows the title, heading, fields and links', () => {
    stubFetch(() => ({ body: {} }));
    renderRoute(<LoginPage />, { path: '/Login' });
    expect(document.title).toBe('Login');
    expect(screen.getByRole('heading', { level: 1, name: 'User Login' })).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect((email as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole('link', { name: /forget password/i }).getAttribute('href')).toBe('/Forget/Password');
    expect(screen.getByRole('link', { name: /sign up/i }).getAttribute('href')).toBe('/Signup');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    stubFetch(() => ({ body: {} }));
    renderRoute(<LoginPage />, { path: '/Login' });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: /show password/i }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: /hide password/i }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('posts the credentials, shows the loader, updates the session and goes home', async () => {
    let release: () => void = () => {};
    const calls = stubFetch(async (call) => {
      if (call.path === '/api/user/login') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { body: { success: true, message: 'Login Success..!!', user } };
      }
      if (call.path === '/api/user/getloggeduser') return { body: { success: true, user } };
      return { status: 404, body: { success: false, message: 'no' } };
    });
    const { queryClient } = renderRoute(<LoginPage />, { path: '/Login' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Validating Data..!!')).toBeTruthy();
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('path').textContent).toMatch(/^\/$/));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/user/login',
      body: { email: 'asha@example.com', password: 'secret-pass' },
    });
    expect(queryClient.getQueryData(['session'])).toEqual(user);
    expect(screen.queryByText('Validating Data..!!')).toBeNull();
  });

  it('shows the server message under the fields and clears it after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => ({ status: 401, body: { success: false, message: 'Invalid email or password' } }));
    renderRoute(<LoginPage />, { path: '/Login' });
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await events.type(screen.getByLabelText('Email'), 'asha@example.com');
    await events.type(screen.getByLabelText('Password'), 'wrong');
    await events.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/Login');
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Invalid email or password')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('stays on a page that needed a login, so that page can appear', async () => {
    stubFetch((call) =>
      call.path === '/api/user/login'
        ? { body: { success: true, message: 'ok', user } }
        : { body: { success: true, user } },
    );
    const { queryClient } = renderRoute(<LoginPage />, { path: '/Order/MyOrder' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toEqual(user));
    await waitFor(() => expect(screen.queryByText('Validating Data..!!')).toBeNull());
    expect(screen.getByTestId('path').textContent).toBe('/Order/MyOrder');
  });
});

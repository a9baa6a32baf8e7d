import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubFetch } from '../../../test-utils';
import RegisterPage from './register-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fillForm(events: ReturnType<typeof userEvent.setup>) {
  await events.type(screen.getByLabelText('First Name'), 'Ravi');
  await events.type(screen.getByLabelText('Last Name'), 'Kumar');
  await events.type(screen.getByLabelText('Email'), 'ravi@example.com');
  await events.type(screen.getByLabelText('Password'), 'fresh-mangoes-1');
  await events.type(screen.getByLabelText('Confirm Password'), 'fresh-mangoes-1');
}

describe('RegisterPage', () => {
  it('shows the title, five required fields and the login link', async () => {
    stubFetch(() => ({ body: {} }));
    renderRoute(<RegisterPage />, { path: '/Signup' });
    expect(document.title).toBe('User Register');
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
    // The confirmation is plain text; the password hides until toggled.
    expect(screen.getByLabelText('Confirm Password').getAttribute('type')).toBe('text');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: /show password/i }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('link', { name: 'Already Register ? Login' }).getAttribute('href')).toBe('/Login');
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('posts the five fields, shows the loader and a success popup with a Login button', async () => {
    let release: () => void = () => {};
    const calls = stubFetch(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return {
        status: 201,
        body: {
          success: true,
          message: 'Register SuccessFully..!!',
          NewUser: { _id: 'u1', firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.com', role: 'User' },
        },
      };
    });
    renderRoute(<RegisterPage />, { path: '/Signup', extraRoutes: ['/Login'] });
    const events = userEvent.setup();
    await fillForm(events);
    await events.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Validating Data..!!')).toBeTruthy();
    act(() => release());

    const popup = await screen.findByRole('dialog', { hidden: true });
    expect(within(popup).getByText('Register SuccessFully..!!')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user/register',
        body: {
          firstName: 'Ravi',
          lastName: 'Kumar',
          email: 'ravi@example.com',
          password: 'fresh-mangoes-1',
          confirmPassword: 'fresh-mangoes-1',
        },
      },
    ]);
    const login = within(popup).getByRole('link', { name: 'Login', hidden: true });
    expect(login.getAttribute('href')).toBe('/Login');
    await events.click(login);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/Login'));
  });

  it('shows each server message on its own line and clears them after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => ({
      status: 400,
      body: {
        success: false,
        message: ['Email is not valid', 'Password must be at least 8 characters'],
      },
    }));
    renderRoute(<RegisterPage />, { path: '/Signup' });
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillForm(events);
    await events.click(screen.getByRole('button', { name: 'Register' }));

    const first = await screen.findByText('Email is not valid');
    const second = screen.getByText('Password must be at least 8 characters');
    expect(first).not.toBe(second);
    expect(first.tagName).toBe('P');
    expect(second.tagName).toBe('P');
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    // The typed values stay so the shopper can fix them.
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ravi');
    act(() => {
      vi.advanceTimersByTime(5100);
    });
    expect(screen.queryByText('Email is not valid')).toBeNull();
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
  });
});

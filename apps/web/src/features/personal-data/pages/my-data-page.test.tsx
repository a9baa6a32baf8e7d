import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedUserQuery } from '../../../lib/auth/session';
import { renderRoutes, shopper, stubFetch } from '../../../test-utils';
import { AccountDeletedNotice } from '../components/account-deleted-notice';
import MyDataPage from './my-data-page';

// jsdom draws nothing, so it cannot scroll: the page's scroll to the top of home is only recorded.
beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const view = renderRoutes(
    '/account/data',
    <>
      <Route path="/account/data" element={<MyDataPage />} />
      <Route
        path="/"
        element={
          <>
            <AccountDeletedNotice />
            <p>Home page</p>
          </>
        }
      />
    </>,
  );
  view.queryClient.setQueryData(loggedUserQuery.queryKey, shopper);
  return view;
}

const OPEN_ORDER = {
  success: false,
  code: 'accountHasOpenOrder',
  values: { order: '#1042' },
  message:
    'Your order #1042 is not yet delivered or cancelled: wait for it to be delivered, or cancel it, before deleting your account',
};

describe('My data', () => {
  it('offers the download as a real file link and says what is erased and what is kept', () => {
    stubFetch();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My data' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/user/me/data');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/keep invoices for 72 months/)).toBeTruthy();
    expect(screen.getByText(/those without a bill no longer show your name/)).toBeTruthy();
  });

  it('asks for the password and the ticked box before a last step, and keeps the account when told to', async () => {
    const calls = stubFetch();
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your password.');
    await user.type(screen.getByLabelText('Your password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('alert').textContent).toBe('Tick the box to confirm that you understand.');
    await user.click(screen.getByRole('checkbox', { name: /my account is erased and cannot be restored/ }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText('Delete your account now? This cannot be undone.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Keep my account');
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByText('Delete your account now? This cannot be undone.')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it("shows the server's refusal plainly (an open order) and stays", async () => {
    stubFetch((call) => (call.method === 'DELETE' ? { status: 409, body: OPEN_ORDER } : undefined));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your password'), 'correct-horse-42');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(OPEN_ORDER.message);
    expect(screen.getByRole('heading', { level: 1, name: 'My data' })).toBeTruthy();
  });

  it('deletes with the password, forgets the session and goes home with a notice', async () => {
    const calls = stubFetch((call) =>
      call.method === 'DELETE'
        ? { body: { success: true, code: 'accountDeleted', values: {}, message: 'Your account has been deleted' } }
        : call.path === '/api/user/getloggeduser'
          ? { status: 401, body: { success: false, user: null, message: '' } }
          : undefined,
    );
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your password'), 'correct-horse-42');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: '/api/user/me',
      body: { password: 'correct-horse-42' },
    });
    expect(screen.getByText('Your account has been deleted. Thank you for shopping with us.')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(loggedUserQuery.queryKey)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'OK', hidden: true }));
    expect(screen.queryByText('Your account has been deleted. Thank you for shopping with us.')).toBeNull();
  });
});

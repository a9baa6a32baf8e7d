/** My Addresses without a network (issue 42): the addresses as last read, to read only, with when. */
import type { SavedAddress } from '@mandi/shared/schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAnswer } from '../../../lib/offline/kept-store';
import { renderAt, shopper, stubFetch } from '../../../test-utils';
import { KEPT_ADDRESSES } from '../api/saved-addresses';
import AddressesPage from './addresses-page';

const home: SavedAddress = {
  _id: 'a-home',
  label: 'Home',
  address: '12 MG Road',
  city: 'Pune',
  mobileNumber: '9876543210',
  pinCode: '411001',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
};
// 10:10 in the shop's time.
const READ_AT = Date.parse('2026-11-20T04:40:00Z');
const routes = { '/account/addresses': <AddressesPage /> };

function offline() {
  stubFetch(
    (call) => {
      if (call.path === '/api/user/my/addresses') throw new TypeError('Failed to fetch');
      return undefined;
    },
    { user: shopper },
  );
}

beforeEach(() => Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('my addresses without a network', () => {
  it('lists the addresses last read, says as of when, and offers no change', async () => {
    keepAnswer(shopper._id, KEPT_ADDRESSES, [home], READ_AT);
    offline();
    renderAt('/account/addresses', routes);
    const note = await screen.findByText(/^You are offline: showing your addresses as of (\d+ \w+ \d{4} )?10:10\./);
    expect(note.getAttribute('role')).toBe('status');
    const list = screen.getByRole('list', { name: 'My Addresses' });
    expect(within(list).getByText('12 MG Road', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add an Address|Edit|Delete/ })).toBeNull();
    expect(screen.queryByText('Your addresses could not be loaded.')).toBeNull();
  });

  it('says plainly that they show once back online when none were kept', async () => {
    offline();
    renderAt('/account/addresses', routes);
    expect(
      await screen.findByText('You are offline: your addresses will show here when you are back online.'),
    ).toBeTruthy();
    expect(screen.queryByText('Your addresses could not be loaded.')).toBeNull();
  });
});

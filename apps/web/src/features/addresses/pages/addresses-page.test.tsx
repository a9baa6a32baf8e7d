import { MAX_SAVED_ADDRESSES, MESSAGES } from '@mandi/shared';
import type { SavedAddress } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderAt, stubFetch } from '../../../test-utils';
import AddressesPage from './addresses-page';

const routes = { '/account/addresses': <AddressesPage /> };

function address(id: string, label: string, lastUsedAt: string | null = null): SavedAddress {
  return {
    _id: id,
    label,
    address: `${id} MG Road`,
    city: 'Pune',
    mobileNumber: '9876543210',
    pinCode: '411001',
    lastUsedAt,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

/** A small address book server: the list, and the writes applied to it. */
function addressBook(start: SavedAddress[]) {
  let book = [...start];
  const calls = stubFetch((call: Call) => {
    const path = pathnameOf(call);
    if (!path.startsWith('/api/user/my/addresses')) return undefined;
    const id = path.split('/')[5];
    if (call.method === 'GET') return { body: { success: true, addresses: book } };
    if (call.method === 'POST') {
      const saved = { ...address(`a-${book.length + 1}`, ''), ...(call.body as object) };
      book = [...book, saved];
      return {
        status: 201,
        body: { success: true, message: 'Address saved', code: 'addressSaved', values: {}, address: saved },
      };
    }
    if (call.method === 'PUT') {
      book = book.map((entry) => (entry._id === id ? { ...entry, ...(call.body as object) } : entry));
      return {
        body: { success: true, message: 'Address updated', code: 'addressUpdated', values: {}, address: book[0] },
      };
    }
    book = book.filter((entry) => entry._id !== id);
    return { body: { success: true, message: 'Address deleted', code: 'addressDeleted', values: {} } };
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('My Addresses', () => {
  it('lists the addresses, the last used first and marked, and says when there are none', async () => {
    addressBook([address('a-1', 'Office', '2026-11-20T10:00:00.000Z'), address('a-2', 'Home')]);
    renderAt('/account/addresses', routes);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/Office|Home/)[0]?.textContent)).toEqual(['Office', 'Home']);
    expect(within(items[0] as HTMLElement).getByText('Last used')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('Last used')).toBeNull();
    expect(within(items[0] as HTMLElement).getByText('Pune, PIN 411001')).toBeTruthy();
    expect(document.title).toBe('My Addresses');
  });

  it('adds an address named Home first, checked by the checkout’s rules in their order', async () => {
    const calls = addressBook([]);
    const user = userEvent.setup();
    renderAt('/account/addresses', routes);
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add an Address' }));
    const form = screen.getByRole('form', { name: 'New Address' });
    expect((within(form).getByLabelText('Name of this address') as HTMLInputElement).value).toBe('Home');
    // The form takes the place of the button, and the focus with it.
    expect(document.activeElement).toBe(within(form).getByLabelText('Name of this address'));
    const save = within(form).getByRole('button', { name: 'Save Address' });
    await user.click(save);
    expect(within(form).getByRole('alert').textContent).toBe(MESSAGES.mobileLength);
    await user.type(within(form).getByLabelText('Mobile Number'), '9876543210');
    await user.click(save);
    expect(within(form).getByRole('alert').textContent).toBe(MESSAGES.pinLength);
    await user.type(within(form).getByLabelText('Pin Code'), '411001');
    await user.click(save);
    expect(within(form).getByRole('alert').textContent).toBe(MESSAGES.allFieldsRequired);
    await user.type(within(form).getByLabelText('Address'), '12 MG Road');
    await user.type(within(form).getByLabelText('City'), 'Pune');
    await user.clear(within(form).getByLabelText('Name of this address'));
    await user.click(save);
    expect(within(form).getByRole('alert').textContent).toBe('Give the address a name, such as Home or Office');
    await user.type(within(form).getByLabelText('Name of this address'), ' Home ');
    await user.click(save);

    expect((await screen.findByRole('status')).textContent).toBe('Address saved');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      label: 'Home',
      address: '12 MG Road',
      city: 'Pune',
      mobileNumber: '9876543210',
      pinCode: '411001',
    });
    expect(await screen.findByText('12 MG Road')).toBeTruthy();
    // The next one starts as Office.
    await user.click(screen.getByRole('button', { name: 'Add an Address' }));
    expect((screen.getByLabelText('Name of this address') as HTMLInputElement).value).toBe('Office');
  });

  it('edits an address in place and deletes one only after a confirmation', async () => {
    const calls = addressBook([address('a-1', 'Home'), address('a-2', 'Office')]);
    const user = userEvent.setup();
    renderAt('/account/addresses', routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Home' }));
    const form = screen.getByRole('form', { name: 'Edit Home' });
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Pimpri');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('status')).textContent).toBe('Address updated');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/user/my/addresses/a-1',
      body: { label: 'Home', city: 'Pimpri' },
    });

    await user.click(screen.getByRole('button', { name: 'Delete Office' }));
    expect(screen.getByText('Delete the address “Office”?')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep It' }));
    await user.click(screen.getByRole('button', { name: 'Keep It' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Office' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/user/my/addresses/a-2');
    expect(screen.getByRole('status').textContent).toBe('Address deleted');
  });

  it(`offers no Add button once ${MAX_SAVED_ADDRESSES} addresses are saved, and says why`, async () => {
    addressBook(Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => address(`a-${i}`, `Place ${i}`)));
    renderAt('/account/addresses', routes);
    expect(await screen.findByText(/You have saved 10 addresses/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an Address' })).toBeNull();
  });
});

/**
 * The shopper's address book (decision 0025): at most MAX_SAVED_ADDRESSES each, only ever read or
 * changed by its owner (another shopper's address is "not found"), and "last used" moved forward
 * when an order to one of them is placed (`markAddressesUsed`, called by an order-event subscriber
 * registered in app.ts, so this module knows nothing of orders).
 */
import { MAX_SAVED_ADDRESSES } from '@mandi/shared';
import type { SavedAddress, ShippingInfo } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { presentAddress } from './addresses.presenter.js';
import * as repo from './addresses.repository.js';

export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  return (await repo.findAddresses(db, userId)).map(presentAddress);
}

export async function saveAddress(work: UnitOfWork, userId: string, fields: repo.AddressFields): Promise<SavedAddress> {
  const row = await work.transaction(async (tx) => {
    // Two saves at once wait for each other here, so neither can pass the limit.
    if (!(await repo.lockUser(tx, userId))) throw notFound('User');
    if ((await repo.countAddresses(tx, userId)) >= MAX_SAVED_ADDRESSES) {
      throw new AppError('conflict', serverMessage('addressLimit', { max: MAX_SAVED_ADDRESSES }));
    }
    return repo.insertAddress(tx, userId, fields);
  });
  return presentAddress(row);
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  fields: repo.AddressFields,
): Promise<SavedAddress> {
  const row = await repo.updateAddress(db, userId, id, fields);
  if (!row) throw notFound('Address');
  return presentAddress(row);
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteAddress(db, userId, id))) throw notFound('Address');
}

/** Address and city compare without case and runs of spaces; mobile number and PIN code as digits. */
const sameText = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export function isSameAddress(saved: Omit<repo.AddressFields, 'label'>, shipping: ShippingInfo): boolean {
  return (
    sameText(saved.address, shipping.address) &&
    sameText(saved.city, shipping.city) &&
    saved.mobileNumber.trim() === String(shipping.mobileNumber).trim() &&
    saved.pinCode.trim() === String(shipping.pinCode).trim()
  );
}

/** An order placed at `at` by `userId` to `shippingInfo`. */
export interface AddressUse {
  userId: string;
  shippingInfo: ShippingInfo;
  at: Date;
}

/**
 * Marks the saved addresses that placed orders went to as used at the order's time (never moving
 * a time back, so a repeated or late event changes nothing). An order to an address not saved
 * changes nothing.
 */
export async function markAddressesUsed(db: Db, uses: readonly AddressUse[]): Promise<void> {
  // One read for every shopper of the batch; most have no saved address and cost nothing more.
  const saved = await repo.findAddressesOfUsers(db, [...new Set(uses.map((use) => use.userId))]);
  for (const use of uses) {
    const ids = saved
      .filter((row) => row.userId === use.userId && isSameAddress(row, use.shippingInfo))
      .map((row) => row.id);
    await repo.markUsed(db, ids, use.at);
  }
}

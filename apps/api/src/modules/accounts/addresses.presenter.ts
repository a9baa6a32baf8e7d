/** A saved address as the API sends it (`_id`, like every object of the API). */
import type { SavedAddress } from '@mandi/shared/schemas';
import type { SavedAddressRow } from './addresses.repository.js';

export function presentAddress(row: SavedAddressRow): SavedAddress {
  return {
    _id: row.id,
    label: row.label,
    address: row.address,
    city: row.city,
    mobileNumber: row.mobileNumber,
    pinCode: row.pinCode,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

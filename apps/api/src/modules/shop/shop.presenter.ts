/** The shop profile as the API and the pages show it (`shopSchema`). */
import { POLICY_KEYS, type PolicyKey, type Shop } from '@mandi/shared/schemas';
import type { ShopProfileRow } from './shop.repository.js';

const policiesOf = (stored: Record<string, string>): Record<PolicyKey, string> =>
  Object.fromEntries(POLICY_KEYS.map((key) => [key, stored[key] ?? ''])) as Record<PolicyKey, string>;

export function presentShop(row: ShopProfileRow): Shop {
  return {
    name: row.name,
    legalName: row.legalName,
    address: row.address,
    state: row.state,
    phone: row.phone,
    email: row.email,
    fssaiNumber: row.fssaiNumber,
    gstin: row.gstin,
    upiId: row.upiId,
    grievanceOfficer: { name: row.grievanceName, email: row.grievanceEmail, phone: row.grievancePhone },
    policies: policiesOf(row.policies),
    policiesHi: policiesOf(row.policiesHi),
    about: row.about,
    aboutHi: row.aboutHi,
    demo: row.demo,
  };
}

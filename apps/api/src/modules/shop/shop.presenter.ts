/** The shop profile as the API and the pages show it (`shopSchema`). */
import { POLICY_KEYS, type PolicyKey, type Shop } from '@mandi/shared/schemas';
import type { ShopProfileRow } from './shop.repository.js';

/** `{shop}` in a stored text is the shop's name as it is now (decision 0056): a rename carries into it. */
const named = (text: string, name: string) => text.replaceAll('{shop}', name);

const policiesOf = (stored: Record<string, string>, name: string): Record<PolicyKey, string> =>
  Object.fromEntries(POLICY_KEYS.map((key) => [key, named(stored[key] ?? '', name)])) as Record<PolicyKey, string>;

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
    policies: policiesOf(row.policies, row.name),
    policiesHi: policiesOf(row.policiesHi, row.name),
    about: named(row.about, row.name),
    aboutHi: named(row.aboutHi, row.name),
    tagline: named(row.tagline, row.name),
    taglineHi: named(row.taglineHi, row.name),
    demo: row.demo,
    subscriptionCutoff: row.subscriptionCutoff,
  };
}

/** The colour of the header's bar (index.html's theme-color): the installed app's title bar. */
const THEME_COLOR = '#166534';
/** A home screen shows about 12 characters under an icon. */
const SHORT_NAME_LENGTH = 12;

/** The shop's name cut for a home screen: whole words that fit, else the first word cut. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_NAME_LENGTH) return trimmed;
  let short = '';
  for (const word of trimmed.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_LENGTH) break;
    short = next;
  }
  return short || trimmed.slice(0, SHORT_NAME_LENGTH);
}

/**
 * `/manifest.webmanifest` (issue 30): what a phone needs to install the shop as an app, named as
 * the shop's profile names it. The icons are the web app's (public/icons), the maskable one with
 * its drawing inside the safe zone.
 */
export function webManifest(shop: Pick<Shop, 'name'>) {
  return {
    name: shop.name,
    short_name: shortNameOf(shop.name),
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'en',
    theme_color: THEME_COLOR,
    background_color: '#fafaf9',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

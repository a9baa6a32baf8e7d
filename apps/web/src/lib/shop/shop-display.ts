/**
 * How the shop's profile reads on screen: its texts in the page's language (Hindi falls back to
 * English where the owner has not written one), paragraphs, and its phone numbers as links.
 */
import type { PolicyKey, Shop, ShopIdentity } from '@mandi/shared/schemas';
import type { Language } from '../i18n';

/** The About text in `language`; the English one when the Hindi is empty. */
export function shopAbout(shop: ShopIdentity, language: Language): string {
  return (language === 'hi' && shop.aboutHi.trim()) || shop.about;
}

/** The home page's line in `language`; the English one when the Hindi is empty (decision 0056). */
export function shopTagline(shop: ShopIdentity, language: Language): string {
  return (language === 'hi' && shop.taglineHi.trim()) || shop.tagline;
}

/** A policy's text in `language`; the English one when the Hindi is empty. */
export function policyText(shop: Shop, key: PolicyKey, language: Language): string {
  return (language === 'hi' && shop.policiesHi[key].trim()) || shop.policies[key];
}

/** Plain text cut into paragraphs at blank lines (a single line break stays inside its paragraph). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A 10-digit Indian number as people write it: "+91 98220 12345". */
export function formatPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}

/** The `tel:` link of a 10-digit Indian number. */
export function phoneHref(phone: string): string {
  return `tel:+91${phone.replace(/\D/g, '').slice(-10)}`;
}

/**
 * The pages under /policies: the five policies (POLICY_KEYS, written out: importing the shared
 * schemas would bring zod into the first page's code) and the grievance officer's page.
 */
export const POLICY_PAGE_KEYS = [
  ...(['returns', 'refunds', 'delivery', 'privacy', 'terms'] as const satisfies readonly PolicyKey[]),
  'grievance',
] as const;
export type PolicyPageKey = (typeof POLICY_PAGE_KEYS)[number];

export function isPolicyPageKey(key: string): key is PolicyPageKey {
  return (POLICY_PAGE_KEYS as readonly string[]).includes(key);
}

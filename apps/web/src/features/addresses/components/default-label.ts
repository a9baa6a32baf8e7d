/**
 * The name a new address starts with: Home while the shopper has no Home, then Office, then
 * nothing (the shopper names it). Compared without case, in English and in the chosen language.
 */
import type { SavedAddress } from '@mandi/shared/schemas';
import { translate } from '../../../lib/i18n';
import { addressesTexts as x } from '../addresses.texts';

export function defaultLabel(addresses: readonly Pick<SavedAddress, 'label'>[]): string {
  const taken = new Set(addresses.map((address) => address.label.trim().toLowerCase()));
  for (const text of [x.home, x.office]) {
    const names = [text.message, translate(text)].map((name) => name.toLowerCase());
    if (!names.some((name) => taken.has(name))) return translate(text);
  }
  return '';
}

import { POLICY_KEYS } from '@mandi/shared/schemas';
import { describe, expect, it } from 'vitest';
import { shopProfile } from '../../test-utils';
import {
  formatPhone,
  isPolicyPageKey,
  POLICY_PAGE_KEYS,
  paragraphsOf,
  phoneHref,
  policyText,
  shopAbout,
} from './shop-display';

describe('the shop on screen', () => {
  it('has a page for every policy of the profile, and the grievance page', () => {
    expect(POLICY_PAGE_KEYS).toEqual([...POLICY_KEYS, 'grievance']);
    expect(isPolicyPageKey('grievance')).toBe(true);
    expect(isPolicyPageKey('shipping')).toBe(false);
  });

  it('cuts text into paragraphs at blank lines, keeping single line breaks', () => {
    expect(paragraphsOf('One\nstill one\n\n  \n\nTwo\r\n\r\nThree  ')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(paragraphsOf('   ')).toEqual([]);
  });

  it('reads Hindi where written, else English', () => {
    const shop = shopProfile({ aboutHi: '', policiesHi: { ...shopProfile().policiesHi, terms: ' ' } });
    expect(shopAbout(shop, 'hi')).toBe(shop.about);
    expect(policyText(shop, 'terms', 'hi')).toBe(shop.policies.terms);
    expect(policyText(shop, 'returns', 'hi')).toMatch(/^हिंदी/);
    expect(policyText(shop, 'returns', 'en')).toMatch(/^English/);
  });

  it('writes a phone number as people do, and as a tel: link', () => {
    expect(formatPhone('9822012345')).toBe('+91 98220 12345');
    expect(phoneHref('9822012345')).toBe('tel:+919822012345');
  });
});

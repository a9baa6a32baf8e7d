/** A live shop's English corrects the spec's typos (decision 0056); the demo keeps them. */
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CORRECTIONS } from './live-corrections';
import { specTexts, titleTexts } from './spec.texts';
import { englishNamespaces, setLiveShop, translate } from './texts';

// Every English texts module of the app, so each one registers its namespace.
import.meta.glob('../../**/*.texts.ts', { eager: true });

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

afterEach(() => setLiveShop(false));

describe('the live corrections', () => {
  it('each correct a text that exists, with the same placeholders', () => {
    for (const [id, corrected] of Object.entries(LIVE_CORRECTIONS)) {
      const [namespace = '', key = ''] = id.split('.');
      const english = namespace === 'server' ? SERVER_MESSAGES : englishNamespaces.get(namespace);
      const original = (english as Record<string, string> | undefined)?.[key];
      expect(original, id).toBeTypeOf('string');
      expect(corrected, id).not.toBe(original);
      expect(placeholders(corrected), id).toEqual(placeholders(original ?? ''));
    }
  });

  it('show only while the shop is live', () => {
    expect(translate(specTexts.orderPlaced)).toBe('Your Order Is Place SuccessFully..!!');
    expect(translate(titleTexts.orderDetails)).toBe('Orders Details');
    setLiveShop(true);
    expect(translate(specTexts.orderPlaced)).toBe('Your order is placed');
    expect(translate(titleTexts.orderDetails)).toBe('Order Details');
    expect(translate({ id: 'server.loggedIn', message: 'Login Success..!!', values: {} })).toBe('You are logged in');
    // A text without a correction is as written.
    expect(translate(titleTexts.home)).toBe('Home');
  });
});

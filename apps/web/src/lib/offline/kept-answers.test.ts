/** A shopper's answers kept for offline reading (issue 42): per shopper, forgotten for anyone else. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { formatKeptAt, plainErrorMessages } from './kept-answers';
import { forgetKeptAnswers, KEPT_ANSWERS_KEY, keepAnswer, readKeptAnswer } from './kept-store';

// 10:10 in the shop's time.
const READ_AT = Date.parse('2026-03-12T04:40:00Z');

describe('kept answers', () => {
  beforeEach(() => Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true }));
  afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

  it('gives a shopper back what was kept for them, and nothing to anyone else', () => {
    keepAnswer('u-1', 'myOrders', [{ _id: 'o-1' }], READ_AT);
    keepAnswer('u-1', 'savedAddresses', [{ _id: 'a-1' }], READ_AT);
    expect(readKeptAnswer('u-1', 'myOrders')).toEqual({ data: [{ _id: 'o-1' }], keptAt: READ_AT });
    expect(readKeptAnswer('u-1', 'savedAddresses')?.data).toEqual([{ _id: 'a-1' }]);
    expect(readKeptAnswer('u-2', 'myOrders')).toBeNull();
  });

  it('drops the last shopper’s answers when another shopper’s are kept', () => {
    keepAnswer('u-1', 'myOrders', [{ _id: 'o-1' }], READ_AT);
    keepAnswer('u-2', 'savedAddresses', [], READ_AT);
    expect(readKeptAnswer('u-1', 'myOrders')).toBeNull();
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).not.toContain('o-1');
  });

  it('forgets them for no one (logged out) and for someone else, keeps them for the same shopper', () => {
    keepAnswer('u-1', 'myOrders', [], READ_AT);
    forgetKeptAnswers('u-1');
    expect(readKeptAnswer('u-1', 'myOrders')).not.toBeNull();
    forgetKeptAnswers('u-2');
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
    keepAnswer('u-1', 'myOrders', [], READ_AT);
    forgetKeptAnswers(null);
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
  });

  it('keeps nothing where no service worker could open the page offline', () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    keepAnswer('u-1', 'myOrders', [], READ_AT);
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
  });
});

describe('plain words for a failure', () => {
  it('says "you are offline" for a request that found no network, never the browser’s words', () => {
    expect(plainErrorMessages(new TypeError('Failed to fetch'))).toEqual([
      'You are offline: this needs the network. Please try again when you are back online.',
    ]);
  });

  it('keeps the server’s own message for a refusal', () => {
    const refusal = new ApiError(409, [{ message: 'The address book is full.' }], null);
    expect(plainErrorMessages(refusal)).toEqual(['The address book is full.']);
  });

  it('says when an answer was read: the shop’s clock, with the day when it was not today', () => {
    expect(formatKeptAt(READ_AT, Date.parse('2026-03-12T15:00:00Z'))).toBe('10:10');
    expect(formatKeptAt(READ_AT, Date.parse('2026-03-14T15:00:00Z'))).toBe('12 Mar 2026 10:10');
  });
});

/**
 * The worker's start follows the session (decision 0041, issue 42): the shopper's answers kept for
 * offline reading are forgotten when no one is logged in any more, or someone else is.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopper } from '../../test-utils';
import { KEPT_ANSWERS_KEY, keepAnswer, readKeptAnswer } from './kept-store';
import { startServiceWorker } from './register-worker';

const READ_AT = Date.parse('2026-03-12T04:40:00Z');

function start(session: unknown): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['session'], session);
  startServiceWorker(queryClient);
  return queryClient;
}

beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { addEventListener: vi.fn(), register: vi.fn(async () => ({})) },
    configurable: true,
  });
  keepAnswer(shopper._id, 'myOrders', [{ _id: 'o-1' }], READ_AT);
});
afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

describe('the answers kept for a shopper', () => {
  it('stay while the same shopper is logged in', () => {
    const queryClient = start(shopper);
    queryClient.setQueryData(['session'], { ...shopper });
    expect(readKeptAnswer(shopper._id, 'myOrders')?.data).toEqual([{ _id: 'o-1' }]);
  });

  it('are forgotten at logout', () => {
    const queryClient = start(shopper);
    queryClient.setQueryData(['session'], null);
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
  });

  it('are forgotten when another shopper, or an admin, logs in', () => {
    start(shopper).setQueryData(['session'], { ...shopper, _id: 'u-2' });
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
    keepAnswer(shopper._id, 'myOrders', [], READ_AT);
    start(shopper).setQueryData(['session'], { ...shopper, _id: 'u-admin', role: 'Admin' });
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
  });

  it('are forgotten when the app opens with no one logged in (a logout just before)', () => {
    start(null);
    expect(localStorage.getItem(KEPT_ANSWERS_KEY)).toBeNull();
  });
});

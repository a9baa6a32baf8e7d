import { defineTexts } from '../lib/i18n';

/** The offline banner (decision 0041), loaded with it. */
export const offlineTexts = defineTexts('offline', {
  offline: 'You are offline.',
  pricesAsOf: 'You are offline. Prices as of {time}.',
});

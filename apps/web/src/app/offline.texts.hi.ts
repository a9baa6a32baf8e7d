import type { HindiTexts, Translation } from '../lib/i18n';
import type { offlineTexts } from './offline.texts';

const texts = {
  offline: 'आप ऑफ़लाइन हैं।',
  pricesAsOf: 'आप ऑफ़लाइन हैं। दाम {time} के हैं।',
} satisfies Translation<typeof offlineTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'offline', texts }];

import type { HindiTexts, Translation } from '../../lib/i18n';
import type { uiTexts } from './ui.texts';

const texts = {
  rating: 'रेटिंग',
  outOfStars: '{max} में से {value} स्टार',
  starOne: '{count} स्टार',
  starMany: '{count} स्टार',
  Processing: 'तैयार हो रहा है',
  Shipped: 'भेज दिया गया',
  Delivered: 'पहुँच गया',
  Cancelled: 'रद्द',
} satisfies Translation<typeof uiTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'ui', texts }];

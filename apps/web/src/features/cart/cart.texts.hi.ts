import type { HindiTexts, Translation } from '../../lib/i18n';
import type { cartTexts } from './cart.texts';

const texts = {
  shopNow: 'अभी खरीदें',
  cartItems: 'कार्ट का सामान',
  total: 'कुल',
  goToCart: 'कार्ट पर जाएँ',
  remove: '{name} हटाएँ',
} satisfies Translation<typeof cartTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'cart', texts }];

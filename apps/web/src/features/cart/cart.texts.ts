import { defineTexts } from '../../lib/i18n';

export const cartTexts = defineTexts('cart', {
  shopNow: 'Shop Now',
  cartItems: 'Cart items',
  total: 'Total',
  goToCart: 'Go To Cart',
  remove: 'Remove {name}',
});

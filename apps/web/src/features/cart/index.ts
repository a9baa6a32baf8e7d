/**
 * The cart's public entry: the only file other features may import from the cart. The store is the
 * browser cart every screen reads (header badge, product cards, checkout); its internals stay private.
 */
export { type CartItem, cartStore, cartTotal, findStockProblem, fitQuantity, useCart } from './cart-store';
export { CartDropdown } from './components/cart-dropdown';
export { RemoveFromCartButton } from './components/remove-from-cart-button';

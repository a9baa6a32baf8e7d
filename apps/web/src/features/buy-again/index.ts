/**
 * What other features may use of buy again (decision 0042): "Order again" on a past order, "Save
 * cart as list" in the cart and "Your usual" for the home page (loaded lazily there). Its page
 * loads lazily from the router.
 */
export { OrderAgainButton } from './components/order-again-button';
export { SaveCartAsList } from './components/save-cart-as-list';
export { default as UsualStrip } from './components/usual-strip';

/**
 * What other features may use of the khata feature: the Khata panel of the admin's user and order
 * screens and the payment choice at checkout. Its pages load lazily from the routers.
 */
export { KhataPanel } from './components/khata-panel';
export { PaymentChoice } from './components/payment-choice';

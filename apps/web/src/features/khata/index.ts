/**
 * What other features may use of the khata feature: the Khata panel of the admin's user and order
 * screens, the payment choice at checkout and the shopper's own khata (whether a standing order may
 * be paid by khata). Its pages load lazily from the routers.
 */
export { useMyKhata } from './api/khata';
export { KhataPanel } from './components/khata-panel';
export { PaymentChoice } from './components/payment-choice';

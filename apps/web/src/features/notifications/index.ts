/**
 * What other features may use of notifications (decision 0045): the WhatsApp panel of the admin's
 * order screen. The settings page loads lazily from the router.
 */
export { OrderNotificationsPanel } from './components/order-notifications-panel';

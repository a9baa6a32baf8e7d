/** What the app shell uses of the checkout: the queued order's notice (decision 0041). */
export { QueuedOrderSlot } from './components/queued-order-slot';

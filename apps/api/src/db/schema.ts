/**
 * The whole data model, gathered: each module keeps its own tables in its `<module>.schema.ts`
 * (the platform's in platform.schema.ts); this file only re-exports them for drizzle-kit, the
 * migrations and the database client. Money is kept in paise and weights in grams (integers), so
 * arithmetic is exact; the API edge converts to rupees and kilograms.
 */

export * from '../modules/accounts/accounts.schema.js';
export * from '../modules/billing/billing.schema.js';
export * from '../modules/buy-again/buy-again.schema.js';
export * from '../modules/catalog/catalog.schema.js';
export * from '../modules/complaints/complaints.schema.js';
export * from '../modules/counter/counter.schema.js';
export * from '../modules/coupons/coupons.schema.js';
export * from '../modules/dashboard/dashboard.schema.js';
export * from '../modules/delivery/delivery.schema.js';
export * from '../modules/delivery-run/delivery-run.schema.js';
export * from '../modules/khata/khata.schema.js';
export * from '../modules/media/media.schema.js';
export * from '../modules/notifications/notifications.schema.js';
export * from '../modules/order-events/order-events.schema.js';
export * from '../modules/orders/orders.schema.js';
export * from '../modules/purchases/purchases.schema.js';
export * from '../modules/rates/rates.schema.js';
export * from '../modules/reviews/reviews.schema.js';
export * from '../modules/shop/shop.schema.js';
export * from '../modules/subscriptions/subscriptions.schema.js';
export * from './platform.schema.js';

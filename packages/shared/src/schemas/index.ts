/**
 * Requests and responses of the API as zod schemas, by domain. The server validates and documents
 * with them; the browser imports their inferred types only (`import type`), so zod stays out of
 * its bundle. Schemas end in `Schema`; the inferred type takes the bare name. Odd field names
 * (`_id`, `$numberDecimal`, `AllOrders`, `oStatus`…) are the original API's, kept for its clients;
 * each is explained where it is declared.
 */

export * from '../search-schemas.js';
export * from './accounts.js';
export * from './addresses.js';
export * from './admin-lists.js';
export * from './answers.js';
export * from './billing.js';
export * from './buy-again.js';
export * from './catalogue.js';
export * from './common.js';
export * from './complaints.js';
export * from './counter.js';
export * from './coupons.js';
export * from './dashboard.js';
export * from './delivery-run.js';
export * from './khata.js';
export * from './notifications.js';
export * from './orders.js';
export * from './personal-data.js';
export * from './purchases.js';
export * from './rates.js';
export * from './reports.js';
export * from './reviews.js';
export * from './shop.js';
export * from './subscriptions.js';
export * from './weighing.js';

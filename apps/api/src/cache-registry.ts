/**
 * Every module's cache declaration in one list (docs/decisions/0016-cache-declarations.md): the
 * response cache serves only the reads declared here, and the fresh-reads test runs every write
 * declared here against every read.
 */
import type { ModuleCache } from './lib/response-cache.js';
import { accountsCache } from './modules/accounts/accounts.cache.js';
import { billingCache } from './modules/billing/billing.cache.js';
import { catalogCache } from './modules/catalog/catalog.cache.js';
import { complaintsCache } from './modules/complaints/complaints.cache.js';
import { dashboardCache } from './modules/dashboard/dashboard.cache.js';
import { deliveryCache } from './modules/delivery/delivery.cache.js';
import { deliveryRunCache } from './modules/delivery-run/delivery-run.cache.js';
import { gstReturnCache } from './modules/gst-return/gst-return.cache.js';
import { khataCache } from './modules/khata/khata.cache.js';
import { marginsCache } from './modules/margins/margins.cache.js';
import { ordersCache } from './modules/orders/orders.cache.js';
import { personalDataCache } from './modules/personal-data/personal-data.cache.js';
import { purchasesCache } from './modules/purchases/purchases.cache.js';
import { ratesCache } from './modules/rates/rates.cache.js';
import { reviewsCache } from './modules/reviews/reviews.cache.js';
import { shopCache } from './modules/shop/shop.cache.js';
import { weighingCache } from './modules/weighing/weighing.cache.js';

export const CACHE_REGISTRY: readonly ModuleCache[] = [
  accountsCache,
  billingCache,
  catalogCache,
  complaintsCache,
  dashboardCache,
  deliveryCache,
  deliveryRunCache,
  gstReturnCache,
  khataCache,
  marginsCache,
  ordersCache,
  personalDataCache,
  ratesCache,
  purchasesCache,
  reviewsCache,
  shopCache,
  weighingCache,
];

/**
 * Every module of the API, one line each: its manifest (`modules/<name>/<name>.module.ts`, typed by
 * module-manifest.ts) says what buildApp, the cache registry and the layering check need to know
 * of it. The list's order is the order of their routes (and so of the API's docs) and of their
 * services and subscribers; order participants run by their own ranks.
 */
import type { ModuleManifest } from './module-manifest.js';
import { accountsModule } from './modules/accounts/accounts.module.js';
import { billingModule } from './modules/billing/billing.module.js';
import { buyAgainModule } from './modules/buy-again/buy-again.module.js';
import { catalogModule } from './modules/catalog/catalog.module.js';
import { complaintsModule } from './modules/complaints/complaints.module.js';
import { counterModule } from './modules/counter/counter.module.js';
import { couponsModule } from './modules/coupons/coupons.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { deliveryModule } from './modules/delivery/delivery.module.js';
import { deliveryRunModule } from './modules/delivery-run/delivery-run.module.js';
import { gstReturnModule } from './modules/gst-return/gst-return.module.js';
import { khataModule } from './modules/khata/khata.module.js';
import { marginsModule } from './modules/margins/margins.module.js';
import { mediaModule } from './modules/media/media.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import type { OrderEventSubscriber } from './modules/order-events/order-events.js';
import { orderEventsModule } from './modules/order-events/order-events.module.js';
import type { OrderParticipant } from './modules/orders/orders.lifecycle.js';
import { ordersModule } from './modules/orders/orders.module.js';
import { personalDataModule } from './modules/personal-data/personal-data.module.js';
import { purchasesModule } from './modules/purchases/purchases.module.js';
import { ratesModule } from './modules/rates/rates.module.js';
import { reviewsModule } from './modules/reviews/reviews.module.js';
import { shopModule } from './modules/shop/shop.module.js';
import { subscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { substitutionsModule } from './modules/substitutions/substitutions.module.js';
import { weighingModule } from './modules/weighing/weighing.module.js';

/** A manifest as the app reads it: the order seam's participants and subscribers are the orders and order-events modules' types. */
export type AppModule = ModuleManifest<OrderParticipant, OrderEventSubscriber>;

export const MODULES: readonly AppModule[] = [
  orderEventsModule,
  substitutionsModule,
  catalogModule,
  mediaModule,
  accountsModule,
  ordersModule,
  reviewsModule,
  weighingModule,
  deliveryModule,
  deliveryRunModule,
  billingModule,
  dashboardModule,
  marginsModule,
  gstReturnModule,
  shopModule,
  personalDataModule,
  purchasesModule,
  complaintsModule,
  buyAgainModule,
  khataModule,
  notificationsModule,
  couponsModule,
  ratesModule,
  counterModule,
  subscriptionsModule,
];

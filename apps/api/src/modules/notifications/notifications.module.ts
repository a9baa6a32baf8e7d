/**
 * Notifications (decision 0045): what a shopper is told of their order, by email and on WhatsApp
 * (one message per order event, two channels: notifications.order-events.ts), the shopper's
 * channels, the WhatsApp outbox and its dispatcher, the khata reminder, the Cloud API's webhook.
 * The complaint mails and the account-deleted mail stay with complaints and personal-data: they
 * answer a request of their own module, not an order event.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderEventSubscriber } from '../order-events/order-events.js';
import { createNotificationDispatcher, type NotificationDispatcher } from './notifications.dispatcher.js';
import { orderMessageSubscribers } from './notifications.order-events.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createWhatsAppClient } from './notifications.whatsapp.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** The WhatsApp outbox's dispatcher, one per process; sends only when the Cloud API is set up. */
    notifications: NotificationDispatcher;
  }
}

export const notificationsModule: ModuleManifest<never, OrderEventSubscriber> = {
  name: 'notifications',
  // The order events it subscribes to; the orders as the mails print them (orders), the shopper's
  // confirmed address (accounts), the bill attached to the final bill's mail (billing). What a
  // WhatsApp message says is read in its own repository.
  dependsOn: ['order-events', 'orders', 'accounts', 'billing'],
  tables: ['notification_settings', 'notification_messages'],
  services: ({ deps, log }) => ({
    notifications: createNotificationDispatcher({
      db: deps.db,
      sender: deps.config.whatsapp.send ? createWhatsAppClient(deps.config.whatsapp.send) : null,
      afterAnswer: deps.afterAnswer,
      log,
      retrySeconds: deps.config.whatsapp.retrySeconds,
      maxAttempts: deps.config.whatsapp.maxAttempts,
    }),
  }),
  subscribers: ({ deps, services }) =>
    orderMessageSubscribers({
      deps,
      views: services.orderLifecycle.participants,
      dispatcher: services.notifications,
    }),
  routes: [
    moduleRoutes(notificationsRoutes, ({ deps, services }) => ({ ...deps, notifications: services.notifications })),
  ],
  jobs: ({ services }) => [
    { kind: 'outbox', start: () => services.notifications.start(), close: () => services.notifications.close() },
  ],
};

/**
 * Complaints (decision 0030): a shopper's complaint about an order or none, the shop's replies,
 * the deadlines. Its two mails (complaints.mail.ts) stay here: they answer the shopper's and the
 * shop's own requests, after the answer, and are no order event's message, so they are not
 * notifications' (which speaks of orders on two channels).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { complaintsCache } from './complaints.cache.js';
import { complaintsRoutes } from './complaints.routes.js';

export const complaintsModule: ModuleManifest = {
  name: 'complaints',
  // The shopper's contact for the mails; the order's owner and number are read in its own repository.
  dependsOn: ['accounts'],
  tables: ['complaints'],
  cache: complaintsCache,
  routes: [moduleRoutes(complaintsRoutes, ({ deps, now }) => ({ ...deps, now }))],
};

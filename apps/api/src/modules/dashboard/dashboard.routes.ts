/**
 * The admin dashboard's "today" figures and its top products (decision 0026), and the seller
 * figures the spec's dashboard shows (`/api/user/admin/stats`: counts, billed per day).
 */
import { createHash } from 'node:crypto';
import { SHOP_TIME_ZONE, shopDateOf } from '@mandi/shared/kernel';
import {
  dashboardTodayAnswerSchema,
  dashboardTopProductsAnswerSchema,
  shopStatsAnswerSchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { dashboardCache } from './dashboard.cache.js';
import * as dashboard from './dashboard.service.js';

export type DashboardDeps = AppDeps & {
  now?: () => Date;
  /** Read the seller figures into the cache when the app is ready (the server does). */
  warmUp?: boolean;
};

export async function dashboardRoutes(
  app: FastifyInstance,
  { db, cache, work, now, config, warmUp = false }: DashboardDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const clock = now ?? (() => new Date());

  /**
   * The seller figures' two kept parts: the exact figures, and the 30-day ones by shop date (may
   * lag a minute). The month is read as of its load, which may run ahead of the next look
   * (decision 0053).
   */
  const dashboardParts = (at: Date) =>
    Promise.all([
      cache.json(dashboardCache.reads.shopStats, undefined, () => dashboard.getShopCounts(db)),
      cache.json(dashboardCache.reads.salesTrend, shopDateOf(at), () => dashboard.getSalesTrend(db, clock())),
    ]);
  /**
   * Settled once a start's check of the kept figures is over (decision 0066): the reads of the
   * kept figures wait for it, so none answers from figures about to be counted again.
   */
  let figuresChecked: Promise<void> = Promise.resolve();
  // Read once as the process starts, in the background: the first look would otherwise read a
  // month of orders (about 100 ms at the scale data set) while the admin waits. On PostgreSQL the
  // cache keeps nothing until its invalidation channel listens, so the read waits for that.
  if (warmUp) {
    app.addHook('onReady', async () => {
      // Figures written around the order moments (a seed, an older backup restored) are counted
      // again before anyone reads them. Not awaited here: at the scale data set on the embedded
      // database the count can outlast the time a start's hook is given (10 s), and the server
      // would not start; order moments meanwhile wait for the count's lock on the figures.
      figuresChecked = dashboard.keepFiguresTrue(work).then(
        (counted) => {
          if (counted) app.log.info('dashboard figures counted again from the orders');
        },
        (error) => app.log.error({ err: error }, 'dashboard figures not checked against the orders'),
      );
      figuresChecked
        .then(() => cache.whenEnabled())
        .then(() => dashboardParts(clock()))
        .catch((error) => app.log.warn({ err: error }, 'dashboard figures not read ahead'));
    });
  }

  api.get(
    '/api/admin/dashboard/today',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary: `Today's slots (orders to pack and packed, the quantities to pack per unit, ₹ to collect), the orders without a slot, their totals, the unpaid bills, the open and overdue complaints, and the products low on stock in their own units (admin; shop date in ${SHOP_TIME_ZONE})`,
        response: { 200: dashboardTodayAnswerSchema, ...failureResponses },
      },
    },
    async (_request, reply) => {
      const at = now?.() ?? new Date();
      const body = await cache.json(dashboardCache.reads.today, at, async () => ({
        success: true,
        ...(await dashboard.getToday(db, at)),
        // The process's own settings: the same in every answer it gives.
        setupWarnings: config.goLiveWarnings.map((warning) => ({ ...warning, values: { ...warning.values } })),
      }));
      return sendJsonText(reply, body);
    },
  );

  api.get(
    '/api/admin/dashboard/top-products',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary:
          'The ten products with the most ₹ sold on the orders placed in the last 30 shop dates (cancelled left out), each with its quantity in its own unit, as of figuresAsOf (at most a minute behind the orders) (admin)',
        response: { 200: dashboardTopProductsAnswerSchema, ...failureResponses },
      },
    },
    async (_request, reply) => {
      await figuresChecked;
      const at = now?.() ?? new Date();
      // Read as of its load: a refill behind the answer runs later than this request (decision 0053).
      const body = await cache.json(dashboardCache.reads.topProducts, shopDateOf(at), async () => ({
        success: true,
        ...(await dashboard.getTopProducts(db, now?.() ?? new Date())),
      }));
      return sendJsonText(reply, body);
    },
  );

  api.get(
    '/api/user/admin/stats',
    {
      onRequest: requireAdmin,
      schema: {
        // Listed under orders in the API docs, where this route was first written.
        tags: ['orders'],
        summary:
          'Dashboard counts and delivered amount, orders by status, low stock (exact); billed per day for 30 days and top products by kg, as of figuresAsOf (at most a minute behind the orders) (admin)',
        response: { 200: shopStatsAnswerSchema, ...failureResponses },
      },
    },
    async (_request, reply) => {
      await figuresChecked;
      const at = clock();
      const shopDate = shopDateOf(at);
      const [counts, trend] = await dashboardParts(at);
      // Keyed by what it is made of: a part read before a write can never be kept as the joined
      // answer of the parts after it.
      const digest = createHash('sha1').update(counts).update('\n').update(trend).digest('base64url');
      const body = await cache.json(dashboardCache.reads.shopStatsAnswer, { shopDate, digest }, async () => ({
        success: true,
        ...JSON.parse(counts),
        ...JSON.parse(trend),
      }));
      return sendJsonText(reply, body);
    },
  );
}

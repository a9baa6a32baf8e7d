/** The admin dashboard's "today" figures and its top products (docs/decisions/0026-today-on-the-dashboard.md). */
import { shopDateOf } from '@mandi/shared/kernel';
import { dashboardTodayAnswerSchema, dashboardTopProductsAnswerSchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { dashboardCache } from './dashboard.cache.js';
import * as dashboard from './dashboard.service.js';

export type DashboardDeps = AppDeps & { now?: () => Date };

export async function dashboardRoutes(app: FastifyInstance, { db, cache, now, config }: DashboardDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/dashboard/today',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary:
          "Today's slots (orders to pack and packed, the quantities to pack per unit, ₹ to collect), the orders without a slot, their totals, the unpaid bills, the open and overdue complaints, and the products low on stock in their own units (admin; shop date in Asia/Kolkata)",
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
      const at = now?.() ?? new Date();
      // Read as of its load: a refill behind the answer runs later than this request (decision 0053).
      const body = await cache.json(dashboardCache.reads.topProducts, shopDateOf(at), async () => ({
        success: true,
        ...(await dashboard.getTopProducts(db, now?.() ?? new Date())),
      }));
      return sendJsonText(reply, body);
    },
  );
}

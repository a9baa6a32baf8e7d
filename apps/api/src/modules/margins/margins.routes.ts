/** The margin report (admin, decision 0037): JSON for the Reports screen, CSV for a spreadsheet. */
import { marginAnswerSchema, marginQuerySchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendCsv } from '../../lib/csv-stream.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { marginsCache } from './margins.cache.js';
import { marginCsv } from './margins.presenter.js';
import { getMarginReport, marginRange } from './margins.service.js';

export type MarginsDeps = AppDeps & { now?: () => Date };

export async function marginsRoutes(app: FastifyInstance, { db, shop, cache, now }: MarginsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/reports/margin',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['reports'],
        summary:
          'Sales (taxable value), cost when packed, wastage and margin per product over the bills dated from..to (shop dates, both included; default this week from Monday; cancelled bills left out), with totals and the margin per day; &format=csv for a spreadsheet',
        querystring: marginQuerySchema,
        response: { 200: marginAnswerSchema.or(z.string()), ...failureResponses },
      },
    },
    async (request, reply) => {
      const range = marginRange(now?.() ?? new Date(), request.query);
      if (request.query.format === 'csv') {
        const report = await getMarginReport(db, await shop.current(), range);
        return sendCsv(reply, `margin-${report.from}-to-${report.to}.csv`, marginCsv(report));
      }
      // Cached: a year of bills is summed once per change, not per visit (decision 0039).
      const body = await cache.json(marginsCache.reads.report, range, async () =>
        getMarginReport(db, await shop.current(), range),
      );
      return sendJsonText(reply, body);
    },
  );
}

/** The margin report (admin, decision 0037): JSON for the Reports screen, CSV for a spreadsheet. */
import { marginAnswerSchema, marginQuerySchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendCsv } from '../../lib/csv-stream.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { marginCsv } from './margins.presenter.js';
import { getMarginReport } from './margins.service.js';

export type MarginsDeps = AppDeps & { now?: () => Date };

export async function marginsRoutes(app: FastifyInstance, { db, shop, now }: MarginsDeps): Promise<void> {
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
      const report = await getMarginReport(db, await shop.current(), now?.() ?? new Date(), request.query);
      if (request.query.format === 'csv') {
        return sendCsv(reply, `margin-${report.from}-to-${report.to}.csv`, marginCsv(report));
      }
      return report;
    },
  );
}

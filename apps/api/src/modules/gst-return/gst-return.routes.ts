/** The GST return (admin, decision 0037): GSTR-1 of a month as JSON, as the offline tool's file, or one table as CSV. */
import { gstr1AnswerSchema, gstr1QuerySchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendCsv } from '../../lib/csv-stream.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { gstReturnCache } from './gst-return.cache.js';
import { gstr1Csv } from './gst-return.presenter.js';
import { defaultPeriod, getGstr1 } from './gst-return.service.js';

export type GstReturnDeps = AppDeps & { now?: () => Date };

export async function gstReturnRoutes(app: FastifyInstance, { db, shop, cache, now }: GstReturnDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/gst/gstr1',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['reports'],
        summary:
          "GSTR-1 of a month (period=MMYYYY, default last month in shop time) in the GST portal offline tool's JSON (gstin, fp, b2cs, nil, hsn.hsn_b2c, doc_issue), with the month's bills register totals beside it and warnings; 409 when the shop has no GSTIN. &format=portal downloads the offline tool's file alone; &format=csv&table=b2cs|hsn|exemp|docs one table in the tool's CSV template",
        querystring: gstr1QuerySchema,
        response: { 200: gstr1AnswerSchema.or(z.string()), ...failureResponses },
      },
    },
    async (request, reply) => {
      const period = request.query.period ?? defaultPeriod(now?.() ?? new Date());
      if (!request.query.format) {
        // Cached: a month of bills is summed once per change, not per visit (decision 0039).
        const body = await cache.json(
          gstReturnCache.reads.gstr1,
          period,
          async () => (await getGstr1(db, await shop.current(), period)).answer,
        );
        return sendJsonText(reply, body);
      }
      const { answer, file } = await getGstr1(db, await shop.current(), period);
      const name = `GSTR1_${file.gstin}_${file.fp}`;
      if (request.query.format === 'csv' && request.query.table) {
        return sendCsv(reply, `${name}_${request.query.table}.csv`, gstr1Csv(file, request.query.table));
      }
      if (request.query.format === 'portal') {
        return reply
          .type('application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}.json"`)
          .send(JSON.stringify(file));
      }
      return answer;
    },
  );
}

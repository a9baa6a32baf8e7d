/** Counter HTTP routes (contract part 4, "Counter devices" and "Counter sales"), all the admin's. */
import {
  barcodeAnswerSchema,
  barcodeRulesAnswerSchema,
  barcodeRulesBodySchema,
  counterCancelBodySchema,
  counterCatalogueAnswerSchema,
  counterDeviceAnswerSchema,
  counterDeviceCreateSchema,
  counterDevicesAnswerSchema,
  counterDeviceUpdateSchema,
  counterReceiptQuerySchema,
  counterSaleAnswerSchema,
  counterSaleBodySchema,
  counterSaleSchema,
  counterSalesAnswerSchema,
  counterSalesQuerySchema,
  productLabelsQuerySchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { pdfAnswerSchemas, sendPdf } from '../../lib/pdf/pdf-answer.js';
import { currentUser, requireAdmin } from '../../lib/session.js';
import { failureResponses, idParamsSchema } from '../../lib/validation.js';
import type { OrderLifecycle } from '../orders/orders.service.js';
import * as barcodes from './counter.barcodes.js';
import { receiptEscPos, receiptHtml } from './counter.receipt.js';
import * as counter from './counter.service.js';

export type CounterRouteDeps = AppDeps & { now: () => Date; orderLifecycle: OrderLifecycle };

const tags = ['counter'];
const saleParamsSchema = z.object({ orderId: z.string().meta({ description: "The sale's order id" }) });

export async function counterRoutes(app: FastifyInstance, deps: CounterRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service: counter.CounterDeps = { db: deps.db, lifecycle: deps.orderLifecycle, now: deps.now };

  api.post(
    '/api/admin/counter/devices',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Register a counter device (name 1-40 characters): the server gives it its own bill series C1, C2, ...',
        body: counterDeviceCreateSchema,
        response: { 201: counterDeviceAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, device: await counter.createDevice(service, request.body.name) }),
  );

  api.get(
    '/api/admin/counter/devices',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The counter devices with their series and the next bill sequence each must send this financial year',
        response: { 200: counterDevicesAnswerSchema, ...failureResponses },
      },
    },
    async () => ({ success: true as const, devices: await counter.listDevices(service) }),
  );

  api.put(
    '/api/admin/counter/devices/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Change a device's name, scale settings and printer (the whole device each time)",
        params: idParamsSchema,
        body: counterDeviceUpdateSchema,
        response: { 200: counterDeviceAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      device: await counter.updateDevice(service, request.params.id, request.body),
    }),
  );

  api.get(
    '/api/admin/counter/catalogue',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "What a counter keeps to sell offline: every product in rate-board order (Hindi name, other names, unit, today's rate, picture) and the regulars with an open khata (balance, limit, available)",
        response: { 200: counterCatalogueAnswerSchema, ...failureResponses },
      },
    },
    async () => ({
      success: true as const,
      ...(await counter.catalogue({ ...service, khataDeps: { ...deps, now: deps.now } })),
    }),
  );

  api.post(
    '/api/admin/counter/sales',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Make a counter sale: a delivered, billed, paid order of channel counter, numbered with the device's own sequence (409 naming the expected one), priced at the rates in force at soldAt, paid by its tenders (Cash with change, UPI, Khata; adding up to the total). The same (deviceId, clientSaleId) again answers the first sale with duplicate: true, on any process",
        body: counterSaleBodySchema,
        response: { 200: counterSaleAnswerSchema, 201: counterSaleAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const made = await counter.makeSale(service, currentUser(request), request.body);
      return reply.status(made.duplicate ? 200 : 201).send({ success: true as const, ...made });
    },
  );

  api.get(
    '/api/admin/counter/sales',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "The sales of a shop day (today when no date), of one device or all, in the order they were made, with the day's totals (cash kept, UPI, khata; cancelled sales counted apart)",
        querystring: counterSalesQuerySchema,
        response: { 200: counterSalesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await counter.listSales(service, request.query)) }),
  );

  api.post(
    '/api/admin/counter/sales/:orderId/cancel',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Take a sale back: the bill keeps its number and is listed as cancelled, the stock returns, cash and UPI are refunded as refund says (needed when money was taken), a khata part is reversed on the khata',
        params: saleParamsSchema,
        body: counterCancelBodySchema,
        response: { 200: z.object({ success: z.literal(true), sale: counterSaleSchema }), ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      sale: await counter.cancelSale(service, currentUser(request), request.params.orderId, request.body),
    }),
  );

  api.get(
    '/api/admin/counter/sales/:orderId/receipt',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'The receipt of a sale for 58 or 80 mm paper: HTML for the browser to print, or ESC/POS bytes (Hindi and ₹ lines as raster images, a UPI QR for anything still due, then a cut)',
        params: saleParamsSchema,
        querystring: counterReceiptQuerySchema,
        response: {
          // Text or bytes, never serialized: the schema only documents them.
          200: z.any().meta({
            type: 'string',
            description: 'text/html (format=html) or application/octet-stream (format=escpos)',
          }),
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const { width, format, lang } = request.query;
      const receipt = await counter.saleReceipt(service, request.params.orderId, await deps.shop.current());
      const options = { width, language: lang };
      if (format === 'escpos') {
        return reply
          .type('application/octet-stream')
          .header(
            'content-disposition',
            `attachment; filename="receipt-${receipt.invoiceNumber.replaceAll('/', '-')}.bin"`,
          )
          .send(Buffer.from(await receiptEscPos(receipt, options)));
      }
      return reply.type('text/html; charset=utf-8').send(receiptHtml(receipt, options));
    },
  );

  api.get(
    '/api/admin/barcodes/rules',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'How scale labels are read: EAN-13 prefixes 20-29, each a weight (grams) or a price (paise) code',
        response: { 200: barcodeRulesAnswerSchema, ...failureResponses },
      },
    },
    async () => ({ success: true as const, rules: await barcodes.barcodeRules(deps.db) }),
  );

  api.put(
    '/api/admin/barcodes/rules',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Replace the rules (at most 10, each prefix once)',
        body: barcodeRulesBodySchema,
        response: { 200: barcodeRulesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      rules: await barcodes.setBarcodeRules(deps.work, request.body.rules),
    }),
  );

  api.get(
    '/api/admin/barcodes/:code',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Read a scale label: the product its PLU names, the quantity (the weight, or amount / rate for a price code) and the amount; 400 for a wrong check digit, 404 for an unknown prefix or PLU',
        params: z.object({ code: z.string() }),
        response: { 200: barcodeAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await barcodes.readBarcode(deps.db, request.params.code)) }),
  );

  api.get(
    '/api/admin/orders/:id/labels',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "A packed order's labels: one 50 × 25 mm label per packed kg/litre line with its weight code (PLU and packed weight)",
        params: idParamsSchema,
        response: pdfAnswerSchemas,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await barcodes.orderLabels(deps.db, request.params.id);
      return sendPdf(reply, { pdf, fileName, language: 'en' });
    },
  );

  api.get(
    '/api/admin/products/:id/labels',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Labels for bags packed ahead: copies (1-100) of one weight of a kg/litre product with a PLU, at today's rate",
        params: idParamsSchema,
        querystring: productLabelsQuerySchema,
        response: pdfAnswerSchemas,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await barcodes.productLabels(deps.db, request.params.id, request.query);
      return sendPdf(reply, { pdf, fileName, language: 'en' });
    },
  );
}

/** buildApp: the whole HTTP application (plugins, guards, error model, modules, web app) on a given database. */
import os from 'node:os';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ShopLanguage } from '@mandi/shared';
import { okSchema } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { CACHE_REGISTRY } from './cache-registry.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { type AfterAnswerQueue, createAfterAnswerQueue } from './lib/after-answer.js';
import { startPostgresCacheBus } from './lib/cache-bus.js';
import { createDrawnDocumentStore } from './lib/drawn-documents.js';
import { failureBody, registerErrorHandler } from './lib/error-handler.js';
import { MAX_UPLOAD_BYTES } from './lib/images.js';
import { JSON_BODY_LIMIT, registerJsonBodyParser } from './lib/json-body.js';
import { registerJsonCompression } from './lib/json-compression.js';
import { serializeRequest } from './lib/log-redaction.js';
import { createMailer, type Mailer, withShopSender } from './lib/mail.js';
import {
  createPdfPool,
  type DrawnDocumentStore,
  defaultPdfWorkers,
  PDF_RENDERS_PER_SHOPPER,
  type PdfRenderer,
} from './lib/pdf-pool.js';
import { createRateLimiter, type RateLimiter } from './lib/rate-limit.js';
import { registerRequestGuards } from './lib/request-guards.js';
import { ResponseCache } from './lib/response-cache.js';
import { registerNoStoreForApi, registerSecurityHeaders } from './lib/security-headers.js';
import { createSessionReader, registerSessions } from './lib/session.js';
import { createUnitOfWork } from './lib/unit-of-work.js';
import { failureResponses, serializerCompiler, validatorCompiler } from './lib/validation.js';
import { registerWebApp } from './lib/web-app.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { addressesRoutes } from './modules/accounts/addresses.routes.js';
import { markAddressesUsed } from './modules/accounts/addresses.service.js';
import { createBillingParticipant } from './modules/billing/billing.participant.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { buyAgainRoutes } from './modules/buy-again/buy-again.routes.js';
import { productPageHeads } from './modules/catalog/catalog.page-head.js';
import { prepareCatalogReads } from './modules/catalog/catalog.repository.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { complaintsRoutes } from './modules/complaints/complaints.routes.js';
import { createCouponsParticipant } from './modules/coupons/coupons.participant.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDeliveryParticipant } from './modules/delivery/delivery.participant.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { deliveryRunRoutes } from './modules/delivery-run/delivery-run.routes.js';
import { gstReturnRoutes } from './modules/gst-return/gst-return.routes.js';
import { createKhataParticipant, createKhataRefund } from './modules/khata/khata.participant.js';
import { khataRoutes } from './modules/khata/khata.routes.js';
import { marginsRoutes } from './modules/margins/margins.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { createNotificationDispatcher } from './modules/notifications/notifications.dispatcher.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import {
  cancelledOrderMessages,
  ordersWithMailOff,
  queueOrderMessages,
} from './modules/notifications/notifications.service.js';
import { createWhatsAppClient } from './modules/notifications/notifications.whatsapp.js';
import { createOrderEventOutbox } from './modules/order-events/order-events.dispatcher.js';
import {
  type DeliveryRun,
  type OrderEventHandler,
  OrderEventRegistry,
  type OrderEventType,
} from './modules/order-events/order-events.js';
import type { OrderParticipant } from './modules/orders/orders.lifecycle.js';
import { orderPlacedMail } from './modules/orders/orders.mail.js';
import { createOrderPlacer } from './modules/orders/orders.placement.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { CANCELLED_BY, getOrdersByIds } from './modules/orders/orders.service.js';
import { roundOffParticipant } from './modules/orders/participants/round-off.participant.js';
import { stockParticipant } from './modules/orders/participants/stock.participant.js';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.js';
import { settleAndErase } from './modules/personal-data/personal-data.service.js';
import { costParticipant } from './modules/purchases/cost.participant.js';
import { purchasesRoutes } from './modules/purchases/purchases.routes.js';
import { ratesRoutes } from './modules/rates/rates.routes.js';
import { createRateScheduler } from './modules/rates/rates.scheduler.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { shopCache } from './modules/shop/shop.cache.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { createShopProfileSource } from './modules/shop/shop.service.js';
import { sendOrderCancelledMail } from './modules/weighing/weighing.cancelled-mail.js';
import { sendFinalBill } from './modules/weighing/weighing.mail.js';
import { weighingRoutes } from './modules/weighing/weighing.routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  logger?: boolean;
  /** Order participants after stock, delivery and billing (before the round-off), in the order they run. */
  orderParticipants?: OrderParticipant[];
  /** Order event subscribers after the built-in mails (tests count deliveries with one). */
  orderEventSubscribers?: { name: string; types: OrderEventType[]; handler: OrderEventHandler }[];
  /** The clock for shop dates, slot cut-offs and the pick list's default date (tests set it); the real time by default. */
  now?: () => Date;
  afterAnswer?: AfterAnswerQueue;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (the docs test compares them with /api/docs). */
  onRoute?: (route: RouteOptions) => void;
  /** The response cache (tests hold it to see what it keeps); by default one sized and aged as configured. */
  cache?: ResponseCache;
  /** The PDF pool (tests hold it to count renders and stop a worker); by default one as configured, closed with the app. */
  pdf?: PdfRenderer;
  /**
   * When the app is ready, before the first request: start the PDF workers (each draws a few sample
   * bills) and read the dashboard's figures into the cache, rather than at the first bill or the
   * admin's first look (the server does; tests need not).
   */
  warmUp?: boolean;
}

/**
 * The PDF worker's entry beside this file: the TypeScript source when the sources run (tests,
 * `npm run dev`), the built `dist/pdf-worker.js` when the bundle runs (build.mjs keeps it flat).
 */
const PDF_WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js',
  import.meta.url,
);

/** The PDF pool as configured (decision 0038), sharing what it draws through `store` (decision 0052). */
export function createConfiguredPdfPool(
  config: Config,
  log?: FastifyBaseLogger,
  store?: DrawnDocumentStore,
): PdfRenderer {
  return createPdfPool({
    ...(log ? { log } : {}),
    ...(store ? { store } : {}),
    workers: config.pdf.workers ?? defaultPdfWorkers(os.availableParallelism()),
    maxQueued: config.pdf.maxQueued,
    maxPerOwner: PDF_RENDERS_PER_SHOPPER,
    keepBytes: config.pdf.keepMb * 1024 * 1024,
    workerUrl: PDF_WORKER_URL,
    // Loaded with the first PDF on the main thread, as before the pool: pdfkit and its fonts are large.
    renderInline: async (job) => (await import('./pdf-jobs.js')).renderPdfJob(job),
  });
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: { req: serializeRequest },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    // Upload routes raise it for themselves; deep nesting is refused by the JSON parser (json-body.ts).
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    // While stopping, a request already on an open connection is still served (then that
    // connection is closed) instead of getting Fastify's bare 503: the database is closed only
    // after every connection is gone.
    return503OnClosing: false,
    // A malformed address (bad percent-encoding) gets the same error shape as every other failure.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.status(400).send(failureBody(serverMessage('addressInvalid')));
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  // Tests also check every answer against its schema (validation.ts says why production does not).
  app.setSerializerCompiler(serializerCompiler(config.env === 'test'));

  const cache =
    options.cache ??
    new ResponseCache({
      maxChars: config.responseCacheMb * 1024 * 1024,
      maxAgeMs: config.responseCacheMaxAgeSeconds * 1000,
      declared: CACHE_REGISTRY,
    });
  // Other processes may share a PostgreSQL database: they hear about our writes, we hear about theirs.
  const bus =
    config.databaseUrl && config.responseCacheMb > 0
      ? startPostgresCacheBus({ cache, databaseUrl: config.databaseUrl, log: app.log })
      : null;
  if (bus) app.addHook('onClose', () => bus.close());
  const shopSource = createShopProfileSource(db, cache, config);
  const deps: AppDeps = {
    db,
    config,
    mailer: withShopSender(
      options.mailer ?? createMailer(config, app.log),
      () => shopSource.current(),
      config.mailFrom,
    ),
    rateLimiter: options.rateLimiter ?? createRateLimiter(db),
    cache,
    work: createUnitOfWork(db, cache, bus),
    afterAnswer: options.afterAnswer ?? createAfterAnswerQueue(),
    shop: shopSource,
    pdf: options.pdf ?? createConfiguredPdfPool(config, app.log, createDrawnDocumentStore(db)),
  };

  // Prepared statements and batchers belong to this database handle, so they are made here, once.
  const now = options.now ?? (() => new Date());
  const participants = [
    stockParticipant,
    // Right after stock: a packed line keeps its product's cost rate (decision 0035).
    costParticipant,
    createDeliveryParticipant({ now }),
    // After delivery (the zone's minimum and free-above are judged before the discount) and before
    // khata (whose credit check sees the discounted estimate): decision 0044.
    createCouponsParticipant({ now }),
    // A pack refused by stock never takes a number (nor would it keep one).
    createBillingParticipant({
      invoicePrefix: config.shop.invoicePrefix,
      now,
      khataRefund: createKhataRefund({ now }),
    }),
    // After billing: the bill is numbered and the total final when the khata debits it (decision 0034).
    createKhataParticipant({ now }),
    ...(options.orderParticipants ?? []),
    // Truly last: it rounds the lines and every adjustment the participants before it set.
    roundOffParticipant,
  ];
  // WhatsApp messages through the Cloud API when it is set up (decision 0045), one sender per process.
  const notifications = createNotificationDispatcher({
    db,
    sender: config.whatsapp.send ? createWhatsAppClient(config.whatsapp.send) : null,
    afterAnswer: deps.afterAnswer,
    log: app.log,
    retrySeconds: config.whatsapp.retrySeconds,
    maxAttempts: config.whatsapp.maxAttempts,
  });
  /** Whether the order's shopper turned order mails off (decision 0045); read once for a claim's orders. */
  const isMailOff = async (orderId: string, run: DeliveryRun) => {
    const off = await run.claim.once('mail-off', (orderIds) => ordersWithMailOff(db, orderIds));
    return off.has(orderId);
  };
  /** The claim's orders, read once for every subscriber that needs them (a checkout batch's mails and addresses). */
  const claimOrders = (run: DeliveryRun) => run.claim.once('orders', (orderIds) => getOrdersByIds(db, orderIds));
  // Who hears of what happens to an order, in one place (decision 0017). Each handler runs after the
  // moment's commit, at least once; a mail is sent again only if the process died right after it.
  const orderEventRegistry = new OrderEventRegistry()
    .subscribe('order-placed-mail', ['placed'], async ({ orderId, payload }, run) => {
      const order = (await claimOrders(run)).get(orderId);
      const to = payload as { email?: string; language?: ShopLanguage };
      if (!order || !to.email || (await isMailOff(orderId, run))) return;
      const shop = await deps.shop.current();
      await deps.mailer.send(orderPlacedMail(to.email, order, config.publicUrl, to.language ?? 'en', shop));
    })
    .subscribe('final-bill-mail', ['packed'], async (event, run) => {
      if (!(await isMailOff(event.orderId, run))) await sendFinalBill(deps, event.orderId);
    })
    // The address an order went to becomes the shopper's "last used" saved address (decision 0025):
    // once per claim for all its orders; repeats change nothing, as times only move forward.
    .subscribe('saved-address-used', ['placed'], async (_event, run) => {
      await run.once('addresses-used', async () => {
        const orders = await claimOrders(run);
        const uses = run.events.flatMap(({ orderId }) => {
          const order = orders.get(orderId);
          return order?.userId
            ? [{ userId: order.userId, shippingInfo: order.shippingInfo, at: new Date(order.orderDate) }]
            : [];
        });
        await markAddressesUsed(db, uses);
      });
    })
    // Only when the shop cancels (the event's payload says who did): the shopper is told by mail.
    .subscribe('order-cancelled-mail', ['cancelled'], async (event, run) => {
      if (!(await isMailOff(event.orderId, run))) await sendOrderCancelledMail(deps, event);
    });
  // WhatsApp messages for shoppers who chose them (decision 0045): only with the Cloud API set up,
  // so without it an event writes no row for them. As with the mail, a shopper's own cancel is not told.
  if (notifications.isSending) {
    orderEventRegistry.subscribe(
      'whatsapp-notifications',
      ['placed', 'packed', 'shipped', 'cancelled'],
      async (event) => {
        const notifying = { ...deps, dispatcher: notifications };
        if (event.type === 'cancelled') {
          const tellsShopper = await cancelledOrderMessages(notifying, event.orderId);
          if (!tellsShopper || event.payload.by !== CANCELLED_BY.shop) return;
        }
        await queueOrderMessages(notifying, [event]);
      },
    );
  }
  for (const { name, types, handler } of options.orderEventSubscribers ?? []) {
    orderEventRegistry.subscribe(name, types, handler);
  }
  // One dispatcher per process: it delivers after the answers and, at start, what is pending.
  const orderEvents = createOrderEventOutbox({
    db,
    registry: orderEventRegistry,
    afterAnswer: deps.afterAnswer,
    log: app.log,
    killBeforeDelivery: config.testKillBeforeOrderEvents,
  });
  const orderLifecycle = {
    work: deps.work,
    participants,
    events: orderEvents,
    placer: createOrderPlacer({ work: deps.work, events: orderEvents, participants, batchSize: config.orderBatchSize }),
  };
  app.addHook('onReady', async () => orderEvents.start());
  app.addHook('onReady', async () => notifications.start());
  // The bill workers parse their fonts in the background (at a lower priority) before any bill is asked for.
  if (options.warmUp) app.addHook('onReady', async () => deps.pdf.warm());
  // Scheduled rate changes apply on every process by themselves (decision 0036).
  const rateScheduler = createRateScheduler({ work: deps.work, cache, now, log: app.log });
  app.addHook('onReady', async () => rateScheduler.start());
  app.addHook('onClose', () => rateScheduler.close());
  // Batched search counts still held are written while the database is open.
  app.addHook('onClose', () => deps.rateLimiter.writeBatched().catch(() => {}));
  // Mail still queued goes out before the database closes; then the dispatcher stops.
  app.addHook('onClose', async () => {
    await deps.afterAnswer.idle();
    await orderEvents.close();
    await deps.afterAnswer.idle();
    await notifications.close();
    // Last: the bill's mail renders through the pool. A pool the caller gave, the caller closes.
    if (!options.pdf) await deps.pdf.close();
  });

  registerSecurityHeaders(app, { hsts: config.isSecureCookie });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: Math.ceil(MAX_UPLOAD_BYTES * 1.4) },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Mandi API', version: '1.0.0', description: 'The HTTP API of the Mandi shop.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerRequestGuards(app, config);
  registerNoStoreForApi(app);
  registerJsonCompression(app, cache);
  registerSessions(app, createSessionReader(db));

  const catalogReads = prepareCatalogReads(db);
  await app.register(catalogRoutes, { ...deps, catalogReads });
  await app.register(mediaRoutes, deps);
  await app.register(accountsRoutes, { ...deps, eraseAccount: settleAndErase });
  await app.register(addressesRoutes, deps);
  await app.register(ordersRoutes, { ...deps, orderLifecycle, now, warmUp: options.warmUp });
  await app.register(reviewsRoutes, deps);
  await app.register(weighingRoutes, { ...deps, orderLifecycle, now });
  await app.register(deliveryRoutes, { ...deps, now });
  await app.register(deliveryRunRoutes, { ...deps, now });
  await app.register(billingRoutes, { ...deps, now, orderEvents });
  await app.register(dashboardRoutes, { ...deps, now });
  await app.register(marginsRoutes, { ...deps, now });
  await app.register(gstReturnRoutes, { ...deps, now });
  await app.register(shopRoutes, deps);
  await app.register(personalDataRoutes, { ...deps, now });
  await app.register(purchasesRoutes, { ...deps, now });
  await app.register(complaintsRoutes, { ...deps, now });
  await app.register(buyAgainRoutes, deps);
  await app.register(khataRoutes, { ...deps, now });
  await app.register(notificationsRoutes, { ...deps, notifications });
  await app.register(couponsRoutes, { ...deps, now });
  await app.register(ratesRoutes, { ...deps, now, rateScheduler });

  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'The API is up', response: { 200: okSchema, ...failureResponses } } },
    async () => ({ success: true as const }),
  );

  // A product's page carries its title, description, Open Graph tags and JSON-LD (decision 0024).
  // Every page carries the shop's profile (decision 0028).
  registerWebApp(app, config.webDistDir, {
    cache,
    pageHeads: [productPageHeads(catalogReads, config.publicUrl, async () => (await deps.shop.current()).name)],
    shop: { json: deps.shop.shopJson, page: shopCache.reads.page },
  });
  return app;
}

/** buildApp: the whole HTTP application (plugins, guards, error model, modules, web app) on a given database. */
import os from 'node:os';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { okSchema } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { CACHE_REGISTRY } from './cache-registry.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { type AfterAnswerQueue, createAfterAnswerQueue } from './lib/after-answer.js';
import { type PostgresCacheBus, startPostgresCacheBus } from './lib/cache-bus.js';
import { collectGarbage } from './lib/collect-garbage.js';
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
import { trimWhenQuiet } from './lib/quiet-trim.js';
import { registerRequestGuards } from './lib/request-guards.js';
import { ResponseCache } from './lib/response-cache.js';
import { registerNoStoreForApi, registerSecurityHeaders } from './lib/security-headers.js';
import { registerSessions } from './lib/session.js';
import { failureResponses, serializerCompiler, validatorCompiler } from './lib/validation.js';
import { registerWebApp } from './lib/web-app.js';
import {
  type ModuleContext,
  type ModuleServices,
  type ScheduledJob,
  SUPPLIED_PARTICIPANTS_RANK,
} from './module-manifest.js';
import { createOrderEventOutbox, type OrderEventOutbox } from './modules/order-events/order-events.dispatcher.js';
import { OrderEventRegistry, type OrderEventSubscriber } from './modules/order-events/order-events.js';
import type { OrderParticipant } from './modules/orders/orders.lifecycle.js';
import { createOrderLifecycle } from './modules/orders/orders.service.js';
import { roundOffParticipant } from './modules/orders/participants/round-off.participant.js';
import { shopCache } from './modules/shop/shop.cache.js';
import { createShopProfileSource } from './modules/shop/shop.service.js';
import { MODULES } from './modules.js';
import { createDrawnDocumentStore } from './platform/drawn-documents.js';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit.js';
import { createSessionReader } from './platform/sessions.js';
import { createUnitOfWork } from './platform/unit-of-work.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  logger?: boolean;
  /** Order participants after every module's but the round-off (`SUPPLIED_PARTICIPANTS_RANK`), in the order they run. */
  orderParticipants?: OrderParticipant[];
  /** Order event subscribers after the modules' own (tests count deliveries with one). */
  orderEventSubscribers?: OrderEventSubscriber[];
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
  /** More to collect when the server falls quiet, beside this thread's heap: the database thread's (quiet-trim.ts). */
  collectDatabaseGarbage?: () => Promise<void>;
  /**
   * When the app is ready, before the first request: read the dashboard's figures into the cache,
   * rather than at the admin's first look (the server does; tests need not). The PDF workers are
   * not warmed: they start with the first PDF and stop when idle (decision 0038).
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
    ...(config.pdf.idleSeconds > 0 ? { idleStopMs: config.pdf.idleSeconds * 1000 } : {}),
    workerUrl: PDF_WORKER_URL,
    // Loaded with the first PDF on the main thread, as before the pool: pdfkit and its fonts are large.
    renderInline: async (job) => (await import('./pdf-jobs.js')).renderPdfJob(job),
  });
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = createFastify(options);
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

  const deps = createAppDeps(options, app.log, cache, bus);
  const context: ModuleContext = {
    deps,
    now: options.now ?? (() => new Date()),
    warmUp: options.warmUp === true,
    log: app.log,
    services: makeServices(),
  };
  // Made once for this database handle, in the modules' order: prepared statements, dispatchers, schedulers.
  for (const module of MODULES) addServices(context.services, module.name, module.services?.(context) ?? {});
  const orderEvents = assembleOrderSeam(context, options);
  const jobs = MODULES.flatMap((module) => module.jobs?.(context) ?? []);
  registerJobs(app, deps, orderEvents, jobs, options);
  if (config.quietTrimSeconds > 0) {
    trimWhenQuiet(app, {
      quietMs: config.quietTrimSeconds * 1000,
      log: app.log,
      trim: async () => {
        deps.pdf.retireIdle();
        cache.giveBackWhenQuiet();
        collectGarbage();
        await options.collectDatabaseGarbage?.();
      },
    });
  }

  await registerPlatform(app, config, cache, db);
  for (const module of MODULES) {
    for (const routes of module.routes ?? []) await app.register(routes.plugin, routes.options(context));
  }
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'The API is up', response: { 200: okSchema, ...failureResponses } } },
    async () => ({ success: true as const }),
  );
  // Pages may carry a head of their module's (a product's page, decision 0024) and every page the
  // shop's profile (decision 0028).
  registerWebApp(app, config.webDistDir, {
    cache,
    pageHeads: MODULES.flatMap((module) => (module.pageHeads ? [module.pageHeads(context)] : [])),
    shop: { json: deps.shop.shopJson, page: shopCache.reads.page },
  });
  return app;
}

/** Fastify with the app's logging, limits and error shape, and the zod schemas for every route. */
function createFastify(options: BuildAppOptions) {
  const { config } = options;
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
  return app;
}

/** What every module receives: the database, the mailer in the shop's name, limits, the cache and its writes, the PDF pool. */
function createAppDeps(
  options: BuildAppOptions,
  log: FastifyBaseLogger,
  cache: ResponseCache,
  bus: PostgresCacheBus | null,
): AppDeps {
  const { config, db } = options;
  const shop = createShopProfileSource(db, cache, config);
  return {
    db,
    config,
    mailer: withShopSender(options.mailer ?? createMailer(config, log), () => shop.current(), config.mailFrom),
    rateLimiter: options.rateLimiter ?? createRateLimiter(db),
    cache,
    work: createUnitOfWork(db, cache, bus),
    afterAnswer: options.afterAnswer ?? createAfterAnswerQueue(),
    shop,
    pdf: options.pdf ?? createConfiguredPdfPool(config, log, createDrawnDocumentStore(db)),
  };
}

/** The services are filled in by the modules' manifests (and the order seam's two by buildApp). */
const makeServices = () => ({}) as ModuleServices;

function addServices(services: ModuleServices, module: string, made: Partial<ModuleServices>): void {
  for (const name of Object.keys(made)) {
    if (name in services) throw new Error(`module ${module} makes the service ${name}, which another module made`);
  }
  Object.assign(services, made);
}

/**
 * The order seam (decision 0017): every module's participants in their ranks' order, the outbox
 * of order events with every module's subscribers, and the lifecycle the order moments run
 * through. The participants and subscribers buildApp is given come after the modules' own.
 */
function assembleOrderSeam(context: ModuleContext, options: BuildAppOptions): OrderEventOutbox {
  const { deps, log, services } = context;
  const participants = rankedParticipants(
    MODULES.flatMap((module) => module.participants?.(context) ?? []),
    options.orderParticipants ?? [],
  );
  const registry = new OrderEventRegistry();
  // One dispatcher per process: it delivers after the answers and, at start, what is pending.
  const orderEvents = createOrderEventOutbox({
    db: deps.db,
    registry,
    afterAnswer: deps.afterAnswer,
    log,
    killBeforeDelivery: deps.config.testKillBeforeOrderEvents,
  });
  const orderLifecycle = createOrderLifecycle({
    work: deps.work,
    events: orderEvents,
    participants,
    batchSize: deps.config.orderBatchSize,
  });
  addServices(services, 'orders', { orderEvents, orderLifecycle });
  // Who hears of what happens to an order. Each handler runs after the moment's commit, at least
  // once; a mail is sent again only if the process died right after it.
  const subscribers = [
    ...MODULES.flatMap((module) => module.subscribers?.(context) ?? []),
    ...(options.orderEventSubscribers ?? []),
  ];
  for (const { name, types, handler, channels } of subscribers) registry.subscribe(name, types, handler, channels);
  return orderEvents;
}

/**
 * The participants by rank (decision 0017): a stable sort, so the supplied ones keep their order.
 * Two modules' participants may not share a rank or a name (their order would be an accident),
 * and the round-off runs last, after every adjustment it rounds. The ranks themselves are listed
 * in docs/architecture.md, checked by architecture-doc.test.ts: a new participant is one manifest
 * entry, not an edit here.
 */
function rankedParticipants(
  ranked: readonly { rank: number; participant: OrderParticipant }[],
  supplied: readonly OrderParticipant[],
): OrderParticipant[] {
  const ranks = new Map<number, string>();
  for (const { rank, participant } of ranked) {
    const other = ranks.get(rank);
    if (other) throw new Error(`order participants ${other} and ${participant.name} share the rank ${rank}`);
    ranks.set(rank, participant.name);
  }
  const participants = [
    ...ranked,
    ...supplied.map((participant) => ({ rank: SUPPLIED_PARTICIPANTS_RANK, participant })),
  ]
    .sort((a, b) => a.rank - b.rank)
    .map(({ participant }) => participant);
  const names = participants.map((participant) => participant.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new Error(`two order participants are named ${repeated}`);
  if (names.at(-1) !== roundOffParticipant.name) {
    throw new Error(`order participants ranked ${names.join(', ')}: the round-off must run last`);
  }
  return participants;
}

/**
 * Started when the app is ready: the order events' outbox (with what a killed process left
 * pending), the modules' outboxes, the modules' timers. When the app closes the timers stop first; the search counts still held are written; then what is queued
 * goes out before the database closes: the order events, whose subscribers may queue messages,
 * then each outbox; last the PDF pool, which the bill's mail renders through.
 */
function registerJobs(
  app: FastifyInstance,
  deps: AppDeps,
  orderEvents: OrderEventOutbox,
  jobs: readonly ScheduledJob[],
  options: Pick<BuildAppOptions, 'pdf'>,
): void {
  const outboxes = jobs.filter((job) => job.kind === 'outbox');
  const timers = jobs.filter((job) => job.kind === 'timer');
  app.addHook('onReady', async () => orderEvents.start());
  for (const outbox of outboxes) app.addHook('onReady', async () => outbox.start());
  // The bill workers start with the first PDF asked for, not here, and stop when idle: an idle
  // embedded server does not carry their fonts and heaps (decision 0038, issue 47's memory).
  for (const timer of timers) app.addHook('onReady', async () => timer.start());
  for (const timer of timers) app.addHook('onClose', () => timer.close());
  app.addHook('onClose', () => deps.rateLimiter.writeBatched().catch(() => {}));
  app.addHook('onClose', async () => {
    await deps.afterAnswer.idle();
    await orderEvents.close();
    for (const outbox of outboxes) {
      await deps.afterAnswer.idle();
      await outbox.close();
    }
    // A pool the caller gave, the caller closes.
    if (!options.pdf) await deps.pdf.close();
  });
}

/** Headers, cookies, uploads, the API's docs, the error model, the request guards, compression and sessions. */
async function registerPlatform(app: FastifyInstance, config: Config, cache: ResponseCache, db: Db): Promise<void> {
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
  // One process owns the embedded database, so every write that changes a session runs here and
  // the sessions it finds may be kept in memory (decision 0069); on PostgreSQL each request reads its own.
  const keeping = config.databaseUrl ? undefined : { cache, maxAgeMs: config.responseCacheMaxAgeSeconds * 1000 };
  registerSessions(app, createSessionReader(db, keeping));
}

/** buildApp: the whole HTTP application (plugins, guards, error model, modules, web app) on a given database. */
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { type AfterAnswerQueue, createAfterAnswerQueue } from './lib/after-answer.js';
import { startPostgresCacheBus } from './lib/cache-bus.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { MAX_UPLOAD_BYTES } from './lib/images.js';
import { JSON_BODY_LIMIT, registerJsonBodyParser } from './lib/json-body.js';
import { serializeRequest } from './lib/log-redaction.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createRateLimiter, type RateLimiter } from './lib/rate-limit.js';
import { registerRequestGuards } from './lib/request-guards.js';
import { ResponseCache } from './lib/response-cache.js';
import { registerNoStoreForApi } from './lib/security-headers.js';
import { createSessionReader, registerSessions } from './lib/session.js';
import { createUnitOfWork } from './lib/unit-of-work.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { prepareCatalogReads } from './modules/catalog/catalog.repository.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createDeliveryParticipant } from './modules/delivery/delivery.participant.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import type { OrderParticipant } from './modules/orders/orders.lifecycle.js';
import { createOrderPlacer } from './modules/orders/orders.placement.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { stockParticipant } from './modules/orders/participants/stock.participant.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  logger?: boolean;
  /** Order participants after the built-in ones (stock, delivery), in the order they run. */
  orderParticipants?: OrderParticipant[];
  /** The clock for shop dates and slot cut-offs (tests set it); the real time by default. */
  now?: () => Date;
  afterAnswer?: AfterAnswerQueue;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
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
      reply.status(400).send({ success: false, message: 'The address is not valid' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const cache = new ResponseCache({ maxChars: config.responseCacheMb * 1024 * 1024 });
  const deps: AppDeps = {
    db,
    config,
    mailer: options.mailer ?? createMailer(config, app.log),
    rateLimiter: options.rateLimiter ?? createRateLimiter(db),
    cache,
    work: createUnitOfWork(db, cache),
    afterAnswer: options.afterAnswer ?? createAfterAnswerQueue(),
  };
  // Prepared statements and batchers belong to this database handle, so they are made here, once.
  const now = options.now ?? (() => new Date());
  const participants = [stockParticipant, createDeliveryParticipant({ now }), ...(options.orderParticipants ?? [])];
  const orderLifecycle = {
    work: deps.work,
    participants,
    placer: createOrderPlacer({ work: deps.work, participants, batchSize: config.orderBatchSize }),
  };
  // Mail still queued goes out before the database closes.
  app.addHook('onClose', () => deps.afterAnswer.idle());
  if (config.databaseUrl && config.responseCacheMb > 0) {
    // Other processes may share this database: they hear about our writes, we hear about theirs.
    const bus = startPostgresCacheBus({
      cache: deps.cache,
      databaseUrl: config.databaseUrl,
      notify: (channel, payload) => db.execute(sql`select pg_notify(${channel}, ${payload})`),
      log: app.log,
    });
    deps.cache.connectBus(bus);
    app.addHook('onClose', () => bus.close());
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isSecureCookie,
  });
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
  registerSessions(app, createSessionReader(db));

  await app.register(catalogRoutes, { ...deps, catalogReads: prepareCatalogReads(db) });
  await app.register(mediaRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(ordersRoutes, { ...deps, orderLifecycle });
  await app.register(reviewsRoutes, deps);
  await app.register(deliveryRoutes, { ...deps, now });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ success: true }));

  await registerWebApp(app, config);
  return app;
}

/** Serves the built browser app, with index.html for every app route; /api stays JSON. */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const indexHtml = hasWebApp ? fs.readFileSync(indexFile, 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || !indexHtml) {
      return reply.status(404).send({ success: false, message: `No route ${request.method} ${pathname}` });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}

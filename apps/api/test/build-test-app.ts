/**
 * A fresh application on a fresh database for one test file: in-memory PGlite by default, or a
 * new database created on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { createAfterAnswerQueue } from '../src/lib/after-answer.js';
import type { Mailer, MailMessage } from '../src/lib/mail.js';
import { ensureShopProfile } from '../src/modules/shop/shop.service.js';
import { createRateLimiter } from '../src/platform/rate-limit.js';
import { messageCodeProblem } from './message-codes.js';
import { createMigratedPostgresDatabase, openMigratedPglite } from './migrated-database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  config: Config;
  /** Every mail the app sent, newest last. */
  mails: MailMessage[];
  /** Waits for the work queued after answers (reset mails). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The instant every test app's rate limits are counted at: a test that spends a budget must not
 * see it carried into a new window because a minute (or a quarter hour) turned while it ran. Inside
 * every window the limits use (a minute, ten and fifteen minutes, an hour), at none of their edges.
 */
export const RATE_LIMIT_TEST_INSTANT = Date.UTC(2026, 0, 1, 10, 7, 30);

/** `options`: what buildApp takes beyond the database, the config and the mailer (order participants, a route hook, a cache). */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<
    BuildAppOptions,
    'orderParticipants' | 'orderEventSubscribers' | 'onRoute' | 'now' | 'cache' | 'pdf' | 'warmUp'
  > = {},
): Promise<TestApp> {
  const postgres = isPostgresRun ? await createMigratedPostgresDatabase('mandi_test') : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    DATA_DIR: `/tmp/mandi-test-${randomBytes(4).toString('hex')}`,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // A test's shop clock is its own: the standing orders' timer is on only where a test asks for it.
    STANDING_ORDERS_CLOCK: 'off',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openMigratedPglite({ thread: config.pgliteWorker });
  // As a start does after seeding (decision 0028): the profile from the settings.
  await ensureShopProfile(database.db, config);
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  const afterAnswer = createAfterAnswerQueue();
  const rateLimiter = createRateLimiter(database.db, { now: () => RATE_LIMIT_TEST_INSTANT });
  const app = await buildApp({ ...options, config, db: database.db, mailer, logger: false, afterAnswer, rateLimiter });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    const problem = messageCodeProblem(JSON.parse(payload));
    // Fails the request (a 500) so the test that made it fails, and says why.
    if (problem) throw new Error(`${request.method} ${request.url} ${reply.statusCode}: ${problem}`);
    return payload;
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    mails,
    settle: () => afterAnswer.idle(),
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

/** Reads a response's JSON body. */
export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

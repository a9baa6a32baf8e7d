/**
 * What every module receives from buildApp. This file imports no module, so a module can import
 * the type without importing every other module (and the app) along with it.
 */
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AfterAnswerQueue } from './lib/after-answer.js';
import type { Mailer } from './lib/mail.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { ResponseCache } from './lib/response-cache.js';
import type { UnitOfWork } from './lib/unit-of-work.js';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Cached reads. Writes never clear it by hand: they go through `work`. */
  cache: ResponseCache;
  /** Runs a write's transaction and clears the cache tags it touched once it has ended. */
  work: UnitOfWork;
  /** Work that must not delay the answer (and must not reveal by its timing what it found), such as mail. */
  afterAnswer: AfterAnswerQueue;
}

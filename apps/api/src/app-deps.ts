/**
 * What every module receives from buildApp. This file imports no module, so a module can import
 * the type without importing every other module (and the app) along with it.
 */
import type { Shop } from '@mandi/shared/schemas';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AfterAnswerQueue } from './lib/after-answer.js';
import type { Mailer } from './lib/mail.js';
import type { PdfRenderer } from './lib/pdf-pool.js';
import type { ResponseCache } from './lib/response-cache.js';
import type { RateLimiter } from './platform/rate-limit.js';
import type { UnitOfWork } from './platform/unit-of-work.js';

/**
 * The shop's profile as every module reads it (decision 0028): one cached read, dropped on every
 * process when the admin saves it, so a bill, a mail or a page always shows the saved values.
 */
export interface ShopProfileSource {
  /** The profile now. */
  current(): Promise<Shop>;
  /** `GET /api/shop`'s answer as JSON text, `{ success, shop }`. */
  answerJson(): Promise<string>;
  /** The profile without its policies as JSON text (`ShopIdentity`), for the pages' `mandi-shop` slot. */
  shopJson(): Promise<string>;
}

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
  /** The shop's name, licences, contact and policies, as the admin last saved them. */
  shop: ShopProfileSource;
  /** Draws the shop's PDFs off the event loop and keeps finished bills (decision 0038). */
  pdf: PdfRenderer;
}

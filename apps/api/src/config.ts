/** The only reader of process.env: every setting, validated and typed, with the defaults the README's configuration table lists. */

import path from 'node:path';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import { z } from 'zod';
import { canonicalStateName, gstinProblem, STATE_NAMES } from './lib/gst-states.js';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z
  .string()
  .trim()
  .optional()
  .transform((value) => value !== undefined && value !== '' && value !== '0' && value !== 'false');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().trim().min(1).default('Mandi <no-reply@mandi.local>'),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8).max(128).optional()),
  // Unset: demo data in development, none in production (its demo passwords are public).
  SEED: z.enum(['demo', 'none']).optional(),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_MAX_FAILED_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RESET_EMAIL_MAX_PER_IP: z.coerce.number().int().min(1).default(5),
  RESET_EMAIL_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  SEARCH_MAX_PER_IP: z.coerce.number().int().min(1).default(120),
  // Decision 0055: coupon checks per 10 minutes, complaints per hour, per shopper and per address.
  COUPON_CHECKS_MAX_PER_USER: z.coerce.number().int().min(1).default(30),
  COUPON_CHECKS_MAX_PER_IP: z.coerce.number().int().min(1).default(120),
  COMPLAINTS_MAX_PER_USER: z.coerce.number().int().min(1).default(5),
  COMPLAINTS_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  WEB_DIST_DIR: optionalText,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(24),
  // Five minutes: a hot read still costs one query per change, and a missed invalidation is bounded.
  RESPONSE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  ORDER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(64),
  // Unset: from the cores (decision 0038). 0 draws PDFs on the main thread, as before the pool.
  PDF_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  PDF_QUEUE: z.coerce.number().int().min(1).max(1000).default(16),
  PDF_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
  // A PDF worker with nothing to draw this long stops (decision 0038); 0 keeps it.
  PDF_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // After this long without a request the server collects its heaps and stops idle PDF workers (quiet-trim.ts); 0 never.
  QUIET_TRIM_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // The embedded database in a thread of its own (decision 0065); off runs it on the event loop, as before.
  PGLITE_WORKER: z.enum(['on', 'off']).default('on'),
  // A measuring aid: the database thread writes what it spends its time on to this file (db/pglite-profile.ts).
  PGLITE_PROFILE: z.string().min(1).optional(),
  // Crash tests only (decision 0017), and only with NODE_ENV=test: die before delivering order events.
  TEST_KILL_BEFORE_ORDER_EVENTS: flag,
  // The shop's clock that makes standing orders at the cut-off (decision 0064); off: only by the admin's run.
  STANDING_ORDERS_CLOCK: z.enum(['on', 'off']).default('on'),
  // The bill's seller (decision 0010). Unset GSTIN: not registered, every bill a Bill of Supply.
  // SHOP_NAME to SHOP_FSSAI only fill the shop profile on first start (decision 0028); the admin edits it after.
  SHOP_NAME: z.string().trim().min(1).max(100).default('Mandi'),
  SHOP_PHONE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{10}$/, 'SHOP_PHONE must be 10 digits')
      .optional(),
  ),
  SHOP_EMAIL: optionalText.pipe(z.email('SHOP_EMAIL must be an email address').optional()),
  SHOP_FSSAI: optionalText.pipe(
    z
      .string()
      .regex(/^\d{14}$/, 'SHOP_FSSAI must be the 14-digit FSSAI number')
      .optional(),
  ),
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(100).default('Mandi Fresh Produce'),
  SHOP_ADDRESS: z.string().trim().min(1).max(300).default('12 Market Road, Shivajinagar, Pune 411005'),
  SHOP_STATE: z
    .string()
    .trim()
    .default('Maharashtra')
    .transform((value, context) => {
      const state = canonicalStateName(value);
      if (!state) context.addIssue({ code: 'custom', message: `SHOP_STATE must be one of: ${STATE_NAMES.join(', ')}` });
      return state ?? value;
    }),
  SHOP_GSTIN: optionalText.pipe(z.string().toUpperCase().optional()),
  SHOP_UPI_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, 'SHOP_UPI_ID must look like name@bank')
      .optional(),
  ),
  // WhatsApp Business Cloud API (decision 0045). Without the token and the phone number id, the
  // admin gets wa.me links instead of messages sent by the shop.
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, 'WHATSAPP_PHONE_NUMBER_ID must be the digits of the phone number id')
      .optional(),
  ),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  // The first retry of a message the Cloud API could not take (doubling, at most an hour); attempts in all.
  WHATSAPP_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  WHATSAPP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  // Messages a day to one shopper, and to one number whoever gives it (decision 0055).
  WHATSAPP_MAX_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
  // How long an order's "placed" message waits: an order cancelled meanwhile sends nothing (decision 0055).
  WHATSAPP_PLACED_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(180),
  INVOICE_PREFIX: z
    .string()
    .trim()
    // The bill series of online orders: with `/26-27/000001` a number of 16 characters at most, the
    // most CGST rule 46(b) allows (decision 0055).
    .regex(/^[A-Z0-9]{1,3}$/, 'INVOICE_PREFIX must be 1-3 capital letters or digits')
    .default('MND'),
});

/**
 * A made-up GSTIN (valid check character, Karnataka) that only the development demo prints, so
 * `npm start` shows a realistic tax invoice; production and tests have none unless set.
 */
export const DEMO_GSTIN = '27AAJCM4321F1ZN';

export type Config = ReturnType<typeof loadConfig>;

/**
 * The settings a shop taking real orders needs and a production start does not refuse without
 * (the server runs, but wrongly): each missing one as a sentence naming the setting.
 */
function goLiveWarnings(e: z.infer<typeof envSchema>): CodedMessage[] {
  const warnings: CodedMessage[] = [];
  if (!e.PUBLIC_URL) warnings.push(serverMessage('goLivePublicUrl', { url: `http://localhost:${e.PORT}` }));
  if (!e.SMTP_URL) warnings.push(serverMessage('goLiveSmtp'));
  if (e.MAIL_FROM === envSchema.shape.MAIL_FROM.parse(undefined)) {
    warnings.push(serverMessage('goLiveMailFrom', { from: e.MAIL_FROM }));
  }
  if (!e.SHOP_GSTIN) warnings.push(serverMessage('goLiveGstin'));
  return warnings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const gstin = e.SHOP_GSTIN ?? (e.NODE_ENV === 'development' ? DEMO_GSTIN : undefined);
  const gstinError = gstin ? gstinProblem(gstin, e.SHOP_STATE) : null;
  if (gstinError) throw new Error(`Invalid configuration:\n  SHOP_GSTIN: ${gstinError}`);
  // Sending on the shop's number with an unsigned status webhook would let anyone mark messages
  // (decision 0055): the secret comes with the token, or the server does not start.
  if (e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && !e.WHATSAPP_APP_SECRET) {
    throw new Error(
      'Invalid configuration:\n  WHATSAPP_APP_SECRET: is required when WhatsApp sending is on (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID set), so the status webhook checks every call',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    /** What a live shop still lacks, said at a production start (issue 42): empty otherwise. */
    goLiveWarnings: e.NODE_ENV === 'production' ? goLiveWarnings(e) : [],
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    isSecureCookie: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sessionDays: e.SESSION_DAYS,
    rateLimits: {
      loginPerIp: e.LOGIN_MAX_PER_IP,
      loginFailedPerAccount: e.LOGIN_MAX_FAILED_PER_ACCOUNT,
      resetEmailPerIp: e.RESET_EMAIL_MAX_PER_IP,
      resetEmailPerAccount: e.RESET_EMAIL_MAX_PER_ACCOUNT,
      registerPerIp: e.REGISTER_MAX_PER_IP,
      /** Suggestions and keyword listings per client address per minute that the response cache does not answer. */
      searchPerIp: e.SEARCH_MAX_PER_IP,
      /** Coupon checks per 10 minutes: a code is not to be found by trying them all. */
      couponChecksPerUser: e.COUPON_CHECKS_MAX_PER_USER,
      couponChecksPerIp: e.COUPON_CHECKS_MAX_PER_IP,
      /** Complaints per hour: each is read by the shop and mailed. */
      complaintsPerUser: e.COMPLAINTS_MAX_PER_USER,
      complaintsPerIp: e.COMPLAINTS_MAX_PER_IP,
    },
    /** Server processes to run (Node cluster); more than 1 needs PostgreSQL. */
    webConcurrency: e.WEB_CONCURRENCY,
    /** Memory for ready-made JSON answers of hot reads, per process; 0 turns the cache off. */
    responseCacheMb: e.RESPONSE_CACHE_MB,
    responseCacheMaxAgeSeconds: e.RESPONSE_CACHE_MAX_AGE_SECONDS,
    /** Orders per group-commit transaction at most (decision 0005); 1 places each order alone. */
    orderBatchSize: e.ORDER_BATCH_SIZE,
    /** The PDF pool (decision 0038): worker threads (undefined: from the cores), jobs waiting at most, memory for finished bills. */
    pdf: { workers: e.PDF_WORKERS, maxQueued: e.PDF_QUEUE, keepMb: e.PDF_CACHE_MB, idleSeconds: e.PDF_IDLE_SECONDS },
    /** Quiet this long (no request), the server gives memory back (quiet-trim.ts); 0 never. */
    quietTrimSeconds: e.QUIET_TRIM_SECONDS,
    /** PGlite in a worker thread of its own, off the event loop (decision 0065). */
    pgliteWorker: e.PGLITE_WORKER === 'on',
    pgliteProfile: e.PGLITE_PROFILE,
    /**
     * Notifications on WhatsApp (decision 0045): `send` is null unless both the token and the phone
     * number id are set (then the admin gets wa.me links); the webhook's secrets stand alone.
     */
    whatsapp: {
      send:
        e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
          ? {
              apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
              token: e.WHATSAPP_TOKEN,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            }
          : null,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      retrySeconds: e.WHATSAPP_RETRY_SECONDS,
      maxAttempts: e.WHATSAPP_MAX_ATTEMPTS,
      maxPerDay: e.WHATSAPP_MAX_PER_DAY,
      placedDelaySeconds: e.WHATSAPP_PLACED_DELAY_SECONDS,
    },
    testKillBeforeOrderEvents: e.NODE_ENV === 'test' && e.TEST_KILL_BEFORE_ORDER_EVENTS,
    /** Whether this process makes the standing orders by the shop's clock (decision 0064). */
    standingOrdersClock: e.STANDING_ORDERS_CLOCK === 'on',
    /**
     * The shop's identity as configured: it fills the shop profile on first start (decision 0028),
     * which bills, mails and pages read from then on; only `invoicePrefix` is read from here.
     */
    shop: {
      name: e.SHOP_NAME,
      phone: e.SHOP_PHONE,
      email: e.SHOP_EMAIL?.toLowerCase(),
      fssaiNumber: e.SHOP_FSSAI,
      legalName: e.SHOP_LEGAL_NAME,
      address: e.SHOP_ADDRESS,
      state: e.SHOP_STATE,
      /** Undefined: not registered for GST (every bill a Bill of Supply). */
      gstin,
      /** Undefined: no UPI link or QR. */
      upiId: e.SHOP_UPI_ID,
      invoicePrefix: e.INVOICE_PREFIX,
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

/**
 * The WhatsApp outbox across processes (decision 0045): two server processes on one PostgreSQL
 * database, both sending through the Cloud API (a local server answering as it documents), place
 * orders for shoppers who chose WhatsApp; each order's "placed" message reaches the Cloud API
 * exactly once between them, the first attempts of a few refused with 500 and sent on a retry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { notificationMessages, notificationSettings } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { cloudError, type FakeCloudApi, startFakeCloudApi } from '../fake-whatsapp-cloud-api.js';
import type { ThrowawayDatabase } from '../postgres-database.js';
import {
  createDatabase,
  freePort,
  login,
  placeOrdersAcross,
  type ServerProcess,
  startServer,
  stopServer,
  waitFor,
  waitForHealth,
} from '../server-process.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes sending one WhatsApp outbox', () => {
  const ORDERS = 30;
  const servers: ServerProcess[] = [];
  let database: ThrowawayDatabase | null = null;
  let cloud: FakeCloudApi | null = null;
  let dataDir = '';
  afterEach(async () => {
    for (const server of servers) await stopServer(server);
    await database?.drop();
    await cloud?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('send each order’s message once between them', async () => {
    database = await createDatabase();
    cloud = await startFakeCloudApi();
    for (let i = 0; i < 3; i += 1) cloud.answers.push(cloudError(500, 131000, 'Something went wrong'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-two-whatsapp-'));
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WHATSAPP_TOKEN: cloud.token,
      WHATSAPP_PHONE_NUMBER_ID: cloud.phoneNumberId,
      WHATSAPP_API_URL: cloud.url,
      WHATSAPP_APP_SECRET: 'multi-process-app-secret',
      WHATSAPP_MAX_PER_DAY: '1000',
      WHATSAPP_PLACED_DELAY_SECONDS: '0',
      WHATSAPP_RETRY_SECONDS: '0.5',
    };
    servers.push(startServer(env, await freePort()));
    await waitForHealth(servers[0] as ServerProcess);
    servers.push(startServer(env, await freePort()));
    await waitForHealth(servers[1] as ServerProcess);

    const db = await openDatabase({ databaseUrl: database.url });
    try {
      const product = await createProduct(db.db, { name: 'Desi Tomato', rate: 40, stockKg: 100, weightsKg: [1] });
      const shopper = await createUser(db.db, { firstName: 'Lakshmi' });
      await db.db.insert(notificationSettings).values({
        userId: shopper.id,
        email: true,
        whatsapp: true,
        whatsappNumber: '9811122233',
        whatsappVerifiedAt: new Date(),
      });
      const cookies = await Promise.all(servers.map((server) => login(server.url, shopper.email, TEST_PASSWORD)));
      const answers = await placeOrdersAcross(servers, cookies, product.id, ORDERS);
      expect(answers.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(201));

      await waitFor(async () => {
        const rows = await db.db.select().from(notificationMessages);
        return rows.length === ORDERS && rows.every((row) => row.status === 'sent');
      }, 'every message sent');
      // Give a second send every chance to happen, then count.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const rows = await db.db.select().from(notificationMessages);
      const accepted = cloud.requests.length - 3;
      expect(accepted).toBe(ORDERS);
      expect(new Set(rows.map((row) => row.providerMessageId)).size).toBe(ORDERS);
      // The three refused attempts, each tried again: one extra attempt apiece.
      expect(rows.reduce((sum, row) => sum + row.attempts - 1, 0)).toBe(3);
    } finally {
      await db.close();
    }
  }, 240_000);
});

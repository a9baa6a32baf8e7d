/**
 * The WhatsApp outbox's dispatcher, one per process (decision 0045), in the manner of the order
 * events' (decision 0017): a run claims due queued messages with a lease, sends each through the
 * Cloud API and records what became of it: sent (with the Cloud API's message id), due again after
 * the backoff (an error of the Cloud API or the network, until the attempts run out), due again
 * after Retry-After (a rate limit, not counted as an attempt), or failed for good (a request the
 * Cloud API refuses). After a write it is asked to run soon; a timer follows the next due message
 * and looks again every minute for messages another process left.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AfterAnswerQueue } from '../../lib/after-answer.js';
import { createOutboxLoop } from '../../lib/outbox-loop.js';
import * as repo from './notifications.repository.js';
import { retryDelaySeconds } from './notifications.rules.js';
import type { WhatsAppSender } from './notifications.whatsapp.js';

const CLAIM_BATCH = 20;
/** A claimed message is this process's for two minutes (a send times out well before). */
const LEASE_SECONDS = 120;

export interface NotificationDispatcher {
  /** Whether messages are sent by the shop (the Cloud API is set up). */
  readonly isSending: boolean;
  /** After a message is queued: send soon, after the current answer. */
  dispatchSoon(): void;
  start(): void;
  close(): Promise<void>;
}

export interface NotificationDispatcherOptions {
  db: Db;
  /** Null: the Cloud API is not set up, nothing is queued or sent. */
  sender: WhatsAppSender | null;
  afterAnswer: AfterAnswerQueue;
  log: FastifyBaseLogger;
  retrySeconds: number;
  maxAttempts: number;
}

export function createNotificationDispatcher({
  db,
  sender,
  afterAnswer,
  log,
  retrySeconds,
  maxAttempts,
}: NotificationDispatcherOptions): NotificationDispatcher {
  /** Claimed and not yet settled: handed back on close. */
  const held = new Map<number, repo.MessageRow>();

  const sendOne = async (client: WhatsAppSender, row: repo.MessageRow) => {
    const outcome = await client.send({
      recipient: row.recipient,
      template: row.template as Parameters<WhatsAppSender['send']>[0]['template'],
      language: row.language,
      parameters: row.parameters,
    });
    switch (outcome.kind) {
      case 'sent':
        await repo.markSent(db, row, outcome.providerMessageId);
        break;
      case 'rate-limited':
        log.warn({ notification: row.id, wait: outcome.retryAfterSeconds }, 'WhatsApp rate limit: waiting');
        await repo.postpone(db, row, outcome.retryAfterSeconds, outcome.error, true);
        break;
      case 'permanent':
        log.warn({ notification: row.id, error: outcome.error }, 'WhatsApp message refused');
        await repo.markFailed(db, row, outcome.error);
        break;
      case 'transient':
        if (row.attempts >= maxAttempts) {
          log.error({ notification: row.id, error: outcome.error }, 'WhatsApp message not sent: attempts used up');
          await repo.markFailed(db, row, outcome.error);
        } else {
          const delay = retryDelaySeconds(row.attempts, retrySeconds);
          log.warn(
            { notification: row.id, error: outcome.error },
            `WhatsApp message not sent; trying again in ${delay} s`,
          );
          await repo.postpone(db, row, delay, outcome.error);
        }
        break;
    }
  };

  /** One run: every due message sent or settled; the seconds to the next due one. */
  const runOnce = async (client: WhatsAppSender) => {
    for (;;) {
      const rows = await repo.claimDue(db, CLAIM_BATCH, LEASE_SECONDS);
      for (const row of rows) held.set(row.id, row);
      for (const row of rows) {
        if (loop.isClosed()) break;
        await sendOne(client, row);
        held.delete(row.id);
      }
      if (rows.length < CLAIM_BATCH || loop.isClosed()) break;
    }
    return repo.secondsToNextDue(db);
  };
  const loop = createOutboxLoop({
    afterAnswer,
    log,
    failure: 'WhatsApp messages could not be sent',
    runOnce: () => (sender ? runOnce(sender) : Promise.resolve(null)),
  });
  // Without the Cloud API nothing is queued, so there is nothing to run.
  const dispatchSoon = () => {
    if (sender) loop.dispatchSoon();
  };

  return {
    isSending: sender !== null,
    dispatchSoon,
    start: dispatchSoon,
    async close() {
      await loop.close();
      if (held.size) await repo.release(db, [...held.values()]).catch(() => {});
      held.clear();
    },
  };
}

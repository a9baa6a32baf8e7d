/**
 * Finished PDFs kept in the database (decision 0052), behind each process's own kept ones: a bill
 * drawn by the process that packed the order (for its mail) is served by any other process, or
 * machine, without drawing it again. Keyed by the PDF pool's document key, a hash of everything the
 * document prints, so a row is never stale: a changed bill has another key. A copy only: rows older
 * than `KEEP_DRAWN_DOCUMENTS_DAYS` are pruned, and a missing one is drawn again from the orders.
 */
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { drawnDocuments } from '../db/schema.js';
import type { DrawnDocumentStore } from '../lib/pdf-pool.js';

/** A bill is downloaded mostly on its packing day and the next (the mail's link, the delivery). */
export const KEEP_DRAWN_DOCUMENTS_DAYS = 3;
/** Each process prunes at most this often; the delete reads the `drawn_at` index only. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function createDrawnDocumentStore(db: Db, now: () => Date = () => new Date()): DrawnDocumentStore {
  let lastPrunedAt = Number.NEGATIVE_INFINITY;

  const pruneNow = async () => {
    const cutoff = new Date(now().getTime() - KEEP_DRAWN_DOCUMENTS_DAYS * 24 * 60 * 60 * 1000);
    await db.delete(drawnDocuments).where(lt(drawnDocuments.drawnAt, cutoff));
  };

  return {
    async get(key) {
      const rows = await db
        .select({ pdf: drawnDocuments.pdf })
        .from(drawnDocuments)
        .where(eq(drawnDocuments.key, key))
        .limit(1);
      return rows[0]?.pdf ?? null;
    },
    async put(key, pdf) {
      await db
        .insert(drawnDocuments)
        .values({ key, pdf, drawnAt: now() })
        .onConflictDoNothing({ target: drawnDocuments.key });
      if (now().getTime() - lastPrunedAt >= PRUNE_EVERY_MS) {
        lastPrunedAt = now().getTime();
        await pruneNow();
      }
    },
  };
}

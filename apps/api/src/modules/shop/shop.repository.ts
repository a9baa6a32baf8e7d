/** The shop profile's one row (decision 0028). */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { shopProfile } from '../../db/schema.js';

export type ShopProfileRow = typeof shopProfile.$inferSelect;
export type ShopProfileValues = Omit<typeof shopProfile.$inferInsert, 'id' | 'updatedAt'>;

export async function findShopProfile(db: Db | Tx): Promise<ShopProfileRow | undefined> {
  const [row] = await db.select().from(shopProfile).where(eq(shopProfile.id, 1));
  return row;
}

/** The row locked for a save, so two saves of parts of it never lose one another's fields. */
export async function lockShopProfile(tx: Tx): Promise<ShopProfileRow | undefined> {
  const [row] = await tx.select().from(shopProfile).where(eq(shopProfile.id, 1)).for('update');
  return row;
}

/** Writes the first row unless there is one: safe when two processes start at once. */
export async function insertShopProfileIfMissing(db: Db, values: ShopProfileValues): Promise<void> {
  await db
    .insert(shopProfile)
    .values({ id: 1, ...values })
    .onConflictDoNothing({ target: shopProfile.id });
}

export async function updateShopProfile(tx: Tx, values: Partial<ShopProfileValues>): Promise<ShopProfileRow> {
  const [row] = await tx
    .update(shopProfile)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shopProfile.id, 1))
    .returning();
  if (!row) throw new Error('the shop profile row is missing');
  return row;
}

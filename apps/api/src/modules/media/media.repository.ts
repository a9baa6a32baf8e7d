/** Stored images: insert, read, delete. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { images } from '../../db/schema.js';
import type { EncodedImage } from '../../lib/images.js';

export async function insertImage(db: Db | Tx, image: EncodedImage): Promise<string> {
  const [row] = await db.insert(images).values(image).returning({ id: images.id });
  if (!row) throw new Error('image insert returned nothing');
  return row.id;
}

export async function findImage(db: Db, id: string) {
  const rows = await db
    .select({ data: images.data, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteImage(db: Db | Tx, id: string): Promise<void> {
  await db.delete(images).where(eq(images.id, id));
}

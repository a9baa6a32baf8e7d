/** Stored images: insert, read, delete (only once nothing refers to them). */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { categories, images, orderItems, products } from '../../db/schema.js';
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

/**
 * Deletes an image nobody shows any more: no category or product uses it and no order line keeps
 * it as the picture of what was sold (order lines store the image URL as a snapshot).
 */
export async function deleteImageIfUnused(db: Db | Tx, id: string): Promise<boolean> {
  const url = `/api/images/${id}`;
  const result = await db.execute(sql`
    delete from ${images}
    where ${images.id} = ${id}
      and not exists (select 1 from ${categories} where ${categories.imageId} = ${id})
      and not exists (select 1 from ${products} where ${products.imageId} = ${id})
      and not exists (select 1 from ${orderItems} where ${orderItems.imageUrl} = ${url})
    returning ${images.id}`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return Array.isArray(rows) && rows.length > 0;
}

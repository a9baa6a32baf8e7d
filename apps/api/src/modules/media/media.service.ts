/** Image storage for other modules: store a re-encoded image, release one that was replaced or removed. */
import type { Db, Tx } from '../../db/client.js';
import type { EncodedImage } from '../../lib/images.js';
import { deleteImageIfUnused, insertImage } from './media.repository.js';

export function storeImage(db: Db | Tx, image: EncodedImage): Promise<string> {
  return insertImage(db, image);
}

/** Call after the row that used the image changed; the image goes once nothing else refers to it. */
export async function releaseImage(db: Db | Tx, id: string | null): Promise<void> {
  if (id) await deleteImageIfUnused(db, id);
}

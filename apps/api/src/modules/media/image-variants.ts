/**
 * Smaller copies of stored pictures, so a 56 px category icon is not sent as a 400 px picture.
 * Only the widths in IMAGE_WIDTHS are made (no one can make the server resize to any size they
 * like), and they are kept in memory: an image id never changes content, so a copy never goes stale.
 */
import { loadSharp } from '../../lib/images.js';

const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/** Least recently used first. */
const kept = new Map<string, Buffer>();
let keptBytes = 0;

export async function imageVariant(id: string, data: Buffer, width: number): Promise<Buffer> {
  const key = `${id}:${width}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const { default: sharp } = await loadSharp();
  const variant = await sharp(data).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  kept.set(key, variant);
  keptBytes += variant.length;
  for (const [oldestKey, oldest] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES) break;
    kept.delete(oldestKey);
    keptBytes -= oldest.length;
  }
  return variant;
}

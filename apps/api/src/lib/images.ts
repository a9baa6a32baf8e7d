/**
 * Image intake: bytes are judged by decoding them (never by name or declared type), then
 * re-encoded to WebP and resized, so what we store and serve is always a clean raster image.
 */
import sharp from 'sharp';
import { AppError } from './app-error.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const MAX_SIDE = 800;

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export async function encodeImage(input: Buffer, maxSide = MAX_SIDE): Promise<EncodedImage> {
  if (input.length === 0) throw new AppError('invalid', 'The image file is empty');
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError('tooLarge', 'The image must be at most 5 MB');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new AppError('invalid', 'The image could not be read: upload a JPEG, PNG, WebP, GIF or AVIF picture');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('invalid', 'Only JPEG, PNG, WebP, GIF and AVIF pictures are accepted');
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new AppError('invalid', 'The image could not be read: upload a JPEG, PNG, WebP, GIF or AVIF picture');
  }
}

/** Decodes a `data:image/...;base64,...` URL sent in a text field. */
export function decodeDataUrl(value: string): Buffer {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value.trim());
  if (!match?.[1]) throw new AppError('invalid', 'The image must be a file or a data:image/...;base64 URL');
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('tooLarge', 'The image must be at most 5 MB');
  return bytes;
}

export function imageUrl(imageId: string | null): string {
  return imageId ? `/api/images/${imageId}` : '';
}

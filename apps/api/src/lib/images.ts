/**
 * Image intake: bytes are judged by decoding them (never by name or declared type), then
 * re-encoded to WebP and resized, so what we store and serve is always a clean raster image.
 */
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyRequest } from 'fastify';
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

let sharpModule: Promise<typeof import('sharp')> | undefined;

/**
 * sharp (libvips), loaded on first use: a server that never resizes a picture keeps it out of
 * memory. libvips' own operation cache is off (the resized copies are kept by image-variants.ts,
 * uploads are one-offs) and one thread per picture is plenty for a shop's pictures.
 */
export function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((module) => {
    module.default.cache(false);
    module.default.concurrency(1);
    return module;
  });
  return sharpModule;
}

export async function encodeImage(input: Buffer, maxSide = MAX_SIDE): Promise<EncodedImage> {
  if (input.length === 0) throw new AppError('invalid', serverMessage('imageEmpty'));
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError('tooLarge', serverMessage('imageTooLarge'));
  const { default: sharp } = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new AppError('invalid', serverMessage('imageUnreadable'));
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('invalid', serverMessage('imageTypeRefused'));
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new AppError('invalid', serverMessage('imageUnreadable'));
  }
}

/** Decodes a `data:image/...;base64,...` URL sent in a text field. */
export function decodeDataUrl(value: string): Buffer {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value.trim());
  if (!match?.[1]) throw new AppError('invalid', serverMessage('imageNotFileOrDataUrl'));
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('tooLarge', serverMessage('imageTooLarge'));
  return bytes;
}

export function imageUrl(imageId: string | null): string {
  return imageId ? `/api/images/${imageId}` : '';
}

/** An upload route's body, read the same way from multipart/form-data and from JSON. */
export interface UploadForm {
  /** Text fields; a name sent more than once (multipart) or as a JSON array gives a list. */
  fields: Record<string, unknown>;
  /** The image field: file bytes, the text sent in its place (a data URL), or null when absent or empty. */
  image: Buffer | string | null;
}

function isClientError(error: unknown): error is { statusCode: number; message: string } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function addField(fields: Record<string, unknown>, name: string, value: string): void {
  const previous = fields[name];
  if (previous === undefined) fields[name] = value;
  else fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
}

/**
 * Reads an upload route's body. Multipart limits (5 MB file, one file) come from app.ts; anything
 * over them is a 413, and a body that is not well-formed multipart is a 400, never a 500.
 */
export async function readUploadForm(request: FastifyRequest, imageField: string): Promise<UploadForm> {
  const fields: Record<string, unknown> = Object.create(null);
  let image: Buffer | string | null = null;

  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields, image };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('invalid', serverMessage('uploadNotObject'));
    }
    for (const [name, value] of Object.entries(body)) {
      if (name === imageField) {
        if (typeof value === 'string' && value.trim() !== '') image = value;
        else if (value !== null && value !== undefined && value !== '') {
          throw new AppError('invalid', serverMessage('imageNotFileOrDataUrl'));
        }
      } else {
        fields[name] = value;
      }
    }
    return { fields, image };
  }

  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== imageField) continue;
        // A browser sends an empty file part when no file was chosen.
        if (bytes.length > 0) image = bytes;
      } else {
        if (part.valueTruncated) throw new AppError('tooLarge', serverMessage('imageTooLarge'));
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.fieldname === imageField) {
          if (value.trim() !== '') image = value;
        } else {
          addField(fields, part.fieldname.replace(/\[\]$/, ''), value);
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isClientError(error) && error.statusCode === 413) {
      const code = (error as { code?: string }).code;
      throw new AppError(
        'tooLarge',
        serverMessage(code === 'FST_REQ_FILE_TOO_LARGE' ? 'imageTooLarge' : 'uploadTooManyParts'),
      );
    }
    throw new AppError('invalid', serverMessage('uploadUnreadable'));
  }
  return { fields, image };
}

/** Turns the image field into bytes: a file's bytes as they are, or a decoded data URL. */
export function imageBytes(image: Buffer | string): Buffer {
  return typeof image === 'string' ? decodeDataUrl(image) : image;
}

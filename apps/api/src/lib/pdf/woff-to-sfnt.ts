/**
 * The bill's fonts as plain TrueType, unpacked once per process. fontkit reads a WOFF font's
 * tables by inflating them in JavaScript each time it opens one, and pdfkit's font subset opens
 * the `glyf` table once per glyph it copies: a Hindi bill, with many glyphs, spent most of its
 * time inflating the same table again and again. Unpacked with Node's zlib into the TrueType it
 * wraps (WOFF 1.0: a header, a table directory, each table zlib-compressed unless that would not
 * be smaller), the font is read directly.
 */
import fs from 'node:fs';
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_SIZE = 44;
const WOFF_ENTRY_SIZE = 20;
const SFNT_HEADER_SIZE = 12;
const SFNT_ENTRY_SIZE = 16;

/** The TrueType (or CFF-flavoured OpenType) font inside a WOFF 1.0 file. */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = WOFF_HEADER_SIZE + i * WOFF_ENTRY_SIZE;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  // The offset table's binary-search fields, as the OpenType spec defines them.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const padded = (length: number) => (length + 3) & ~3;
  let offset = SFNT_HEADER_SIZE + numTables * SFNT_ENTRY_SIZE;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), offset);
  const sfnt = Buffer.alloc(size);
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  tables.forEach((table, i) => {
    const record = SFNT_HEADER_SIZE + i * SFNT_ENTRY_SIZE;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

const unpacked = new Map<string, Buffer>();

/** A WOFF font file as TrueType, read and unpacked on first use and kept for the next bills. */
export function fontFileAsSfnt(file: string): Buffer {
  let font = unpacked.get(file);
  if (!font) {
    font = sfntFromWoff(fs.readFileSync(file));
    unpacked.set(file, font);
  }
  return font;
}

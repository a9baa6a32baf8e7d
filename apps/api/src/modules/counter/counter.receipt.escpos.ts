/**
 * The counter receipt as ESC/POS bytes for a thermal receipt printer (API contract part 4): the
 * printer is initialised (ESC @), plain-ASCII lines go as text in font A's columns (32 on 58 mm
 * paper, 48 on 80 mm), every line that is not plain ASCII (Hindi, ₹) as a raster picture
 * (GS v 0) at the paper's dot width (384, 576), the UPI QR code by the printer's own QR command,
 * and the paper is fed to the cutter and cut (GS V). Encoded by @point-of-sale/receipt-printer-encoder.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Weight } from '../../lib/pdf/pdf-canvas.js';
import {
  type CounterReceipt,
  type ReceiptBlock,
  type ReceiptOptions,
  type ReceiptTone,
  type ReceiptWidth,
  receiptBlocks,
} from './counter.receipt.model.js';
import type { RasterBitmap, RasterLine, RasterSegment } from './counter.receipt.raster.js';

/** The paper: font A (12 × 24 dots) columns and the print head's dots across. */
const PAPER: Record<ReceiptWidth, { columns: 32 | 48; dots: number; qrModule: number }> = {
  58: { columns: 32, dots: 384, qrModule: 6 },
  80: { columns: 48, dots: 576, qrModule: 7 },
};
const DOTS_PER_COLUMN = 12;

/** Raster text sizes in dots: body text as tall as font A (24 dots), the shop's name larger. */
const BODY_SIZE = 24;
const SHOP_SIZE = 32;

/**
 * Feed to the cutter, then a partial cut (GS V 66 0, "function B"): the printer feeds its own
 * head-to-cutter distance, so the last line is never cut through whatever the model; a printer
 * without a cutter only feeds, to its tear bar. The encoder's own `cut()` sends GS V 1 after a
 * guessed number of line feeds and ends the bytes with one more line feed.
 */
const FEED_AND_CUT = [0x1d, 0x56, 0x42, 0x00];

const BOLD_TONES: readonly ReceiptTone[] = ['shop', 'heading', 'cancelled', 'total'];

/** Characters with a plain ASCII twin on paper, so an English line stays printer text. */
const PRINTER_TWINS: Record<string, string> = {
  '×': 'x',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
};
const toPrinterText = (text: string) =>
  text.replace(/[×\u00a0\u202f\u2009–—‘’“”]/g, (char) => PRINTER_TWINS[char] ?? char);

/** Whether the printer can print a text as it is: printable ASCII only (every code page agrees on it). */
const isPlainAscii = (text: string): boolean => /^[\x20-\x7e]*$/.test(text);

type PrinterLine =
  | { kind: 'text'; text: string; bold: boolean; tall: boolean }
  | { kind: 'raster'; line: RasterLine }
  | { kind: 'qr'; url: string };

/** Where a row's text goes: `width` units across (columns or dots), measured by `measure`. */
interface Geometry {
  width: number;
  gap: number;
  indent: number;
  measure: (text: string) => number;
}

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/** A word too long for a line, cut between letters (never inside a Devanagari syllable's cluster). */
function cutWord(word: string, available: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(word)) {
    if (piece && measure(piece + segment) > available) {
      pieces.push(piece);
      piece = segment;
    } else piece += segment;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Words wrapped into lines no wider than `available`. */
function wrapWords(text: string, available: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const pieces = measure(word) > available ? cutWord(word, available, measure) : [word];
    for (const piece of pieces) {
      const next = line ? `${line} ${piece}` : piece;
      if (line && measure(next) > available) {
        lines.push(line);
        line = piece;
      } else line = next;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * A row's text laid into lines of `geometry.width`: the left text wrapped (and indented, or
 * centred), the right-hand amount at the right edge of its last line, or of a line of its own when
 * they do not fit side by side.
 */
function fitRow(row: { left: string; right?: string; center?: boolean }, geometry: Geometry): RasterSegment[][] {
  const { width, gap, indent, measure } = geometry;
  const available = width - indent;
  const place = (text: string): RasterSegment => ({
    text,
    x: row.center ? Math.max(0, Math.floor((width - measure(text)) / 2)) : indent,
  });
  const lines = wrapWords(row.left, available, measure).map((text) => (text ? [place(text)] : []));
  if (row.right) {
    const rightWidth = measure(row.right);
    if (rightWidth > available) {
      lines.push(...wrapWords(row.right, available, measure).map((text) => [place(text)]));
    } else {
      const last = lines.at(-1) ?? [];
      const lastEnd = last.reduce((end, segment) => Math.max(end, segment.x + measure(segment.text)), 0);
      const right = { text: row.right, x: width - rightWidth };
      if (last.length === 0 || lastEnd + gap <= right.x) last.push(right);
      else lines.push([right]);
      if (lines.length === 0) lines.push(last);
    }
  }
  return lines.filter((line) => line.length > 0);
}

/** Text segments at column positions as one printer line. */
const textLine = (segments: readonly RasterSegment[]) =>
  [...segments].sort((a, b) => a.x - b.x).reduce((line, segment) => line.padEnd(segment.x) + segment.text, '');

/** What the lines are measured with: the raster module, loaded on first use. */
interface Raster {
  measureText: (text: string, weight: Weight, size: number) => number;
}

/** The receipt's blocks as printer lines on this paper. */
function printerLines(blocks: readonly ReceiptBlock[], width: ReceiptWidth, raster: Raster): PrinterLine[] {
  const { columns, dots } = PAPER[width];
  const lines: PrinterLine[] = [];
  const asText = (geometry: Omit<Geometry, 'width' | 'gap' | 'measure'>) => ({
    ...geometry,
    width: columns,
    gap: 1,
    measure: (text: string) => text.length,
  });
  const asDots = (geometry: Omit<Geometry, 'width' | 'gap' | 'measure'>, weight: Weight, size: number) => ({
    ...geometry,
    width: dots,
    gap: DOTS_PER_COLUMN,
    measure: (text: string) => Math.ceil(raster.measureText(text, weight, size)),
  });

  const pushRow = (block: Extract<ReceiptBlock, { kind: 'row' }>) => {
    const bold = BOLD_TONES.includes(block.tone);
    const indent = block.tone === 'detail' ? 2 : 0;
    const rowOf = (fold: (text: string) => string) => ({
      left: fold(block.left),
      ...(block.right === undefined ? {} : { right: fold(block.right) }),
      center: block.center ?? false,
    });
    const asPrinted = rowOf(toPrinterText);
    if (isPlainAscii(asPrinted.left) && isPlainAscii(asPrinted.right ?? '')) {
      for (const segments of fitRow(asPrinted, asText({ indent }))) {
        lines.push({ kind: 'text', text: textLine(segments), bold, tall: block.tone === 'shop' });
      }
      return;
    }
    const weight: Weight = bold ? 'bold' : 'regular';
    const size = block.tone === 'shop' ? SHOP_SIZE : BODY_SIZE;
    const drawn = rowOf((text) => text);
    for (const segments of fitRow(drawn, asDots({ indent: indent * DOTS_PER_COLUMN }, weight, size))) {
      lines.push({ kind: 'raster', line: { segments, weight, size } });
    }
  };

  const pushTable = (block: Extract<ReceiptBlock, { kind: 'table' }>) => {
    // A cell's printer twin when that makes it plain ASCII (text), else the cell as it is (raster).
    const table = [block.header, ...block.rows].map((cells) =>
      cells.map((cell) => (isPlainAscii(toPrinterText(cell)) ? toPrinterText(cell) : cell)),
    );
    const dotsOf = (text: string) => Math.ceil(raster.measureText(text, 'regular', BODY_SIZE));
    // Every cell in whole columns, so text rows and raster rows line up on the same grid.
    const columnsOf = (text: string) => (isPlainAscii(text) ? text.length : Math.ceil(dotsOf(text) / DOTS_PER_COLUMN));
    const count = block.header.length;
    const widths = Array.from({ length: count }, (_, c) =>
      Math.max(...table.map((cells) => columnsOf(cells[c] ?? ''))),
    );
    const used = widths.reduce((sum, w) => sum + w, 0);
    if (used + count - 1 > columns) {
      // Too wide for this paper: each rate's figures under each other, label and amount.
      for (const cells of block.rows) {
        pushRow({ kind: 'row', left: `${block.header[0]} ${cells[0]}`, tone: 'plain' });
        for (let c = 1; c < count; c += 1) {
          pushRow({ kind: 'row', left: block.header[c] ?? '', right: cells[c] ?? '', tone: 'detail' });
        }
      }
      return;
    }
    // The spare columns shared between the gaps; the first column left, the amounts right-aligned.
    const spare = columns - used;
    const gap = Math.floor(spare / Math.max(1, count - 1));
    const extra = spare - gap * (count - 1);
    let end = 0;
    const ends = widths.map((w, c) => {
      end += (c === 0 ? 0 : gap + (c === 1 ? extra : 0)) + w;
      return end;
    });
    for (const cells of table) {
      if (cells.every(isPlainAscii)) {
        const segments = cells.map((text, c) => ({ text, x: c === 0 ? 0 : (ends[c] ?? 0) - text.length }));
        lines.push({ kind: 'text', text: textLine(segments), bold: false, tall: false });
      } else {
        const segments = cells.map((text, c) => ({
          text,
          x: c === 0 ? 0 : (ends[c] ?? 0) * DOTS_PER_COLUMN - dotsOf(text),
        }));
        lines.push({ kind: 'raster', line: { segments, weight: 'regular', size: BODY_SIZE } });
      }
    }
  };

  for (const block of blocks) {
    if (block.kind === 'rule') lines.push({ kind: 'text', text: '-'.repeat(columns), bold: false, tall: false });
    else if (block.kind === 'row') pushRow(block);
    else if (block.kind === 'table') pushTable(block);
    else lines.push({ kind: 'qr', url: block.url });
  }
  return lines;
}

/** Raster lines stacked into one picture, as the encoder takes it (RGBA, black ink on white). */
function stack(bitmaps: readonly RasterBitmap[], width: number) {
  const height = bitmaps.reduce((sum, bitmap) => sum + bitmap.height, 0);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  let top = 0;
  for (const bitmap of bitmaps) {
    const stride = Math.ceil(bitmap.width / 8);
    for (let y = 0; y < bitmap.height; y += 1) {
      for (let x = 0; x < bitmap.width; x += 1) {
        if ((bitmap.bits[y * stride + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) {
          const at = ((top + y) * width + x) * 4;
          data[at] = 0;
          data[at + 1] = 0;
          data[at + 2] = 0;
        }
      }
    }
    top += bitmap.height;
  }
  return { data, width, height };
}

/**
 * The receipt as ESC/POS bytes: they start with ESC @ and end with the cut. The first call loads
 * the fonts and sharp (tens of milliseconds); lines drawn before are reused from memory.
 */
export async function receiptEscPos(receipt: CounterReceipt, options: ReceiptOptions): Promise<Uint8Array> {
  const { measureText, drawLines } = await import('./counter.receipt.raster.js');
  const paper = PAPER[options.width];
  const lines = printerLines(receiptBlocks(receipt, options.language), options.width, { measureText });
  const rasterLines = lines.flatMap((line) => (line.kind === 'raster' ? [line.line] : []));
  const bitmaps = await drawLines(rasterLines, paper.dots);

  const encoder = new ReceiptPrinterEncoder({
    columns: paper.columns,
    language: 'esc-pos',
    imageMode: 'raster',
    // A raster picture advances the paper by its own height: no blank line after each.
    feedAfterBlock: false,
    newline: '\n',
  });
  encoder.initialize();
  let pending: RasterBitmap[] = [];
  let drawn = 0;
  const flushPictures = () => {
    if (pending.length === 0) return;
    const picture = stack(pending, paper.dots);
    encoder.image(picture, {
      width: picture.width,
      height: picture.height,
      mode: 'raster',
      algorithm: 'threshold',
    });
    pending = [];
  };
  for (const line of lines) {
    if (line.kind === 'raster') {
      const bitmap = bitmaps[drawn];
      drawn += 1;
      if (!bitmap) throw new Error('a receipt line was not drawn');
      pending.push(bitmap);
      continue;
    }
    flushPictures();
    if (line.kind === 'qr') {
      encoder.align('center').qrcode(line.url, { model: 2, size: paper.qrModule, errorlevel: 'm' }).align('left');
      encoder.newline();
    } else {
      if (line.bold) encoder.bold(true);
      if (line.tall) encoder.height(2);
      encoder.line(line.text);
      if (line.tall) encoder.height(1);
      if (line.bold) encoder.bold(false);
    }
  }
  flushPictures();
  encoder.raw(FEED_AND_CUT);
  return encoder.encode();
}

/**
 * The drawing machinery of the shop's PDFs (the bill, and the khata statement that prints the same
 * way): an A4 pdfkit document with Noto Sans from the installed @fontsource packages (Latin, and
 * Devanagari, which also holds ₹ U+20B9; arrows from Noto Sans Math), embedded: no network; text drawn in runs of the font
 * that holds each character, every run on the Latin baseline; Devanagari kept in reading order for
 * search and copy (`pdf-reading-order.ts`); words wrapped to a width; thin rules.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { keepReadingOrder } from './pdf-reading-order.js';
import { fontFileAsSfnt } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/LICENSE`)), 'files', file);
export const FONTS = {
  regular: fontFile('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
  bold: fontFile('@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
  regularExt: fontFile('@fontsource/noto-sans', 'noto-sans-latin-ext-400-normal.woff'),
  boldExt: fontFile('@fontsource/noto-sans', 'noto-sans-latin-ext-700-normal.woff'),
  deva: fontFile('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff'),
  devaBold: fontFile('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-700-normal.woff'),
  // Noto Sans has no arrows: a substituted line's "ordered X → sent Y" (decision 0043) takes its → here.
  arrows: fontFile('@fontsource/noto-sans-math', 'noto-sans-math-latin-400-normal.woff'),
};

export type Weight = 'regular' | 'bold';

/**
 * A font as fontkit parsed it. Its tables, glyphs and shaping state are read-only once parsed, so
 * one parse serves every document; each document keeps its own subset of the glyphs it uses.
 */
type ParsedFont = { layout(...args: unknown[]): unknown; getGlyph(id: number): object; _variationProcessor?: unknown };
const parsedFonts = new Map<string, ParsedFont>();

/** Shaped words kept per font; past this many the font starts a new memory (a bill uses a few hundred). */
const LAYOUTS_KEPT = 4000;

/**
 * Keeps what the font's `layout` shaped, across documents. pdfkit keeps a word's shaping for one
 * document only, and shaping Devanagari (its reordering and ligature lookups) was most of a Hindi
 * bill's render time, for the same few hundred words on every bill. Each call gets its own copy of
 * the positions, which pdfkit scales in place; the glyphs themselves are read-only and shared.
 */
function rememberLayouts(font: ParsedFont): void {
  type GlyphRun = { positions: object[] };
  const shape = font.layout.bind(font) as (...args: unknown[]) => GlyphRun;
  const kept = new Map<string, GlyphRun>();
  font.layout = (...args: unknown[]) => {
    const key = typeof args[0] === 'string' && args.length === 1 ? args[0] : JSON.stringify(args);
    let run = kept.get(key);
    if (!run) {
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      run = shape(...args);
      kept.set(key, run);
    }
    const copy: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run)), run);
    copy.positions = run.positions.map((position) => ({ ...position }));
    return copy;
  };
}

/**
 * Keeps each glyph's decoded outline once read. fontkit decodes a glyph's outline again every time
 * a document's font subset takes it (only to learn whether it is made of other glyphs), and that
 * was a tenth of a bill's render time. A static font's outlines never change, and the subset and
 * the drawing only read them. The glyph objects are already kept by fontkit, per font.
 */
function keepGlyphOutlines(font: ParsedFont): void {
  const glyph = font.getGlyph(0) as unknown as Record<string | symbol, unknown>;
  const glyphClass = Object.getPrototypeOf(glyph) as Record<string | symbol, unknown>;
  if (font._variationProcessor || typeof glyphClass._decode !== 'function' || glyphClass[OUTLINES_KEPT]) return;
  const decode = glyphClass._decode as (this: object) => unknown;
  glyphClass._decode = function keptDecode(this: Record<symbol, unknown>) {
    if (!Object.hasOwn(this, OUTLINE)) this[OUTLINE] = decode.call(this);
    return this[OUTLINE];
  };
  glyphClass[OUTLINES_KEPT] = true;
}
/** A glyph's own decoded outline (null for an empty glyph such as the space). */
const OUTLINE = Symbol('outline');
/** Set on fontkit's glyph class once its `_decode` keeps outlines. */
const OUTLINES_KEPT = Symbol('outlines kept');

/** Which embedded font draws a character: Devanagari (and ₹), Latin, Latin Extended, or an arrow. */
function fontFor(char: string, weight: Weight): keyof typeof FONTS {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2190 && code <= 0x21ff) return 'arrows';
  if ((code >= 0x0900 && code <= 0x097f) || code === 0x20b9 || (code >= 0xa8e0 && code <= 0xa8ff)) {
    return weight === 'bold' ? 'devaBold' : 'deva';
  }
  if (code > 0xff && code !== 0x2013 && code !== 0x2014 && code !== 0x2019 && code !== 0x2022) {
    return weight === 'bold' ? 'boldExt' : 'regularExt';
  }
  return weight;
}

/** Text split into runs that one font draws. */
export function runsOf(text: string, weight: Weight): { font: keyof typeof FONTS; text: string }[] {
  const runs: { font: keyof typeof FONTS; text: string }[] = [];
  for (const char of text) {
    const font = fontFor(char, weight);
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const RULE = '#9a9a9a';
export const SHADE = '#eef2ee';
/** The table header's band, with white text on it. */
export const HEADER_BAND = '#2f5d3a';
/** Every other row of a table. */
export const STRIPE = '#f7f7f7';

export interface TextOptions {
  size?: number;
  weight?: Weight;
  color?: string;
  /** Within [x, x + width). */
  align?: 'left' | 'right' | 'center';
  width?: number;
}

export interface PdfCanvas {
  doc: PDFKit.PDFDocument;
  /** One line of text at (x, y), font runs drawn one after another. */
  text(value: string, x: number, y: number, options?: TextOptions): void;
  /** Words wrapped into lines no wider than `width`. */
  wrap(value: string, width: number, size: number, weight?: Weight): string[];
  widthOf(text: string, size: number, weight: Weight): number;
  /** A thin horizontal rule, the content's width unless told. */
  rule(y: number, color?: string, x1?: number, x2?: number): void;
  /** Ends the document; resolves with the PDF's bytes. */
  end(): Promise<Buffer>;
}

/** A column of a table: its heading, width (points) and alignment. */
export interface TableColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** A table's heading band (white on the shop's green) across the content at `y`; the y below it. */
export function drawTableHeader(canvas: PdfCanvas, columns: readonly TableColumn[], left: number, y: number): number {
  canvas.doc.rect(left, y, CONTENT_WIDTH, 18).fillColor(HEADER_BAND).fill();
  let x = left;
  for (const column of columns) {
    canvas.text(column.label, x + 3, y + 5, {
      size: 7.5,
      weight: 'bold',
      color: '#ffffff',
      align: column.align,
      width: column.width - 6,
    });
    x += column.width;
  }
  return y + 20;
}

/**
 * A new A4 document with the fonts registered. `bufferPages` keeps every page open until the end,
 * so a caller can go back (`doc.switchToPage`) and number them.
 */
export function openPdfCanvas(options: {
  locale: string;
  info: PDFKit.DocumentInfo;
  bufferPages?: boolean;
  /** Another paper than A4 ([width, height] in points: a 50 × 25 mm label) and its margin. */
  size?: [number, number];
  margin?: number;
}): PdfCanvas {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margin: options.margin ?? PAGE.margin,
    lang: options.locale,
    info: options.info,
    autoFirstPage: true,
    // No default font: every text names one of ours, and pdfkit would otherwise parse
    // Helvetica's metrics for each document.
    font: null as unknown as string,
    bufferPages: options.bufferPages ?? false,
  });
  for (const [name, file] of Object.entries(FONTS)) {
    doc.registerFont(name, (parsedFonts.get(name) ?? fontFileAsSfnt(file)) as unknown as Buffer);
  }
  // Devanagari is drawn out of reading order (ि before its consonant): map it back for search and copy.
  for (const name of ['deva', 'devaBold'] as const) {
    keepReadingOrder((doc.font(name) as unknown as { _font: unknown })._font);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Parsed once per process (each worker of the PDF pool): pdfkit takes a parsed font as well as
  // its bytes, and parsing six fonts again was most of a short bill's render time.
  if (parsedFonts.size === 0) {
    for (const name of Object.keys(FONTS)) {
      const font = (doc.font(name) as unknown as { _font: { font: ParsedFont } })._font.font;
      rememberLayouts(font);
      keepGlyphOutlines(font);
      parsedFonts.set(name, font);
    }
  }
  doc.font('regular');
  const latinAscender = (doc as unknown as { _font: { ascender: number } })._font.ascender;

  const widthOf = (text: string, size: number, weight: Weight) =>
    runsOf(text, weight).reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);

  const text = (value: string, x: number, y: number, options: TextOptions = {}) => {
    const size = options.size ?? 9;
    const weight = options.weight ?? 'regular';
    const width = widthOf(value, size, weight);
    let left = x;
    if (options.align === 'right' && options.width !== undefined) left = x + options.width - width;
    if (options.align === 'center' && options.width !== undefined) left = x + (options.width - width) / 2;
    doc.fillColor(options.color ?? INK);
    // Every run on the Latin font's baseline: the Devanagari font's taller ascender would lift its runs.
    const baseline = -(latinAscender * size) / 1000;
    for (const run of runsOf(value, weight)) {
      doc.font(run.font).fontSize(size).text(run.text, left, y, { lineBreak: false, baseline });
      left += doc.widthOfString(run.text);
    }
  };

  const wrap = (value: string, width: number, size: number, weight: Weight = 'regular'): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of value.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && widthOf(next, size, weight) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  };

  const rule = (y: number, color = RULE, x1 = PAGE.margin, x2 = PAGE.width - PAGE.margin) => {
    doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke();
  };

  const end = () => {
    doc.end();
    return done;
  };

  return { doc, text, wrap, widthOf, rule, end };
}

/** Parses the fonts now (a PDF worker, as it starts), so the first document does not wait for them. */
export function parseFonts(): void {
  if (parsedFonts.size === 0) void openPdfCanvas({ locale: 'en-IN', info: {} }).end();
}

/**
 * The receipt's lines that a receipt printer cannot print as text (Devanagari, ₹: no printer code
 * page has them), drawn as 1-bit pictures at the paper's dot width with the bill's own Noto fonts
 * (`lib/pdf/pdf-canvas.ts`: the same files and the same choice of font per character).
 *
 * Why fontkit and not sharp's text (pango): libvips' font loader reads TrueType but not the WOFF
 * files the @fontsource packages ship (it silently falls back to whatever fonts the machine has, or
 * to empty boxes on a machine with none), and a machine's own "Noto Sans" would win over ours by
 * name. fontkit reads our fonts as the bill does (unpacked once, `woff-to-sfnt.ts`) and shapes
 * Devanagari as the bill's PDF does (conjuncts, the ि before its consonant, reph); its glyph
 * outlines become one SVG that sharp (libvips' SVG renderer) draws and this file thresholds.
 *
 * Loaded on the first ESC/POS receipt (a dynamic import): fonts are parsed then, once per process.
 * Shaped runs and drawn lines are kept (bounded), so a shop's repeated labels, names and figures
 * cost a lookup, and every line not kept yet is drawn in one SVG per receipt.
 */
import * as fontkit from 'fontkit';
import { loadSharp } from '../../lib/images.js';
import { FONTS, runsOf, type Weight } from '../../lib/pdf/pdf-canvas.js';
import { fontFileAsSfnt } from '../../lib/pdf/woff-to-sfnt.js';

type FontName = keyof typeof FONTS;

/** A piece of text on a raster line, starting `x` dots from the left edge. */
export interface RasterSegment {
  text: string;
  x: number;
}

/** One line of the receipt as a picture: `width` dots (the paper's) by its own height. */
export interface RasterLine {
  segments: RasterSegment[];
  weight: Weight;
  /** The text's size in dots (its em). */
  size: number;
}

/** A drawn line: `height` rows of `width` dots, 1 bit a dot, 1 = black, rows packed MSB first. */
export interface RasterBitmap {
  width: number;
  height: number;
  bits: Uint8Array;
}

/** Past this many kept entries a memory starts again (a receipt uses a few dozen). */
const KEPT = 2000;

/**
 * A grey level darker than this is a printed dot. Above the middle grey (128), so the antialiased
 * thin strokes of Devanagari at 24 dots (the headline's ends, the nukta) print rather than vanish.
 */
const INK_BELOW = 160;

/** The line's height and baseline for a size: room above for Devanagari's vowel signs, below for ु and conjuncts. */
const lineHeightOf = (size: number) => Math.ceil(size * 1.36);
const baselineOf = (size: number) => Math.round(size * 0.95);

const parsed = new Map<FontName, fontkit.Font>();

function fontNamed(name: FontName): fontkit.Font {
  let font = parsed.get(name);
  if (!font) {
    font = fontkit.create(fontFileAsSfnt(FONTS[name])) as fontkit.Font;
    parsed.set(name, font);
  }
  return font;
}

interface ShapedRun {
  font: FontName;
  unitsPerEm: number;
  /** Advance of the whole run, font units. */
  advance: number;
  glyphs: { id: number; xOffset: number; yOffset: number; xAdvance: number }[];
}

/** Runs shaped by fontkit, kept: shaping Devanagari is the costly part of drawing a line. */
const shapedRuns = new Map<string, ShapedRun>();

function shape(font: FontName, text: string): ShapedRun {
  const key = `${font}\u0000${text}`;
  let run = shapedRuns.get(key);
  if (!run) {
    const parsedFont = fontNamed(font);
    const layout = parsedFont.layout(text);
    const glyphs = layout.glyphs.map((glyph, i) => {
      const position = layout.positions[i];
      return {
        id: glyph.id,
        xOffset: position?.xOffset ?? 0,
        yOffset: position?.yOffset ?? 0,
        xAdvance: position?.xAdvance ?? 0,
      };
    });
    run = {
      font,
      unitsPerEm: parsedFont.unitsPerEm,
      advance: glyphs.reduce((sum, glyph) => sum + glyph.xAdvance, 0),
      glyphs,
    };
    if (shapedRuns.size >= KEPT) shapedRuns.clear();
    shapedRuns.set(key, run);
  }
  return run;
}

/** Each glyph's outline as SVG path data (font units, y up), per font; read-only once parsed. */
const outlines = new Map<string, string>();

function outlineOf(font: FontName, id: number): string {
  const key = `${font}:${id}`;
  let outline = outlines.get(key);
  if (outline === undefined) {
    outline = fontNamed(font).getGlyph(id).path.toSVG();
    outlines.set(key, outline);
  }
  return outline;
}

/** A text's width in dots at a size and weight. */
export function measureText(text: string, weight: Weight, size: number): number {
  return runsOf(text, weight).reduce((sum, run) => {
    const shaped = shape(run.font, run.text);
    return sum + (shaped.advance * size) / shaped.unitsPerEm;
  }, 0);
}

/** The SVG paths of a line's glyphs, its baseline `top + baseline` dots from the picture's top. */
function linePaths(line: RasterLine, top: number): string {
  const baseline = top + baselineOf(line.size);
  const paths: string[] = [];
  for (const segment of line.segments) {
    let pen = segment.x;
    for (const run of runsOf(segment.text, line.weight)) {
      const shaped = shape(run.font, run.text);
      const perUnit = line.size / shaped.unitsPerEm;
      for (const glyph of shaped.glyphs) {
        const outline = outlineOf(run.font, glyph.id);
        if (outline) {
          const x = (pen + glyph.xOffset * perUnit).toFixed(2);
          const y = (baseline - glyph.yOffset * perUnit).toFixed(2);
          const s = perUnit.toFixed(5);
          paths.push(`<path transform="matrix(${s} 0 0 -${s} ${x} ${y})" d="${outline}"/>`);
        }
        pen += glyph.xAdvance * perUnit;
      }
    }
  }
  return paths.join('');
}

/** Drawn lines, kept by their content and the paper's width. */
const drawnLines = new Map<string, RasterBitmap>();
const lineKey = (line: RasterLine, width: number) => JSON.stringify([width, line.weight, line.size, line.segments]);

/**
 * The lines drawn at `width` dots, in order. Lines not kept yet are drawn together in one SVG (one
 * sharp call per receipt, not one per line), then cut apart and thresholded to 1 bit.
 */
export async function drawLines(lines: readonly RasterLine[], width: number): Promise<RasterBitmap[]> {
  const keys = lines.map((line) => lineKey(line, width));
  // This receipt's own copy of what is kept: another receipt may start the memory again meanwhile.
  const found = new Map<string, RasterBitmap>();
  const missing = new Map<string, RasterLine>();
  keys.forEach((key, i) => {
    const kept = drawnLines.get(key);
    if (kept) found.set(key, kept);
    else missing.set(key, lines[i] as RasterLine);
  });
  if (missing.size > 0) {
    let top = 0;
    const placed = [...missing].map(([key, line]) => {
      const height = lineHeightOf(line.size);
      const at = { key, top, height, paths: linePaths(line, top) };
      top += height;
      return at;
    });
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${top}" viewBox="0 0 ${width} ${top}">` +
      `<rect width="${width}" height="${top}" fill="#fff"/><g fill="#000">${placed.map((at) => at.paths).join('')}</g></svg>`;
    const { default: sharp } = await loadSharp();
    const { data, info } = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== top) {
      throw new Error(`receipt raster drawn at ${info.width}x${info.height}, expected ${width}x${top}`);
    }
    if (drawnLines.size + placed.length > KEPT) drawnLines.clear();
    for (const at of placed) {
      const bitmap = packRows(data, info.channels, width, at.top, at.height);
      found.set(at.key, bitmap);
      drawnLines.set(at.key, bitmap);
    }
  }
  return keys.map((key) => found.get(key) as RasterBitmap);
}

/** Rows [top, top + height) of a grey picture as 1-bit rows, MSB first (the order of ESC/POS GS v 0). */
function packRows(grey: Buffer, channels: number, width: number, top: number, height: number): RasterBitmap {
  const stride = Math.ceil(width / 8);
  const bits = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const row = (top + y) * width * channels;
    for (let x = 0; x < width; x += 1) {
      if ((grey[row + x * channels] ?? 255) < INK_BELOW) bits[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, bits };
}

/**
 * The fonts parsed once and shared by every document (decision 0038) draw every glyph whole:
 * a glyph made of others (ज़ is ज with a nukta, é is e with an accent) keeps its parts, in the
 * outline kept for it and in each document's font subset.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openPdfCanvas } from './pdf-canvas.js';

type Outline = { numberOfContours: number; components?: { glyphID: number }[] } | null;
type Glyph = { id: number; _decode(): Outline };
type Font = { layout(text: string): { glyphs: Glyph[] } };

const fontOf = (canvas: ReturnType<typeof openPdfCanvas>, name: string): Font =>
  (canvas.doc.font(name) as unknown as { _font: { font: Font } })._font.font;

/** A TrueType font's glyph count: `numGlyphs` of its maxp table, found in the table directory. */
function glyphCount(font: Buffer): number {
  const tables = font.readUInt16BE(4);
  for (let table = 0; table < tables; table++) {
    const record = 12 + 16 * table;
    if (font.toString('latin1', record, record + 4) === 'maxp')
      return font.readUInt16BE(font.readUInt32BE(record + 8) + 4);
  }
  throw new Error('no maxp table');
}

/** The glyph counts of the fonts a PDF embeds (its FontFile2 streams, inflated). */
function embeddedGlyphCounts(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/FontFile2 (\d+) 0 R/g)].map(([, object]) => {
    const header = new RegExp(`\n${object} 0 obj\n<<\n/Length (\\d+)[^>]*>>\nstream\n`).exec(text);
    if (!header) throw new Error(`font file ${object} not found`);
    const start = header.index + header[0].length;
    return glyphCount(zlib.inflateSync(pdf.subarray(start, start + Number(header[1]))));
  });
}

describe('fonts shared by every document', () => {
  it('keeps a glyph made of others with its parts, the same outline on every read', () => {
    const canvas = openPdfCanvas({ locale: 'hi-IN', info: {} });
    for (const [name, text] of [
      ['deva', 'ज़'],
      ['regular', 'é'],
    ] as const) {
      const [glyph] = fontOf(canvas, name).layout(text).glyphs;
      const outline = glyph?._decode();
      expect(outline?.numberOfContours).toBeLessThan(0);
      expect(outline?.components?.length).toBeGreaterThan(0);
      expect(glyph?._decode()).toBe(outline);
    }
    void canvas.end();
  });

  it('embeds the parts of a glyph made of others in every document, the first and the later ones', async () => {
    for (let document = 0; document < 3; document++) {
      const canvas = openPdfCanvas({ locale: 'hi-IN', info: {} });
      canvas.text('ज़', 40, 40, { size: 12 });
      const counts = embeddedGlyphCounts(await canvas.end());
      // The empty glyph, ज़ itself and its two parts (ज and the nukta).
      expect(Math.max(...counts)).toBeGreaterThanOrEqual(4);
    }
  });
});

/**
 * Devanagari drawn by pdfkit reads back in reading order, word for word: reordered i-matra, reph,
 * conjuncts, nukta, o-matra drawn as two glyphs, and the same glyphs used in other roles earlier
 * on the page (ा in ता, then as half of ो).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { clustersOf, glyphTexts, keepReadingOrder } from './pdf-reading-order.js';

const require = createRequire(import.meta.url);
const devanagariFont = (weight: 400 | 700) =>
  path.join(
    path.dirname(require.resolve('@fontsource/noto-sans-devanagari/LICENSE')),
    'files',
    `noto-sans-devanagari-devanagari-${weight}-normal.woff`,
  );

const LINES = [
  'प्याज़ ग्राहक कर्नाटक मूल्य हिन्दी क्रमांक',
  'निर्मित कर्मियों पैंतीस हज़ार रुपये रूप',
  'स्त्री क्षेत्र ज्ञान द्वारा शुद्ध श्रेणी',
  'रास्ता सरसों वस्तुओं आपूर्ति बीजक दिनांक',
].map((line) => line.normalize('NFC'));

function draw(lines: readonly string[], weight: 400 | 700, withReadingOrder: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('deva', devanagariFont(weight));
  doc.font('deva');
  if (withReadingOrder) keepReadingOrder((doc as unknown as { _font: unknown })._font);
  lines.forEach((line, i) => {
    doc.fontSize(i % 2 ? 9 : 18).text(line, 40, 40 + i * 40, { lineBreak: false });
  });
  doc.end();
  return done;
}

describe('Devanagari read back from the PDF', () => {
  it('comes out of pdfkit alone in drawing order, not reading order', async () => {
    const text = await pdfText(await draw(LINES, 400, false));
    expect(text).not.toContain('हिन्दी');
    expect(text).toContain('िहन्दी');
  });

  it.each([400, 700] as const)('reads every word back whole and in order (weight %i)', async (weight) => {
    const text = await pdfText(await draw(LINES, weight, true));
    const words = text.split(/\s+/);
    for (const word of LINES.flatMap((line) => line.split(' '))) expect(words, word).toContain(word);
  });
});

describe('the text of a cluster', () => {
  const glyph = (...codePoints: number[]) => ({ codePoints });

  it('keeps what each glyph was made from when drawn in order', () => {
    expect(glyphTexts([glyph(0x917, 0x94d, 0x930), glyph(0x93e)], [0x917, 0x94d, 0x930, 0x93e])).toEqual([
      [0x917, 0x94d, 0x930],
      [0x93e],
    ]);
  });

  it('hands a reordered cluster out in reading order: हि drawn ि ह', () => {
    expect(glyphTexts([glyph(0x93f), glyph(0x939)], [0x939, 0x93f])).toEqual([[0x939], [0x93f]]);
  });

  it('gives each glyph some text even when its characters are stale', () => {
    // ा first made for ता, now half of ो: its characters say 093E where the text has 094B.
    const texts = glyphTexts([glyph(0x93e), glyph(0x902)], [0x94b, 0x902]);
    expect(texts.flat()).toEqual([0x94b, 0x902]);
    expect(texts.every((text) => text.length > 0)).toBe(true);
  });

  it('groups glyphs into the shortest runs that hold the next characters', () => {
    const glyphs = [glyph(0x93f), glyph(0x939), glyph(0x928, 0x94d), glyph(0x926), glyph(0x940)];
    const clusters = clustersOf(glyphs, 'हिन्दी');
    expect(clusters.map(({ first, end }) => [first, end])).toEqual([
      [0, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
  });
});

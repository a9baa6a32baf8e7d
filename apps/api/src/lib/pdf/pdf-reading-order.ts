/**
 * Copyable, searchable Devanagari in pdfkit's PDFs. fontkit shapes Devanagari right (conjuncts,
 * reph, nukta, the i-matra ि drawn before its consonant), but a PDF's text is read back glyph by
 * glyph in drawing order through the font's ToUnicode map, and pdfkit maps each glyph to the
 * characters it came from: "हिन्दी" is drawn ि ह न्द ी and read back "िहन्दी", "कर्नाटक" read back
 * "कनार्टक". Search and copy then find nothing.
 *
 * So the glyphs of a run are grouped into clusters, the shortest runs of glyphs that hold exactly
 * the characters of the next stretch of text. A cluster drawn in reading order keeps pdfkit's
 * mapping; in a reordered one the stretch's characters are handed out over its glyphs in drawing
 * order (`glyphTexts`), so the glyphs look the same and the text reads back in order. A glyph that
 * needs a mapping other than its first gets a further code in the font subset, a copy of the same
 * outline. Every glyph keeps some text: a reader such as pdf.js reads a glyph mapped to nothing as
 * its raw code.
 *
 * Readers also take a glyph whose text holds a combining mark (्, ु, ़ ...) for a zero-width
 * accent (pdf.js tests the whole text for any mark), so a conjunct such as ग्र or रु lost its width
 * and a space appeared after it: "ग्र ाहक". A wide glyph therefore reads as its text up to the
 * first mark, and the rest is carried by the font's zero-width, empty U+200B glyph drawn right
 * after it, which a reader rightly takes for zero width.
 */

interface ShapedGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** The parts of pdfkit's EmbeddedFont this reads and extends (pdfkit 0.20, fontkit 2). */
interface EmbeddedFontInternals {
  font: { glyphForCodePoint(codePoint: number): ShapedGlyph };
  layout(text: string, features?: unknown): { glyphs: ShapedGlyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
}

const sameCodePoints = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** True when both lists hold the same code points, in any order. */
function sameMultiset(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sortedA = [...a].sort((x, y) => x - y);
  const sortedB = [...b].sort((x, y) => x - y);
  return sameCodePoints(sortedA, sortedB);
}

/** The glyphs in clusters, each with the text's code points it stands for. */
export function clustersOf(
  glyphs: readonly { codePoints: readonly number[] }[],
  text: string,
): { first: number; end: number; codePoints: number[] }[] {
  const logical = Array.from(text, (char) => char.codePointAt(0) ?? 0);
  const clusters: { first: number; end: number; codePoints: number[] }[] = [];
  let first = 0;
  let textAt = 0;
  let held: number[] = [];
  glyphs.forEach((glyph, i) => {
    held = held.concat(glyph.codePoints);
    const stretch = logical.slice(textAt, textAt + held.length);
    if (i === glyphs.length - 1 || (held.length > 0 && sameMultiset(held, stretch))) {
      // The last cluster takes whatever text is left, so no character is ever lost.
      const codePoints = i === glyphs.length - 1 ? logical.slice(textAt) : stretch;
      clusters.push({ first, end: i + 1, codePoints });
      textAt += codePoints.length;
      first = i + 1;
      held = [];
    }
  });
  return clusters;
}

const isCombiningMark = (codePoint: number) => /\p{Mn}/u.test(String.fromCodePoint(codePoint));

/** Read back as nothing by every reader, for a glyph left without a character of its own. */
const ZERO_WIDTH_SPACE = 0x200b;

/**
 * The text each glyph of a cluster reads back as, in drawing order. In order, a glyph reads as
 * what it was made from. Reordered, the cluster's text is handed out in units (a letter with the
 * combining marks after it; single characters when there are fewer units than glyphs), each glyph
 * at least one and about as many characters as it was made from, the last glyph the rest; so a
 * glyph's text starts with a letter wherever the text allows. (fontkit keeps the characters a
 * glyph was first made from, so a glyph used again in another role, ा as half of ो, can say
 * others: the cluster then runs on, and its text still reads back whole and in order.)
 */
export function glyphTexts(
  glyphs: readonly { codePoints: readonly number[] }[],
  codePoints: readonly number[],
): number[][] {
  if (
    sameCodePoints(
      glyphs.flatMap((glyph) => [...glyph.codePoints]),
      codePoints,
    )
  ) {
    return glyphs.map((glyph) => [...glyph.codePoints]);
  }
  let units: number[][] = [];
  for (const codePoint of codePoints) {
    const last = units.at(-1);
    if (last && isCombiningMark(codePoint)) last.push(codePoint);
    else units.push([codePoint]);
  }
  if (units.length < glyphs.length) units = codePoints.map((codePoint) => [codePoint]);
  let next = 0;
  return glyphs.map((glyph, i) => {
    const glyphsAfter = glyphs.length - i - 1;
    const text: number[] = [];
    while (
      next < units.length - glyphsAfter &&
      (glyphsAfter === 0 || text.length === 0 || text.length + (units[next]?.length ?? 0) <= glyph.codePoints.length)
    ) {
      text.push(...(units[next] ?? []));
      next += 1;
    }
    return text.length ? text : [ZERO_WIDTH_SPACE];
  });
}

/** Makes `font.encode` map its glyphs to the text in reading order. */
export function keepReadingOrder(pdfkitFont: unknown): void {
  const font = pdfkitFont as EmbeddedFontInternals;
  // Zero width and no outline: it carries the combining marks a wide glyph must not (see above).
  const carrier = font.font.glyphForCodePoint(0x200b);
  const canCarry = carrier.id !== 0 && carrier.advanceWidth === 0;
  const codes = new Map<string, number>();
  const codeOf = (glyph: ShapedGlyph, codePoints: number[]): string => {
    const key = `${glyph.id}:${codePoints.join(',')}`;
    let code = codes.get(key);
    if (code === undefined) {
      code = font.subset.includeGlyph(glyph.id);
      const mapped = font.unicode[code];
      if (mapped && !sameCodePoints(mapped, codePoints)) {
        // Another code for the same outline: ToUnicode maps codes, not glyphs.
        font.subset.glyphs.push(glyph.id);
        code = font.subset.glyphs.length - 1;
      }
      if (font.unicode[code] === undefined) {
        font.unicode[code] = codePoints;
        font.widths[code] = glyph.advanceWidth * font.scale;
      }
      codes.set(key, code);
    }
    return code.toString(16).padStart(4, '0');
  };

  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const encoded: string[] = [];
    const placed: unknown[] = [];
    for (const cluster of clustersOf(glyphs, text)) {
      const clusterGlyphs = glyphs.slice(cluster.first, cluster.end);
      glyphTexts(clusterGlyphs, cluster.codePoints).forEach((glyphText, i) => {
        const glyph = clusterGlyphs[i] as ShapedGlyph;
        const mark = glyphText.findIndex(isCombiningMark);
        const carried = canCarry && glyph.advanceWidth > 0 && mark > 0;
        encoded.push(codeOf(glyph, carried ? glyphText.slice(0, mark) : glyphText));
        placed.push(positions[cluster.first + i]);
        if (carried) {
          encoded.push(codeOf(carrier, glyphText.slice(mark)));
          placed.push({ xAdvance: 0, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: 0 });
        }
      });
    }
    return [encoded, placed];
  };
}

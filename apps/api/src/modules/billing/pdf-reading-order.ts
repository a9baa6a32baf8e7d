/**
 * Copyable, searchable Devanagari in pdfkit's PDFs. fontkit shapes Devanagari right (conjuncts,
 * reph, nukta, the i-matra ि drawn before its consonant), but a PDF's text is read back glyph by
 * glyph in drawing order through the font's ToUnicode map, and pdfkit maps each glyph to the
 * characters it came from: "हिन्दी" is drawn ि ह न्द ी and read back "िहन्दी", "कर्नाटक" read back
 * "कनार्टक". Search and copy then find nothing.
 *
 * So the glyphs of a run are grouped into clusters, the shortest runs of glyphs that hold exactly
 * the characters of the next stretch of text. A cluster drawn in reading order keeps pdfkit's
 * mapping. In a reordered one, the stretch's characters are handed out over its glyphs in drawing
 * order (each glyph as many characters as it was made from), so the glyphs look the same and the
 * text reads back in order. A glyph that needs a mapping other than its first gets a further code
 * in the font subset, a copy of the same outline. (Every glyph keeps some text: a reader such as
 * pdf.js reads a glyph mapped to nothing as the raw code.)
 */

interface ShapedGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** The parts of pdfkit's EmbeddedFont this reads and extends (pdfkit 0.20, fontkit 2). */
interface EmbeddedFontInternals {
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

/** Makes `font.encode` map its glyphs to the text in reading order. */
export function keepReadingOrder(pdfkitFont: unknown): void {
  const font = pdfkitFont as EmbeddedFontInternals;
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
    for (const cluster of clustersOf(glyphs, text)) {
      const clusterGlyphs = glyphs.slice(cluster.first, cluster.end);
      const inOrder = sameCodePoints(
        clusterGlyphs.flatMap((glyph) => glyph.codePoints),
        cluster.codePoints,
      );
      let handedOut = 0;
      clusterGlyphs.forEach((glyph, i) => {
        const isLast = i === clusterGlyphs.length - 1;
        const share = inOrder
          ? glyph.codePoints
          : cluster.codePoints.slice(handedOut, isLast ? undefined : handedOut + Math.max(1, glyph.codePoints.length));
        handedOut += share.length;
        encoded.push(codeOf(glyph, share));
      });
    }
    return [encoded, positions];
  };
}

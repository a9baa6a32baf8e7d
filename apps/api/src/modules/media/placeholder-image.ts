/**
 * The picture of an item that has none (decision 0057): an SVG drawn from its name in the shop's
 * colours (the web app's brand green and amber): the initial in a green disc, the name under it.
 * The drawing depends on the name alone, so its address (which carries the name) can be cached
 * for good. Every character of the name is escaped: the text is the shop's, or anyone's who asks.
 */

const GREEN = '#166534';
const DARK_GREEN = '#14532d';
const AMBER = '#fbbf24';
const CREAM = '#fef3c7';
const FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif";
/** Graphemes on one line of the name at its font size, and lines at most. */
const LINE_LENGTH = 16;
const MAX_LINES = 2;
/** A name longer than any item's is cut: nothing beyond two lines is drawn anyway. */
const MAX_NAME_LENGTH = 80;

const graphemes = (text: string): string[] =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (part) => part.segment);

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The name as drawn: control characters (which XML refuses) gone, spaces folded, cut to a bound. */
function cleanName(name: string): string {
  const text = name
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return graphemes(text).slice(0, MAX_NAME_LENGTH).join('');
}

/** The first letter or digit, capitalised ("आलू" gives "आ", "(Loose) okra" gives "L"). */
function initialOf(name: string): string {
  const first = graphemes(name).find((grapheme) => /[\p{L}\p{N}]/u.test(grapheme)) ?? '';
  return first.toLocaleUpperCase('en-IN');
}

/** The name in lines of whole words where it can, the last line ending in "…" when it is cut. */
export function nameLines(name: string): string[] {
  const lines: string[][] = [];
  let line: string[] = [];
  for (const word of name.split(' ')) {
    let rest = graphemes(word);
    const fits = line.length + (line.length ? 1 : 0) + rest.length <= LINE_LENGTH;
    if (line.length && !fits) {
      lines.push(line);
      line = [];
    } else if (line.length) {
      line.push(' ');
    }
    // A word longer than a line is broken inside it.
    while (rest.length > LINE_LENGTH) {
      lines.push(rest.slice(0, LINE_LENGTH));
      rest = rest.slice(LINE_LENGTH);
    }
    line.push(...rest);
  }
  if (line.length) lines.push(line);
  if (lines.length <= MAX_LINES) return lines.map((each) => each.join(''));
  const kept = lines.slice(0, MAX_LINES);
  const last = kept[MAX_LINES - 1] ?? [];
  kept[MAX_LINES - 1] = [...last.slice(0, LINE_LENGTH - 1), '…'];
  return kept.map((each) => each.join('').replace(/ …$/, '…'));
}

/** The shop's mark (the favicon's basket) for a picture with no name at all. */
const MARK = `<g transform="translate(72 72) scale(4)"><rect width="64" height="64" rx="14" fill="${GREEN}"/><path d="M18 26h28l-3 22a4 4 0 0 1-4 3H25a4 4 0 0 1-4-3z" fill="${CREAM}"/><path d="M32 10c6 0 9 5 9 10H23c0-5 3-10 9-10z" fill="#86efac"/></g>`;

/** The placeholder's SVG for `name`: 400 × 400, as large as the largest stored picture's copy. */
export function drawPlaceholder(name: string): string {
  const cleaned = cleanName(name);
  const initial = initialOf(cleaned);
  const lines = nameLines(cleaned);
  const fontSize = lines.length > 1 ? 30 : 34;
  const firstLineY = lines.length > 1 ? 316 : 334;
  const text = lines
    .map(
      (line, index) =>
        `<text x="200" y="${firstLineY + index * 38}" text-anchor="middle" font-family="${FONT}" font-size="${fontSize}" font-weight="600" fill="${DARK_GREEN}">${escapeXml(line)}</text>`,
    )
    .join('');
  const body = initial
    ? `<circle cx="200" cy="162" r="100" fill="${GREEN}" stroke="${AMBER}" stroke-width="8"/><text x="200" y="162" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="108" font-weight="700" fill="${CREAM}">${escapeXml(initial)}</text>${text}`
    : MARK;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">',
    `<title>${escapeXml(cleaned)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f0fdf4"/><stop offset="1" stop-color="${CREAM}"/></linearGradient></defs>`,
    '<rect width="400" height="400" rx="48" fill="url(#bg)"/>',
    body,
    '</svg>',
  ].join('');
}

/** A WOFF font unpacked to TrueType draws the very same PDF as the WOFF file itself. */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { fontFileAsSfnt, sfntFromWoff } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const fontFile = path.join(
  path.dirname(require.resolve('@fontsource/noto-sans-devanagari/LICENSE')),
  'files',
  'noto-sans-devanagari-devanagari-700-normal.woff',
);

function draw(font: string | Buffer): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', info: { CreationDate: new Date('2026-11-23T06:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('deva', font);
  doc.font('deva').fontSize(20).text('कर बीजक: एक हज़ार दो सौ पैंतीस रुपये ₹ 1,235.50', 30, 30);
  doc.end();
  return done;
}

describe('a WOFF font as TrueType', () => {
  it('draws a byte-identical PDF', async () => {
    const sfnt = fontFileAsSfnt(fontFile);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    expect((await draw(sfnt)).equals(await draw(fontFile))).toBe(true);
  });

  it('is unpacked once and kept', () => {
    expect(fontFileAsSfnt(fontFile)).toBe(fontFileAsSfnt(fontFile));
  });

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => sfntFromWoff(Buffer.from('wOF2 is another format entirely'))).toThrow('not a WOFF 1.0 font');
  });
});

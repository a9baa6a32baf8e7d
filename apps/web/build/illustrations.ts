/**
 * The WebP copies of the home page's drawings (src/config/illustrations.ts, decision 0067): drawn
 * from their SVG in `illustrations/` (the sources, not shipped) with sharp, written into the build as
 * `images/<name>-<width>.webp`, and made on demand by the development server. Same SVG, same sharp:
 * the same bytes on every build, so the service worker's version only changes when a drawing does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { type Illustration, illustrationCopy, illustrations } from '../src/config/illustrations.ts';

/** The drawings' SVG sources. */
const SOURCES = path.resolve(import.meta.dirname, '../illustrations');

/** Flat colours and soft edges: at 70 a drawing's copy is half the size of one at 90, with no visible change. */
const WEBP = { quality: 70, alphaQuality: 80, effort: 6 } as const;

/** The copy of `illustration` at `width` pixels, drawn from its SVG at that width (not scaled from a raster). */
async function drawCopy(illustration: Illustration, width: number): Promise<Buffer> {
  // Loaded here, not at the top: the web app's component tests load this config and need no image library.
  const { default: sharp } = await import('sharp');
  const svg = fs.readFileSync(path.join(SOURCES, `${illustration.name}.svg`));
  const { width: drawnWidth } = await sharp(svg).metadata();
  if (!drawnWidth) throw new Error(`${illustration.name}.svg has no width`);
  // An SVG is drawn at 72 dpi: the density that makes it `width` pixels wide draws it sharp at that size.
  const density = Math.ceil((72 * width) / drawnWidth);
  return sharp(svg, { density }).resize({ width }).webp(WEBP).toBuffer();
}

/** Every copy: its address in the build (`images/...`) and the drawing and width it is made from. */
function copies(): { fileName: string; illustration: Illustration; width: number }[] {
  return Object.values(illustrations).flatMap((illustration) =>
    illustration.widths.map((width) => ({
      fileName: illustrationCopy(illustration, width).slice(1),
      illustration,
      width,
    })),
  );
}

export function illustrationCopies(): Plugin {
  return {
    name: 'mandi-illustrations',
    async generateBundle() {
      for (const copy of copies()) {
        this.emitFile({
          type: 'asset',
          fileName: copy.fileName,
          source: await drawCopy(copy.illustration, copy.width),
        });
      }
    },
    configureServer(server) {
      const byPath = new Map(copies().map((copy) => [`/${copy.fileName}`, copy]));
      server.middlewares.use((request, response, next) => {
        const copy = byPath.get((request.url ?? '').split('?')[0] as string);
        if (!copy) return next();
        drawCopy(copy.illustration, copy.width).then(
          (bytes) => {
            response.setHeader('Content-Type', 'image/webp');
            response.end(bytes);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the
 * strongest settings: it is paid once per build, and the server then sends the copy a browser
 * accepts without compressing anything per request. A copy that would not be smaller is not
 * written (the server sends the file itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

export const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/i;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mandi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder are both in place.
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!TEXT_FILE.test(file)) continue;
        const bytes = fs.readFileSync(file);
        const variants = {
          '.br': zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          '.gz': zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
        };
        for (const [extension, compressed] of Object.entries(variants)) {
          if (compressed.length < bytes.length) fs.writeFileSync(file + extension, compressed);
          else fs.rmSync(file + extension, { force: true });
        }
      }
    },
  };
}

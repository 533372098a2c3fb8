import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text. Images and fonts (woff2) are compressed in their own formats already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text file of the build, once at build
 * time, so the server sends compressed bytes without compressing per request (static-app.ts serves them to clients
 * that accept them). A compressed copy that is not smaller is not kept.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'lumara:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const files = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(files.map((name) => compressFile(path.join(outDir, name))));
    },
  };
}

/** Writes the compressed copies of one file (scripts/build-web.ts: the prerendered pages, written after the bundle). */
export async function compressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.byteLength < bytes.byteLength ? writeFile(`${file}.br`, br) : undefined,
    gz.byteLength < bytes.byteLength ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

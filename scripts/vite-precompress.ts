import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; fonts (woff2), images and source maps (read only by DevTools) are left as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 256;

async function* files(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else yield file;
  }
}

/** Writes `file.br` and `file.gz` beside a file, each only when it is smaller than the original. */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Precompresses the built app once, at `vite build`, so the server sends brotli or gzip bytes
 * with @fastify/static's `preCompressed` and never compresses a static file per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'newsreel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const file of files(outDir)) if (COMPRESSIBLE.test(file)) work.push(precompressFile(file));
      await Promise.all(work);
    },
  };
}

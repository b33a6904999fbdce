// The server bundled (dist/server/main.js and the chunks of what it loads only when configured, such
// as the S3, Stripe and Redis adapters), packages left to node_modules: `npm start` runs it, for it
// loads in a third of the time the same modules take through tsx.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outdir = path.join(root, 'dist', 'server');
export const serverBundle = path.join(outdir, 'main.js');

export function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Bundles src/server/main.ts when the server's sources or the lock file are newer than the bundle. */
export async function bundleServerIfStale({ onBundle } = {}) {
  // This file too: a bundle made with other options is stale.
  const sources = ['src/server', 'src/common', 'package-lock.json', 'scripts/server-bundle.mjs'].map((p) => path.join(root, p));
  if (existsSync(serverBundle) && Math.max(...sources.map(newestMtime)) <= statSync(serverBundle).mtimeMs) return;
  onBundle?.();
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, 'src', 'server', 'main.ts') },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // The map points at the sources in the checkout; their text in it as well would be held in every
    // server's memory (the map is read at start for stack traces): 1.5 MB of the 2.3 MB map.
    sourcesContent: false,
    logLevel: 'warning',
  });
}

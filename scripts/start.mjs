// `npm start`: builds the browser app and bundles the server when their sources are newer than
// what was built, then runs the bundled server in this process, on the embedded defaults unless
// configured. The bundle (esbuild, packages left to node_modules) loads in a third of the time
// the same modules take through tsx; SERVER_BUNDLE=off runs src/server/main.ts through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServerIfStale, newestMtime, serverBundle } from './server-bundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtIndex = path.join(root, 'dist', 'web', 'index.html');

const sources = ['src/web', 'src/common', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the browser app…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.SERVER_BUNDLE === 'off') {
  const { register } = await import('tsx/esm/api');
  register();
  await import(path.join(root, 'src', 'server', 'main.ts'));
} else {
  await bundleServerIfStale();
  process.setSourceMapsEnabled(true);
  await import(serverBundle);
}

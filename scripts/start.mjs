// `npm start`: builds the browser app and bundles the server when their sources are newer than
// what was built, then runs the bundled server in this process, on the embedded defaults unless
// configured. The bundle (esbuild, packages left to node_modules) loads in a third of the time
// the same modules take through tsx; SERVER_BUNDLE=off runs src/server/main.ts through tsx.
//
// A first start (nothing built yet) does not wait for the browser app: the server starts at once,
// its pages say the app is being built and /readyz answers 503 until it is (src/server/web/
// built-app.ts); Vite builds into dist/web-next, moved to dist/web when complete, so the server never
// sees half a build. A rebuild of a stale app is waited for, as the old build must not be served
// half replaced. Either way the terminal says what is happening and how long it took.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { clearInterval, setInterval } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServerIfStale, newestMtime, serverBundle } from './server-bundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webDir = path.join(root, 'dist', 'web');
const builtIndex = path.join(webDir, 'index.html');

const sources = ['src/web', 'src/common', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  if (existsSync(builtIndex)) {
    console.log(
      'Building the browser app again: its sources changed since the last build. This takes a minute or more; the server starts after it.',
    );
    if (!(await buildWebApp(webDir))) process.exit(1);
  } else {
    console.log(
      'Building the browser app (first start, nothing built yet): one to three minutes. The server starts meanwhile; its pages say they are being built until then.',
    );
    // The directory the server serves exists from the start; the build arrives in it whole.
    mkdirSync(webDir, { recursive: true });
    const staging = path.join(root, 'dist', 'web-next');
    void buildWebApp(staging).then((built) => {
      if (!built) {
        console.error('The browser app was not built: the API keeps running without it. Run `npm run build` to see why, then start again.');
        return;
      }
      try {
        rmSync(webDir, { recursive: true, force: true });
        renameSync(staging, webDir);
        console.log('The browser app is served now.');
      } catch (error) {
        console.error('The built browser app could not be moved to dist/web:', error);
      }
    });
  }
}

/**
 * Builds the browser app with Vite into `outDir`, saying every 20 s that it still runs (a first
 * start on a busy machine has taken three minutes here), then how long it took; answers whether it
 * was built.
 */
async function buildWebApp(outDir) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const ticker = setInterval(() => console.log(`  …still building the browser app (${seconds()} s)`), 20_000);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'];
  const build = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  const [code] = await once(build, 'exit');
  clearInterval(ticker);
  if (code !== 0) {
    console.error(`Building the browser app failed (exit ${code}); see the messages above.`);
    return false;
  }
  console.log(`Browser app built in ${seconds()} s (dist/web).`);
  return true;
}

if (process.env.SERVER_BUNDLE === 'off') {
  const { register } = await import('tsx/esm/api');
  register();
  await import(path.join(root, 'src', 'server', 'main.ts'));
} else {
  await bundleServerIfStale({ onBundle: () => console.log('Bundling the server (its sources changed)…') });
  process.setSourceMapsEnabled(true);
  await import(serverBundle);
}

/**
 * bench/web: builds the browser app, starts the server on a fresh embedded database, and loads
 * /en, /en/videos and a video page cold in Chromium, as a desktop and as a throttled phone (Lighthouse's mobile
 * profile). Prints bytes of JavaScript and CSS on the wire, request count, LCP, CLS and long tasks
 * (median of RUNS loads), then Lighthouse's performance score. Figures, never a pass/fail test.
 *
 * Then the desk's first load: the demo admin signed in (password and the mailed second factor), /en/desk/content
 * cold on the desktop profile: its own chunks on top of the shell, not the customers' budget.
 *
 *   npm run bench:web     (RUNS=3 loads and LIGHTHOUSE_RUNS=3 Lighthouse runs by default, medians; LIGHTHOUSE=0 skips it)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stop, waitUntilReady } from './support.ts';
import { request } from '@playwright/test';
import { launchChromium, loadCold, type Cookies, type PageFigures, type Profile } from './web-browser.ts';
import { lighthouseRun, type LighthouseFigures } from './web-lighthouse.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.env.RUNS ?? 3);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The landing, the catalogue, and a video page (the newest video's, found once the server is up). */
const PAGES = ['/en', '/en/videos'];
const PROFILES: Profile[] = ['desktop', 'mobile'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

function medianFigures(samples: PageFigures[]): PageFigures {
  const pick = (key: keyof PageFigures) => median(samples.map((sample) => sample[key]));
  return {
    jsBytes: pick('jsBytes'),
    cssBytes: pick('cssBytes'),
    requests: pick('requests'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    longTasks: pick('longTasks'),
    longTaskMs: pick('longTaskMs'),
  };
}

/** The scripts the built shell loads before anything lazy (entry and modulepreloads), raw, gzip and brotli. */
async function initialScripts(): Promise<{ files: number; raw: number; gzip: number; brotli: number }> {
  const webRoot = path.join(root, 'dist', 'web');
  const html = await readFile(path.join(webRoot, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => path.join(webRoot, match[1] ?? ''));
  const size = async (file: string, fallback: string) => (await stat(existsSync(file) ? file : fallback)).size;
  const sum = async (suffix: string) => (await Promise.all(files.map((file) => size(file + suffix, file)))).reduce((a, b) => a + b, 0);
  return { files: files.length, raw: await sum(''), gzip: await sum('.gz'), brotli: await sum('.br') };
}

/** The demo admin's session cookies: the password, then the two-factor code from the dev mailbox (the machine's own). */
async function staffCookies(origin: string): Promise<Cookies> {
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  try {
    const email = 'admin@newsreel.example';
    const started = new Date(Date.now() - 1000).toISOString();
    const signIn = await api.post('/users/sign_in.json', { data: { user: { email, password: 'Newsreel2026' } } });
    if (signIn.status() !== 401) throw new Error(`staff sign-in answered ${signIn.status()}, not the two-factor challenge`);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      type Mail = { to: string; text: string; created_at: string };
      const mails = (await (await api.get('/dev/mailbox.json')).json()) as Mail[];
      const code = mails
        .filter((mail) => mail.to === email && mail.created_at >= started)
        .map((mail) => /\b(\d{4})\b/.exec(mail.text)?.[1])[0];
      if (code && (await api.post('/api/admin/users/admins/token_verifications', { data: { token: code } })).ok())
        return (await api.storageState()).cookies;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('no two-factor code arrived');
  } finally {
    await api.dispose();
  }
}

async function main() {
  console.log('building the browser app…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');

  const initial = await initialScripts();
  console.log(
    `\nfirst page's scripts (entry and modulepreloads of dist/web/index.html): ${initial.files} files, raw ${kb(initial.raw)}, gzip ${kb(initial.gzip)}, brotli ${kb(initial.brotli)}`,
  );

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-web-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'yes',
    DEMO_MASTERS: '0',
    // Not the demo's live stream: an ffmpeg encoding beside the browser took a core, and Lighthouse
    // scales the main-thread time it observes (load average 3.8 with it, scores 5 to 10 points apart).
    LIVE_DEMO_PUBLISHER: 'off',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await launchChromium();
  try {
    await waitUntilReady(server, `http://127.0.0.1:${port}/readyz`);
    const origin = `http://127.0.0.1:${port}`;
    const newest = (await (await fetch(`${origin}/api/content/video_projects?per_page=1`)).json()) as { videos: { id: number }[] };
    const video = newest.videos[0];
    if (video) PAGES.push(`/en/videos/${video.id}`);
    // Warm the server's own caches (catalogue queries) so the figures are the browser's.
    for (const page of PAGES) await loadCold(browser, origin + page, 'desktop');

    console.log(`\ncold loads, median of ${runs} (mobile: 412x823, slow 4G 150 ms RTT 1.6 Mbit/s, CPU 4x slower)`);
    console.log('  page             profile        JS      CSS  requests      LCP    CLS  long tasks');
    for (const page of PAGES) {
      for (const profile of PROFILES) {
        const samples: PageFigures[] = [];
        for (let run = 0; run < runs; run += 1) samples.push(await loadCold(browser, origin + page, profile));
        const f = medianFigures(samples);
        console.log(
          `  ${page.padEnd(16)} ${profile.padEnd(8)} ${kb(f.jsBytes)} ${kb(f.cssBytes)} ${String(f.requests).padStart(9)} ${ms(f.lcp)} ${f.cls.toFixed(3).padStart(6)}  ${f.longTasks} (${Math.round(f.longTaskMs)} ms)`,
        );
      }
    }

    const cookies = await staffCookies(origin);
    const deskPage = '/en/desk/content';
    await loadCold(browser, origin + deskPage, 'desktop', cookies);
    const desk: PageFigures[] = [];
    for (let run = 0; run < runs; run += 1) desk.push(await loadCold(browser, origin + deskPage, 'desktop', cookies));
    const d = medianFigures(desk);
    console.log(`\nthe desk's first load, signed-in staff, median of ${runs} (desktop; the desk's chunks load on demand)`);
    console.log('  page              JS      CSS  requests      LCP    CLS  long tasks');
    console.log(
      `  ${deskPage.padEnd(17)} ${kb(d.jsBytes)} ${kb(d.cssBytes)} ${String(d.requests).padStart(9)} ${ms(d.lcp)} ${d.cls.toFixed(3).padStart(6)}  ${d.longTasks} (${Math.round(d.longTaskMs)} ms)`,
    );

    if (process.env.LIGHTHOUSE !== '0') {
      console.log(`\nLighthouse 12 performance (median score of ${lighthouseRuns} cold runs; mobile = its simulated slow 4G and 4x CPU)`);
      console.log('  page             profile   score      FCP      LCP    CLS      TBT       SI');
      for (const page of PAGES) {
        for (const profile of PROFILES) {
          const results: (LighthouseFigures | string)[] = [];
          for (let run = 0; run < lighthouseRuns; run += 1) results.push(await lighthouseRun(origin + page, profile));
          const scored = results.filter((item): item is LighthouseFigures => typeof item !== 'string').sort((a, b) => a.score - b.score);
          const result = scored[Math.floor(scored.length / 2)] ?? results[0] ?? 'no run';
          if (typeof result === 'string') console.log(`  ${page.padEnd(16)} ${profile.padEnd(8)} ${result}`);
          else
            console.log(
              `  ${page.padEnd(16)} ${profile.padEnd(8)} ${String(result.score).padStart(5)} ${ms(result.fcp)} ${ms(result.lcp)} ${result.cls.toFixed(3).padStart(6)} ${ms(result.tbt)} ${ms(result.si)}`,
            );
        }
      }
    }
  } finally {
    await browser.close();
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

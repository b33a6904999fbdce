/**
 * bench/auth: sign-ins per second and latency under 50 concurrent clients, next to the same run's
 * GET /healthz figure so the cost of password hashing (argon2id) is visible, and /healthz probes
 * taken while the sign-in load runs, so a blocked event loop would show.
 *
 *   npm run bench:auth                                              (embedded PGlite, fresh data dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/newsreel_bench npm run bench:auth
 *                                                                   (an empty PostgreSQL database)
 */
import type autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failures, freePort, load, okCount, percentile, perSecond, sleep, stop, waitUntilReady, type Load } from './support.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CONNECTIONS = 50;
const BASELINE_SECONDS = 8;
const SIGN_IN_SECONDS = 10;
const IDLE_PROBES = 100;
const PROBE_INTERVAL_MS = 50;

// Seeded by SEED_DEMO=yes with DEMO_PASSWORD. Not admin@: admins get a two-factor step instead of a
// session. Only the right password is ever sent: a wrong one counts toward the account lockout.
const PASSWORD = 'Newsreel2026';
const EMAILS = [
  'user@newsreel.example',
  'subscriber@newsreel.example',
  'master@newsreel.example',
  'member@newsreel.example',
  'client@newsreel.example',
];

type Probes = { latencies: number[]; failed: number };

/**
 * Sequential GET /healthz round-trips on a fixed cadence, measured from this process. The probe
 * shares this process with autocannon, but at sign-in rates autocannon is nearly idle, so a slow
 * probe points at the server's event loop (or the CPU the hashing threads take from it).
 */
async function probe(url: string, until: (taken: number) => boolean): Promise<Probes> {
  const result: Probes = { latencies: [], failed: 0 };
  while (!until(result.latencies.length + result.failed)) {
    const started = performance.now();
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) result.latencies.push(performance.now() - started);
      else result.failed += 1;
    } catch {
      result.failed += 1;
    }
    await sleep(Math.max(0, PROBE_INTERVAL_MS - (performance.now() - started)));
  }
  return result;
}

function signInBody(email: string): string {
  return JSON.stringify({ user: { email, password: PASSWORD } });
}

/** One sign-in per account before the load: a seeding or cookie problem fails here, not as 50 x N errors. */
async function checkAccounts(base: string): Promise<void> {
  for (const email of EMAILS) {
    const response = await fetch(`${base}/users/sign_in.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody(email),
    });
    const body = await response.text();
    const cookie = response.headers.getSetCookie().some((value) => value.startsWith('session='));
    if (response.status !== 200 || !cookie) {
      throw new Error(`sign-in as ${email} answered ${response.status}${cookie ? '' : ' without a session cookie'}: ${body.slice(0, 200)}`);
    }
  }
}

const msText = (value: number) => `${Math.round(value)} ms`;
const rate = (value: number) => `${Math.round(value)} req/s`.padStart(11);

async function main(): Promise<number> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-auth-'));
  // A DATABASE_URL inherited from the shell must not silently turn the PGlite run into a PostgreSQL one.
  const { DATABASE_URL: _inherited, ...inheritedEnv } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inheritedEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'yes',
    // No demo masters: their ffmpeg renders would share the cores with the measurement.
    DEMO_MASTERS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, ...SHARED_SECRETS } : {}),
  };
  console.log(`database: ${database}${databaseUrl ? ` (${new URL(databaseUrl).host})` : `, ${dataDir}`}`);

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Without this, a server that dies mid-run would only show up as thousands of connection errors.
  let exit: string | undefined;
  child.once('exit', (code, signal) => (exit = signal ? `signal ${signal}` : `code ${code}`));
  try {
    await waitUntilReady(child, `${base}/readyz`);
    await checkAccounts(base);

    // Idle probes first, so the comparison below uses the same client, cadence and route.
    const idle = await probe(`${base}/healthz`, (taken) => taken >= IDLE_PROBES);

    const baseline = await load({ url: `${base}/healthz`, connections: CONNECTIONS, duration: BASELINE_SECONDS });

    // Each connection cycles through the five accounts; a prebuilt requests array keeps the
    // client cheap (setupRequest would rebuild every request), which matters on a 2-core machine.
    const requests: autocannon.Request[] = EMAILS.map((email) => ({
      method: 'POST',
      path: '/users/sign_in.json',
      headers: { 'content-type': 'application/json' },
      body: signInBody(email),
    }));
    let loaded = true;
    const loadedProbes = probe(`${base}/healthz`, () => !loaded);
    let signIns: Load;
    try {
      signIns = await load({ url: base, connections: CONNECTIONS, duration: SIGN_IN_SECONDS, requests });
    } finally {
      loaded = false;
    }
    const busy = await loadedProbes;

    const baseRate = perSecond(baseline);
    const statuses = [...signIns.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`\nsign-in load, ${CONNECTIONS} concurrent clients, ${SIGN_IN_SECONDS} s (${database}, ${os.cpus().length} cores)`);
    console.log(
      '  GET /healthz baseline          %s   p50 %s  p95 %s   1.0x',
      rate(baseRate),
      msText(percentile(baseline.latencies, 50)).padStart(6),
      msText(percentile(baseline.latencies, 95)).padStart(6),
    );
    console.log(
      '  POST /users/sign_in.json       %s   p50 %s  p95 %s   %sx of baseline req/s',
      rate(perSecond(signIns)),
      msText(percentile(signIns.latencies, 50)).padStart(6),
      msText(percentile(signIns.latencies, 95)).padStart(6),
      (perSecond(signIns) / baseRate).toPrecision(2),
    );
    console.log(
      '  /healthz probes while loaded   p50 %s  p95 %s  max %s   (idle: p50 %s  p95 %s, %d probes; loaded: %d probes)',
      msText(percentile(busy.latencies, 50)),
      msText(percentile(busy.latencies, 95)),
      msText(Math.max(...busy.latencies)),
      msText(percentile(idle.latencies, 50)),
      msText(percentile(idle.latencies, 95)),
      idle.latencies.length,
      busy.latencies.length,
    );
    console.log(
      '  sign-ins: %d ok, %d not 200 or failed (statuses %s; connection errors %d, timeouts %d)',
      okCount(signIns),
      failures(signIns),
      statuses || 'none',
      signIns.errors,
      signIns.timeouts,
    );

    const problems = [
      exit !== undefined && `the server exited during the run (${exit})`,
      failures(signIns) > 0 && `${failures(signIns)} sign-ins were not 200`,
      failures(baseline) > 0 && `${failures(baseline)} baseline /healthz requests were not 200`,
      idle.failed + busy.failed > 0 && `${idle.failed + busy.failed} /healthz probes failed`,
    ].filter((problem): problem is string => typeof problem === 'string');
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

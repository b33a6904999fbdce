/**
 * bench/cable: the real-time endpoint next to a bare `ws` broadcast server (bench/cable-bare.ts),
 * both started the same way (`node --import tsx …`) in the same run, with the clients in this
 * process (a second process) speaking the ActionCable protocol over `ws`:
 *
 * - RSS per idle connection: the server's RSS (VmRSS, read after a full garbage collection asked
 *   through the inspector) at 1,000, 5,000 and 10,000 connections, each subscribed to the alerts
 *   channel, less its RSS before the first, divided by the connections;
 * - fan-out: one alert broadcast to every client, from the broadcast to the moment each client has
 *   it; p50, p95 and p99 over all clients of ROUNDS broadcasts, after a first one per level (its
 *   p95 is shown apart);
 * - in-process: each server's POST /broadcast (the app's on a second port, bench/cable-app.ts)
 *   makes an alert, stamps its `updated_at` and hands it to the broadcaster (the app's own); that
 *   stamp is the broadcast instant (one machine, one clock); the p95 from the request is shown too;
 * - app-admin: the broadcast is an admin's POST /api/admin/content/alerts, timed from the alert's
 *   `updated_at`, stamped before its database insert: the insert and the rest of the request count;
 * - through Redis pub/sub (REDIS_URL, default the local one): this process broadcasts, as a worker
 *   process would (to the app with the app's own Redis broadcaster), and the instant is its own.
 *
 * The modes take turns, PASSES times over (the machine is shared: one pass can be unlucky), and
 * the summary gives each figure's median over the passes.
 *
 *   npm run bench:cable      (LEVELS=1000,5000,10000 ROUNDS=5 PASSES=3 MODES=bare,app,app-admin,bare-redis,app-redis)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import type { Alert } from '../src/common/alerts.ts';
import { CHANNELS } from '../src/common/realtime.ts';
import { ALERTS_STREAM } from '../src/server/modules/realtime/channels.ts';
import { redisBroadcaster } from '../src/server/modules/realtime/redis-broadcaster.ts';
import { freePort, percentile, sleep, stop, waitUntilReady } from './support.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const LEVELS = (process.env.LEVELS ?? '1000,5000,10000').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PASSES = Number(process.env.PASSES ?? 3);
const MODES = (process.env.MODES ?? 'bare,app,app-admin,bare-redis,app-redis').split(',');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONNECT_CONCURRENCY = 200;
const ROUND_TIMEOUT_MS = 30_000;
const DEMO_ADMIN = { email: 'admin@newsreel.example', password: 'Newsreel2026' };
const ALERTS = JSON.stringify({ channel: 'Content::AlertsChannel' });
const BROADCAST_MARK = Buffer.from('"message":{');

/** A client; its index says where its receipt time goes. */
class BenchSocket extends WebSocket {
  index = -1;
}

/** Wall-clock milliseconds, sub-millisecond, comparable with the server's clock (one machine). */
const wallNow = () => performance.timeOrigin + performance.now();

let receipts = new Float64Array(0);
let pending = 0;
/** When this round's message was broadcast: given by the trigger, else the alert's `updated_at` from the first receipt. */
let broadcastAt = Number.NaN;
let roundDone: () => void = () => undefined;

/** One handler for all clients: a broadcast (not a ping) records when it arrived. */
function onMessage(this: WebSocket, data: Buffer) {
  if (!(this instanceof BenchSocket) || data.indexOf(BROADCAST_MARK) === -1 || receipts[this.index] !== 0) return;
  receipts[this.index] = wallNow();
  if (Number.isNaN(broadcastAt)) {
    const { message } = JSON.parse(String(data)) as { message: { alert: { updated_at: string } } };
    broadcastAt = Date.parse(message.alert.updated_at);
  }
  pending -= 1;
  if (pending === 0) roundDone();
}

/** Opens a client, waits for welcome, subscribes to the alerts channel and waits for the confirmation. */
function connect(url: string, index: number, headers: Record<string, string>): Promise<BenchSocket> {
  return new Promise((resolve, reject) => {
    const socket = new BenchSocket(url, ['actioncable-v1-json'], { perMessageDeflate: false, handshakeTimeout: 30_000, headers });
    socket.index = index;
    const handshake = (data: Buffer) => {
      const message = JSON.parse(String(data)) as { type?: string };
      if (message.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier: ALERTS }));
      else if (message.type === 'confirm_subscription') {
        socket.off('message', handshake);
        socket.on('message', onMessage);
        resolve(socket);
      } else if (message.type === 'reject_subscription') reject(new Error('subscription rejected'));
    };
    socket.on('message', handshake);
    socket.once('error', reject);
  });
}

async function connectUpTo(url: string, clients: BenchSocket[], count: number) {
  let next = clients.length;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      clients[index] = await connect(url, index, {});
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
}

function rssKiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

type Round = { fromBroadcast: number[]; fromRequest: number[] };

/**
 * One broadcast to `count` clients: each client's time from the broadcast to receipt, and from the
 * trigger (the request, or the publish) to receipt, in ms.
 */
async function broadcastRound(count: number, trigger: Trigger): Promise<Round> {
  receipts = new Float64Array(count);
  pending = count;
  broadcastAt = Number.NaN;
  const done = new Promise<void>((resolve) => (roundDone = resolve));
  const requested = wallNow();
  const stamped = await trigger();
  if (stamped !== null) broadcastAt = stamped;
  await Promise.race([done, sleep(ROUND_TIMEOUT_MS)]);
  if (pending > 0) throw new Error(`${pending} of ${count} clients did not receive the broadcast within ${ROUND_TIMEOUT_MS / 1000} s`);
  return { fromBroadcast: Array.from(receipts, (at) => at - broadcastAt), fromRequest: Array.from(receipts, (at) => at - requested) };
}

/** Makes one broadcast; answers when it was made if it knows (a publish from here), else null. */
type Trigger = () => Promise<number | null>;
type Server = { child: ChildProcess; port: number; trigger: Trigger; close?: () => Promise<void> };

let sequence = 0;
/** An alert as the app's alerts channel carries it. */
function benchAlert(): Alert {
  sequence += 1;
  const alert = {
    id: sequence,
    updated_at: new Date().toISOString(),
    title: `Breaking: bench alert ${sequence}`,
    alert_type: 'red' as const,
    target_link_to: 'custom' as const,
    custom_url: '/videos',
    live_event_extid: null,
  };
  return alert;
}

/** Each server listens for the inspector too, so that RSS is read after a full garbage collection. */
const inspectPorts = new Map<ChildProcess, number>();
const startedAt = new Map<ChildProcess, number>();

async function spawnServer(args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const inspectPort = await freePort();
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The inspector's own lines are not news; anything else the server says is passed on.
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk
      .toString()
      .replace(/^(Debugger listening on|For help, see|Debugger attached|Debugger ending on|Waiting for the debugger).*\n?/gm, '');
    if (text.trim()) process.stderr.write(text);
  });
  inspectPorts.set(child, inspectPort);
  startedAt.set(child, performance.now());
  return child;
}

/** A full garbage collection in the server, through the inspector protocol (HeapProfiler.collectGarbage). */
async function collectGarbage(child: ChildProcess): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPorts.get(child)}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error('no inspector target');
  const inspector = new WebSocket(url);
  await once(inspector, 'open');
  const answered = once(inspector, 'message');
  inspector.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  await answered;
  inspector.close();
}

async function rssAfterGc(child: ChildProcess): Promise<number> {
  await collectGarbage(child);
  await sleep(500);
  if (child.pid === undefined) throw new Error('no server pid');
  return rssKiB(child.pid);
}

async function startBare(redis: boolean): Promise<Server> {
  const port = await freePort();
  const channel = `newsreel:bench-bare:${process.pid}`;
  const env: Record<string, string> = redis ? { REDIS_URL, REDIS_CHANNEL: channel } : {};
  const child = await spawnServer(['bench/cable-bare.ts'], env, port);
  await waitUntilReady(child, `http://127.0.0.1:${port}/`);
  if (redis) {
    // Another process publishes, as a worker would: the message as it is, serialised once.
    const publisher = new Redis(REDIS_URL);
    const trigger: Trigger = async () => {
      const message = JSON.stringify({ type: 'created', alert: benchAlert() });
      const at = wallNow();
      await publisher.publish(channel, message);
      return at;
    };
    return { child, port, trigger, close: async () => void (await publisher.quit()) };
  }
  const trigger: Trigger = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/broadcast`, { method: 'POST' });
    if (response.status !== 204) throw new Error(`broadcast answered ${response.status}`);
    return null;
  };
  return { child, port, trigger };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');

/** The demo admin signs in as a person does: password, then the code from the e-mail (the dev mailbox). */
async function adminSession(base: string): Promise<string> {
  const signIn = await fetch(`${base}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: DEMO_ADMIN }),
  });
  const challenge = cookiesOf(signIn).join('; ');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as { to: string; text: string }[];
    const code = /\b(\d{4})\b/.exec(mails.find((mail) => mail.to === DEMO_ADMIN.email)?.text ?? '')?.[1];
    if (code) {
      const verified = await fetch(`${base}/api/admin/users/admins/token_verifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: challenge },
        body: JSON.stringify({ token: code }),
      });
      const session = cookiesOf(verified).find((cookie) => cookie.startsWith('session='));
      if (verified.status !== 200 || !session) throw new Error(`two-factor verification answered ${verified.status}`);
      return session;
    }
    await sleep(100);
  }
  throw new Error('no sign-in code in the dev mailbox');
}

/**
 * The demo data (with its admin) is seeded beforehand, as `npm run seed` does: a server started with
 * SEED_DEMO=yes also renders preview clips with ffmpeg in the background, which would share the cores.
 */
async function seedDemo(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding the demo data exited with ${code}`);
}

/** The app (bench/cable-app.ts); `trigger` says who broadcasts: the app itself, an admin's request, or this process through Redis. */
async function startApp(trigger: 'app' | 'admin' | 'redis', dataDir: string): Promise<Server> {
  const port = await freePort();
  const triggerPort = await freePort();
  const channel = `newsreel:bench-app:${process.pid}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'no',
    TRIGGER_PORT: String(triggerPort),
    MAX_CONNECTIONS_PER_ADDRESS: '100000',
    ...(trigger === 'redis' ? { REDIS_URL, REDIS_CHANNEL: channel } : {}),
  };
  const child = await spawnServer(['bench/cable-app.ts'], env, port);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${base}/readyz`);
  if (trigger === 'redis') {
    // This process broadcasts as a worker process would: the app's own broadcaster, through Redis.
    const broadcaster = await redisBroadcaster({ url: REDIS_URL, channel, log: console });
    return {
      child,
      port,
      trigger: async () => {
        const alert = benchAlert();
        const at = wallNow();
        broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'created', alert });
        return at;
      },
      close: () => broadcaster.close(),
    };
  }
  if (trigger === 'app') {
    // The app's broadcaster, called in the app's process as a service calls it; the alert is stamped there.
    return {
      child,
      port,
      trigger: async () => {
        const response = await fetch(`http://127.0.0.1:${triggerPort}/broadcast`, { method: 'POST' });
        if (response.status !== 204) throw new Error(`broadcast answered ${response.status}`);
        return null;
      },
    };
  }
  const cookie = await adminSession(base);
  return {
    child,
    port,
    trigger: async () => {
      const response = await fetch(`${base}/api/admin/content/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ alert: { title: benchAlert().title, alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' } }),
      });
      if (response.status !== 201) throw new Error(`creating an alert answered ${response.status}`);
      return null;
    },
  };
}

type LevelResult = {
  connections: number;
  rssPerConnection: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 of the first broadcast to this many clients, not counted in the others. */
  first: number;
  /** p95 from the trigger request, whose handling (an admin's POST, a database insert) comes first. */
  requestP95: number;
};

/**
 * V8 hands memory back some while after start-up (the app's RSS falls by about 40 MB some 20 s in,
 * with nothing happening): the idle figure is read once a server has run SETTLE_MS.
 */
const SETTLE_MS = 30_000;

async function idleRss(server: Server): Promise<number> {
  await sleep(Math.max(2_000, SETTLE_MS - (performance.now() - (startedAt.get(server.child) ?? 0))));
  await collectGarbage(server.child);
  await sleep(1_000);
  return rssAfterGc(server.child);
}

async function measure(name: string, server: Server): Promise<LevelResult[]> {
  const url = `ws://127.0.0.1:${server.port}/cable`;
  // Warm-up: a first broadcast, and a first thousand clients that come and go.
  await server.trigger();
  const warmUp: BenchSocket[] = [];
  await connectUpTo(url, warmUp, 1_000);
  for (const client of warmUp) client.terminate();
  const idleBefore = await idleRss(server);
  const clients: BenchSocket[] = [];
  const results: (LevelResult & { rss: number })[] = [];
  try {
    for (const level of LEVELS) {
      await connectUpTo(url, clients, level);
      await sleep(1_000);
      const rss = await rssAfterGc(server.child);
      const first = percentile((await broadcastRound(level, server.trigger)).fromBroadcast, 95);
      const fromBroadcast: number[] = [];
      const fromRequest: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        await sleep(300);
        const measured = await broadcastRound(level, server.trigger);
        fromBroadcast.push(...measured.fromBroadcast);
        fromRequest.push(...measured.fromRequest);
      }
      results.push({
        connections: level,
        rss,
        rssPerConnection: Number.NaN,
        p50: percentile(fromBroadcast, 50),
        p95: percentile(fromBroadcast, 95),
        p99: percentile(fromBroadcast, 99),
        first,
        requestP95: percentile(fromRequest, 95),
      });
    }
    for (const client of clients) client.terminate();
    // The server's own RSS: the lower of before and after the clients, which is the larger cost per connection.
    const idle = Math.min(idleBefore, await idleRss(server));
    for (const result of results) {
      result.rssPerConnection = ((result.rss - idle) * 1024) / result.connections;
      console.log(`${name.padEnd(11)} ${format(result)}`);
    }
  } finally {
    for (const client of clients) client.terminate();
    await server.close?.();
    await stop(server.child);
  }
  return results;
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(7);
function format(result: LevelResult) {
  return (
    `${String(result.connections).padStart(6)} conns ${(result.rssPerConnection / 1024).toFixed(1).padStart(5)} KiB/conn  ` +
    `p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  p99 ${ms(result.p99)}  first p95 ${ms(result.first)}  from request p95 ${ms(result.requestP95)}`
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Per mode and level, the median of each figure over the passes. */
function medians(passes: Map<string, LevelResult[]>[], mode: string): LevelResult[] {
  return LEVELS.map((connections, i) => {
    const runs = passes.flatMap((pass) => pass.get(mode)?.[i] ?? []);
    const of = (key: Exclude<keyof LevelResult, 'connections'>) => median(runs.map((run) => run[key]));
    return {
      connections,
      rssPerConnection: of('rssPerConnection'),
      p50: of('p50'),
      p95: of('p95'),
      p99: of('p99'),
      first: of('first'),
      requestP95: of('requestP95'),
    };
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-cable-'));
  const passes: Map<string, LevelResult[]>[] = [];
  console.log(
    `bench/cable: levels ${LEVELS.join(', ')}; ${ROUNDS} measured broadcasts a level; ${PASSES} passes over ${MODES.join(', ')}; ` +
      `${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log('RSS per idle connection after a full GC; fan-out from the broadcast to each client (ms)\n');
  try {
    if (MODES.some((mode) => mode.startsWith('app'))) await seedDemo(dataDir);
    for (let pass = 1; pass <= PASSES; pass += 1) {
      console.log(`pass ${pass} (load average ${os.loadavg()[0]?.toFixed(2)})`);
      const results = new Map<string, LevelResult[]>();
      for (const mode of MODES) {
        const server = mode.startsWith('app')
          ? await startApp(mode === 'app-redis' ? 'redis' : mode === 'app-admin' ? 'admin' : 'app', dataDir)
          : await startBare(mode.endsWith('-redis'));
        results.set(mode, await measure(mode, server));
      }
      passes.push(results);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const summary = new Map(MODES.map((mode) => [mode, medians(passes, mode)]));
  console.log(`\nmedians of ${PASSES} passes`);
  for (const [mode, results] of summary) {
    for (const [i, result] of results.entries()) {
      const p95s = passes.map((pass) => pass.get(mode)?.[i]?.p95 ?? Number.NaN);
      console.log(
        `${mode.padEnd(11)} ${format(result)}  p95 over passes ${Math.min(...p95s).toFixed(0)}–${Math.max(...p95s).toFixed(0)} ms`,
      );
    }
  }
  console.log('\napp against the bare baseline (median fan-out p95, app ÷ bare)');
  for (const [app, bare] of [
    ['app', 'bare'],
    ['app-admin', 'bare'],
    ['app-redis', 'bare-redis'],
  ] as const) {
    const ours = summary.get(app);
    const base = summary.get(bare);
    if (!ours || !base) continue;
    const ratios = ours.map((result, i) => `${result.connections}: ${(result.p95 / (base[i]?.p95 ?? Number.NaN)).toFixed(2)}x`);
    console.log(`  ${app.padEnd(10)} ${ratios.join('  ')}`);
  }
}

await main();

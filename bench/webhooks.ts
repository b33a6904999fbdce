/**
 * bench/webhooks: from a story published at the desk to its webhook delivered (issue 30: p95 <= 2 s
 * with 100 endpoints). Ten customers each keep a saved search that alerts by webhook and ten
 * endpoints (the most one owner may have) on a local receiver; an editor publishes matching stories
 * one after another; each story's 100 signed messages are timed from the publish call to their
 * arrival. The baseline of the same run: one POST from here to the same receiver.
 *
 *   npx tsx bench/webhooks.ts [--stories=10]     PostgreSQL at BENCH_DATABASE_URL, else
 *                                                postgres://postgres@127.0.0.1:5432/newsreel_bench_hooks (made afresh)
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { createDraft } from '../src/server/modules/newsroom/items.ts';
import { contentItems } from '../src/server/modules/newsroom/schema.ts';
import { publishableFields } from '../src/server/modules/newsroom/test-support.ts';
import { createSessionToken, createUser } from '../src/server/test/factories.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';
import { freePort, percentile, sleep, stop, waitUntilReady } from './support.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const storiesFlag = process.argv.find((arg) => arg.startsWith('--stories='));
const STORIES = storiesFlag ? Number(storiesFlag.slice('--stories='.length)) : 10;
const OWNERS = 10;
const ENDPOINTS_EACH = 10;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/newsreel_bench_hooks';
const WORD = `okapi${Math.random().toString(36).slice(2, 7)}`;

async function freshDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

/** The receiver: every message's arrival time, by the story it is about. */
function receiver() {
  const arrivals = new Map<number, number[]>();
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { data?: { item_id?: number; item?: { id?: number } } };
      const item = body.data?.item_id ?? body.data?.item?.id;
      if (typeof item === 'number') arrivals.set(item, [...(arrivals.get(item) ?? []), at]);
    });
  });
  return { server, arrivals };
}

async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie: `session=${cookie}`, 'content-type': 'application/json', origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function main() {
  await freshDatabase(PG_URL);
  const database = await openPostgres(PG_URL);
  await prepareDatabase(database, { seedDemo: false });
  const editor = await createUser(database.db, { isAdmin: true, deskRoles: ['editor'] });
  const editorSession = await createSessionToken(database.db, editor);
  const owners = await Promise.all(Array.from({ length: OWNERS }, () => createUser(database.db, { userGroup: 'customer' })));
  const sessions = await Promise.all(owners.map((owner) => createSessionToken(database.db, owner)));
  const stories: number[] = [];
  for (let n = 0; n < STORIES; n += 1) {
    const draft = await createDraft({ db: database.db, clock: { now: () => new Date() } }, null, {
      fields: publishableFields(`Okapis seen in the forest ${WORD} ${n}`),
    });
    await database.db
      .update(contentItems)
      .set({
        mediaState: 'ready',
        masterKey: `masters/bench-${draft.id}.mp4`,
        probe: {
          container: 'mp4',
          duration_seconds: 10,
          video_codec: 'h264',
          width: 1920,
          height: 1080,
          frame_rate: 25,
          audio_codec: 'aac',
          audio_channels: 2,
          size_bytes: 1,
        },
      })
      .where(eq(contentItems.id, draft.id));
    stories.push(draft.id);
  }
  await database.close();

  const { server: hooks, arrivals } = receiver();
  hooks.listen(0, '127.0.0.1');
  await new Promise((resolve) => hooks.once('listening', resolve));
  const hookPort = (hooks.address() as AddressInfo).port;
  const port = await freePort();
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'no',
      DATABASE_URL: PG_URL,
      OUTBOUND_ALLOW: `127.0.0.1:${hookPort}`,
      ...SHARED_SECRETS,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(app, `${base}/readyz`);
    for (const [index, session] of sessions.entries()) {
      await call(base, session, 'POST', '/api/current_user/saved_searches', {
        name: 'Okapis',
        query: { search: WORD },
        notify_in_app: false,
        notify_webhook: true,
      });
      for (let n = 0; n < ENDPOINTS_EACH; n += 1)
        await call(base, session, 'POST', '/api/current_user/webhooks', {
          url: `http://127.0.0.1:${hookPort}/owner-${index}/endpoint-${n}`,
          events: ['content.published'],
        });
    }
    // The baseline: one POST straight to the receiver.
    const direct: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const started = performance.now();
      await fetch(`http://127.0.0.1:${hookPort}/baseline`, { method: 'POST', body: '{}' });
      direct.push(performance.now() - started);
    }
    const latencies: number[] = [];
    const endpoints = OWNERS * ENDPOINTS_EACH;
    for (const story of stories) {
      const started = performance.now();
      await call(base, editorSession, 'POST', `/api/desk/content/${story}/publish`, {});
      const deadline = started + 30_000;
      while ((arrivals.get(story)?.length ?? 0) < endpoints && performance.now() < deadline) await sleep(10);
      const arrived = arrivals.get(story) ?? [];
      if (arrived.length < endpoints) console.warn(`  story ${story}: ${arrived.length} of ${endpoints} messages within 30 s`);
      latencies.push(...arrived.map((at) => at - started));
      await sleep(500);
    }
    const load1 = os.loadavg()[0]?.toFixed(1);
    console.log(
      `\npublish to webhook delivered, ${endpoints} endpoints, ${stories.length} stories (PostgreSQL, ${os.cpus().length} cores, load ${load1})`,
    );
    console.log(
      `  baseline: a POST to the receiver             p50 ${percentile(direct, 50).toFixed(1)} ms   p95 ${percentile(direct, 95).toFixed(1)} ms`,
    );
    console.log(
      `  publish -> delivered (${latencies.length} messages)   p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   target p95 <= 2000 ms`,
    );
  } finally {
    await stop(app);
    hooks.close();
  }
}

await main();

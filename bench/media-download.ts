/**
 * bench/media, the download call when the file exists: a free video with its rendition already in
 * the renditions cache, requested by many signed-in users at once.
 */
import type autocannon from 'autocannon';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { databaseCpu, databaseCpuUsed, machineBusySeconds, processCpuSeconds, transactions } from './media-cpu.ts';
import { load, sleep, type Load } from './support.ts';

/** The seeded demo account the bench users copy; its password is the demo password (bench/auth). */
export const TEMPLATE_EMAIL = 'user@newsreel.example';
export const PASSWORD = 'Newsreel2026';
/** Spec content §9: 30 downloads a day per user. */
export const DAILY_LIMIT = 30;
export const DOWNLOAD_BODY = JSON.stringify({ restrictions_accepted: true, quality: 'hd', file_type: 'mp4' });

/** The hash the platform keeps of a session cookie (security/crypto.ts: sha256, base64url). */
const sessionHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * `count` users copied from the seeded ordinary user (same group, terms, confirmation), each with
 * a live session whose cookie is returned. Made in the database rather than by sign-ins through
 * the API, which would cost an argon2 hash each for nothing the download call reads: it reads the
 * same user and session rows either way (the seeded user's own API sign-in checks that path).
 */
export async function makeUsers(client: pg.Client, prefix: string, count: number): Promise<string[]> {
  const { rows: columns } = await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'users' AND column_name NOT IN ('id', 'email')`,
  );
  const list = columns.map((column) => `"${column.name}"`).join(', ');
  const { rows: made } = await client.query<{ id: number }>(
    `INSERT INTO users (email, ${list})
       SELECT $1 || n || '@newsreel.example', ${list} FROM users, generate_series(1, $2::int) AS n WHERE email = $3
       RETURNING id`,
    [prefix, count, TEMPLATE_EMAIL],
  );
  if (made.length !== count) throw new Error(`made ${made.length} bench users of ${count}: is ${TEMPLATE_EMAIL} seeded?`);
  const tokens = made.map(() => randomBytes(32).toString('base64url'));
  await client.query(
    `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at)
       SELECT hash, user_id, now(), now(), now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS s(hash, user_id)`,
    [tokens.map(sessionHash), made.map((row) => row.id)],
  );
  return tokens.map((token) => `session=${token}`);
}

export type DownloadLoad = Load & { existing: number };

/**
 * Requests spread round-robin over the cookies, so the 50 requests in flight are 50 different
 * users (as in production) and no user goes past the daily limit when `amount` is
 * cookies x limit. `existing` counts answers saying the file exists ({exist: true}).
 */
export async function downloadLoad(
  base: string,
  path: string,
  cookies: string[],
  options: { connections: number; amount?: number; duration?: number },
): Promise<DownloadLoad> {
  let sequence = 0;
  let existing = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', origin: base },
    body: DOWNLOAD_BODY,
    setupRequest: (next) => {
      const cookie = cookies[sequence % cookies.length] ?? '';
      sequence += 1;
      return { ...next, headers: { ...next.headers, cookie } };
    },
    onResponse: (status, body) => {
      if (status === 200 && body.includes('"exist":true')) existing += 1;
    },
  };
  const run = await load({
    url: base,
    connections: options.connections,
    requests: [request],
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 5 }),
  });
  return { ...run, existing };
}

/**
 * An open load: call i is due at i / rate seconds, whatever the answers before it, over at most
 * `connections` kept-alive connections (a call waits for a free one). Its latency counts from when
 * it was due, so a slow answer also delays the calls queued behind it, as users would see it.
 * (autocannon's own rate limit releases each second's calls at once, in bursts.)
 */
export async function pacedLoad(
  base: string,
  path: string,
  cookies: string[],
  options: { connections: number; amount: number; rate: number },
): Promise<DownloadLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(path, base);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let existing = 0;
  let errors = 0;
  const call = (cookie: string, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', origin: base, cookie } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            latencies.push(performance.now() - due);
            const status = response.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 200 && Buffer.concat(chunks).toString().includes('"exist":true')) existing += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(DOWNLOAD_BODY);
    });
  const started = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < options.amount;) {
    const now = performance.now();
    for (; i < options.amount && started + (i * 1000) / options.rate <= now; i += 1)
      calls.push(call(cookies[i % cookies.length] ?? '', started + (i * 1000) / options.rate));
    await sleep(1);
  }
  await Promise.all(calls);
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, latencies, statuses, errors, timeouts: 0, existing };
}

/**
 * What each call cost: the server's CPU, the database backends' CPU, the load generator's (this
 * process's: on the same cores, it is part of what the calls cost the machine), and the database
 * transactions (statements outside one count one each); and the whole machine's busy CPU (the kernel's too).
 */
export type CallCost = { serverCpuMs: number; databaseCpuMs: number; generatorCpuMs: number; machineCpuMs: number; transactions: number };

async function measuredCost<T extends Load>(client: pg.Client, serverPid: number, run: () => Promise<T>): Promise<T & { cost: CallCost }> {
  const [server, database, finished] = [await processCpuSeconds(serverPid), await databaseCpu(client), await transactions(client)];
  const [generator, machine] = [process.cpuUsage(), await machineBusySeconds()];
  const result = await run();
  const [generated, busy] = [process.cpuUsage(generator), await machineBusySeconds()];
  // Backends report their counts to the statistics at most once a second.
  await sleep(1500);
  const calls = result.latencies.length || 1;
  const cost = {
    serverCpuMs: (((await processCpuSeconds(serverPid)) - server) * 1000) / calls,
    databaseCpuMs: (databaseCpuUsed(database, await databaseCpu(client)) * 1000) / calls,
    generatorCpuMs: (generated.user + generated.system) / 1000 / calls,
    machineCpuMs: ((busy - machine) * 1000) / calls,
    // Less this process's own two queries after the first snapshot (the pg_stat_activity one and the first count).
    transactions: ((await transactions(client)) - finished - 2) / calls,
  };
  return { ...result, cost };
}

export type Downloads = {
  healthz: Load;
  single: DownloadLoad & { cost: CallCost };
  ok: DownloadLoad & { cost: CallCost };
  paced: DownloadLoad & { cost: CallCost };
  refused: DownloadLoad & { cost: CallCost };
};

/**
 * /healthz at `connections` clients for the machine's baseline; a warm-up as long as the measured
 * run (after a 300-call warm-up, `perf` showed V8 still optimising the call's path during the
 * measured run); the call one at a time
 * (its latency unloaded); the call at `connections` clients, `users` x the daily limit of them, all
 * under the limit, as fast as they are answered (the server's saturation), and others paced at
 * `pacedRate` calls a second (the latency users see at that load); then the first users again, all
 * past the limit (403 daily_quota).
 */
export async function downloads(
  base: string,
  options: { client: pg.Client; serverPid: number; projectId: number; users: number; connections: number; pacedRate: number },
): Promise<Downloads> {
  const { client, serverPid, connections } = options;
  const route = `/api/content/video_projects/${options.projectId}/videos/download`;
  const warmCookies = await makeUsers(client, 'bench-warm-', options.users);
  const singleCookies = await makeUsers(client, 'bench-single-', 10);
  const cookies = await makeUsers(client, 'bench-', options.users);
  const pacedCookies = await makeUsers(client, 'bench-paced-', options.users);
  const healthz = await load({ url: `${base}/healthz`, connections, duration: 5 });
  await downloadLoad(base, route, warmCookies, { connections, amount: warmCookies.length * DAILY_LIMIT });
  const single = await measuredCost(client, serverPid, () =>
    downloadLoad(base, route, singleCookies, { connections: 1, amount: singleCookies.length * DAILY_LIMIT }),
  );
  const ok = await measuredCost(client, serverPid, () =>
    downloadLoad(base, route, cookies, { connections, amount: cookies.length * DAILY_LIMIT }),
  );
  const paced = await measuredCost(client, serverPid, () =>
    pacedLoad(base, route, pacedCookies, { connections, amount: pacedCookies.length * DAILY_LIMIT, rate: options.pacedRate }),
  );
  const refused = await measuredCost(client, serverPid, () => downloadLoad(base, route, cookies, { connections, duration: 4 }));
  return { healthz, single, ok, paced, refused };
}

/**
 * bench/feed: the ninjs content API (issue 30) at scale, against the catalogue in the same run.
 * Builds N video projects in PostgreSQL (1,000,000 by default; --size=100000 for a smaller run),
 * then measures, for one signed-in customer and every request made unique (no micro-cache):
 *   - GET /api/content/video_projects?per_page=20 (the catalogue list, the baseline) and
 *     GET /api/v1/content?limit=20 (the feed), 50 clients: req/s, p95 and their ratio;
 *   - the feed's incremental sync (since a week ago, oldest first), 50 clients;
 *   - a text search through the feed and through the search page, 4 clients (goal p95 <= 50 ms).
 * The customer calls with a session: a key's 600 calls a minute would end a 50-client run in
 * a second, and the key's own cost (one indexed lookup, one counter) is the same on every route.
 *
 *   npx tsx bench/feed.ts [--size=100000] [--rebuild]     PostgreSQL at BENCH_DATABASE_URL, else
 *                                                         postgres://postgres@127.0.0.1:5432/newsreel_bench_feed
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { generateDemoCatalogue } from '../src/server/modules/catalogue/data/generate.ts';
import { TAGS } from '../src/server/modules/catalogue/data/tags.ts';
import { tags, videoProjects } from '../src/server/modules/catalogue/schema.ts';
import { insertProjects } from '../src/server/modules/catalogue/writer.ts';
import { createUser, PASSWORD } from '../src/server/test/factories.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';
import { freePort, load, okCount, percentile, perSecond, stop, waitUntilReady, type Load } from './support.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sizeFlag = process.argv.find((arg) => arg.startsWith('--size='));
const TARGET = sizeFlag ? Number(sizeFlag.slice('--size='.length)) : 1_000_000;
const rebuild = process.argv.includes('--rebuild');
const GENERATED = Math.min(TARGET, 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/newsreel_bench_feed';
const NOW = new Date('2026-11-22T12:00:00Z');

async function ensureDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (rebuild) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

const countOf = async (database: Database) =>
  Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(videoProjects))[0]?.n ?? 0);

/** As bench/catalogue builds it: generated once, then copied with shifted dates. */
async function build(database: Database) {
  await prepareDatabase(database, { seedDemo: false });
  await database.db
    .insert(tags)
    .values(TAGS.map((tag) => ({ slug: tag.slug, names: tag.names, viewType: tag.viewType, externalLanding: tag.externalLanding })))
    .onConflictDoNothing();
  console.log(`generating ${GENERATED.toLocaleString('en')} projects …`);
  const projects = generateDemoCatalogue({ count: GENERATED, seed: 7, now: NOW });
  for (let start = 0; start < projects.length; start += 1000)
    await insertProjects(
      database.db,
      projects
        .slice(start, start + 1000)
        .map((project) => ({ ...project, publishedAt: new Date(project.publishedAt), formats: ['clean'] })),
      NOW,
    );
  for (let copy = 1; copy < TARGET / GENERATED; copy += 1) {
    await database.db.execute(
      sql.raw(`INSERT INTO video_projects (project_id, title, project_slug, language, languages, story, shotlist, dateline_place, dateline_date,
        country_id, region_id, category_id, source, restrictions, embargo_until, formats, free_access, pool, duration, limit_type, rights_type,
        external_name, inner_id, additional_info, preview_image, preview_video, animated_thumbnails, keywords, published_at, last_changed_at)
      SELECT project_id || '-c${copy}', title, project_slug || '-c${copy}', language, languages, story, shotlist, dateline_place,
        dateline_date - ${copy * 121}, country_id, region_id, category_id, source, restrictions, null, formats, free_access, pool, duration,
        limit_type, rights_type, external_name, inner_id, additional_info, preview_image, null, animated_thumbnails, keywords,
        published_at - interval '${copy * 121} days', last_changed_at
      FROM video_projects WHERE project_id NOT LIKE '%-c%'`),
    );
    await database.db.execute(
      sql.raw(`INSERT INTO videos (project_id, quality, format, container)
      SELECT copy.id, v.quality, v.format, v.container FROM videos v
        JOIN video_projects original ON original.id = v.project_id AND original.project_id NOT LIKE '%-c%'
        JOIN video_projects copy ON copy.project_id = original.project_id || '-c${copy}'`),
    );
    console.log(`  copy ${copy} done`);
  }
  await database.db.execute(sql.raw('VACUUM (ANALYZE)'));
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Every request unique (a dummy parameter the server ignores), so the figure is the work, not a cache. */
async function measure(url: string, connections: number, seconds: number, cookie: string): Promise<Load> {
  let sequence = 0;
  const parsed = new URL(url);
  const run = await load({
    url,
    connections,
    duration: seconds,
    headers: { cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: `${parsed.pathname}${parsed.search}&bench=${(sequence += 1)}` }) }],
  });
  const failed = run.latencies.length - okCount(run) + run.errors;
  if (failed > 0) throw new Error(`${failed} failed requests on ${url}: ${JSON.stringify([...run.statuses])}`);
  return run;
}

const start = (args: string[], env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
const line = (label: string, run: Load, extra = '') =>
  console.log(
    `  ${label.padEnd(52)} ${Math.round(perSecond(run)).toString().padStart(6)} req/s   p95 ${percentile(run.latencies, 95).toFixed(1).padStart(7)} ms ${extra}`,
  );

async function main() {
  await ensureDatabase(PG_URL);
  const database = await openPostgres(PG_URL);
  await database.migrate();
  if ((await countOf(database)) < TARGET) {
    if ((await countOf(database)) > 0) throw new Error('a partial bench catalogue is there: run again with --rebuild');
    await build(database);
  }
  const total = await countOf(database);
  const customer = await createUser(database.db, { userGroup: 'customer' });
  await database.close();

  const port = await freePort();
  const server = start(['--import', 'tsx', 'src/server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'no',
    DATABASE_URL: PG_URL,
    ...SHARED_SECRETS,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(server, `${base}/readyz`);
    const cookie = await signIn(base, customer.email);
    const catalogueList = `${base}/api/content/video_projects?per_page=20`;
    const feedList = `${base}/api/v1/content?limit=20`;
    const since = new Date(NOW.getTime() - 7 * 86_400_000).toISOString();
    await measure(catalogueList, 4, 3, cookie);
    await measure(feedList, 4, 3, cookie);
    const catalogue = await measure(catalogueList, 50, 10, cookie);
    const feed = await measure(feedList, 50, 10, cookie);
    const sync = await measure(`${base}/api/v1/content?limit=20&since=${encodeURIComponent(since)}`, 50, 10, cookie);
    const searchPage = await measure(`${base}/api/content/video_projects/search?search=Santiago&per_page=20`, 4, 8, cookie);
    const feedSearch = await measure(`${base}/api/v1/content?search=Santiago&limit=20`, 4, 8, cookie);
    const load1 = os.loadavg()[0]?.toFixed(1);
    console.log(`\nfeed at ${total.toLocaleString('en')} projects (PostgreSQL, ${os.cpus().length} cores, load ${load1})`);
    line('catalogue list (baseline), 50 clients', catalogue, '1.00x');
    line('GET /api/v1/content, 50 clients', feed, `${(perSecond(feed) / perSecond(catalogue)).toFixed(2)}x   target p95 <= 50 ms`);
    line('GET /api/v1/content?since=, 50 clients', sync, `${(perSecond(sync) / perSecond(catalogue)).toFixed(2)}x`);
    line('search page "Santiago", 4 clients', searchPage);
    line('GET /api/v1/content?search=Santiago, 4 clients', feedSearch, 'target p95 <= 50 ms');
  } finally {
    await stop(server);
  }
}

await main();

/**
 * bench/feed: the ninjs content API (issue 30) at scale, against the catalogue in the same run.
 * Builds N video projects in PostgreSQL (1,000,000 by default; --size=100000 for a smaller run),
 * every other one a story of the newsroom desk's, then, with 50 customers each holding a pass and signed in, measures at 50 clients:
 *   - the catalogue list as a signed-in customer opens it (the baseline: what everyone sees, kept
 *     by the server) and GET /api/v1/content?limit=20 polled by the 50 customers' systems (the
 *     stories kept for everyone, each caller's files worked out per request): req/s, p95, ratio;
 *   - the first page polled with its ETag (If-None-Match: 304 while nothing changed);
 *   - incremental sync (`since` a minute before the newest story), polled the same way;
 *   - every request uncached: the catalogue list made unique, and the feed one page further each
 *     time (a cursor of its own), so neither is answered from what the server keeps;
 *   - a text search through the feed and through the search page, 4 clients (goal p95 <= 50 ms).
 * The systems call with sessions: a key's 600 calls a minute would end a 50-client run in a
 * second, and the key's own cost (one indexed lookup, one counter) is the same on every route.
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
import { contentItems } from '../src/server/modules/newsroom/schema.ts';
import { createAgreement, createUser, PASSWORD } from '../src/server/test/factories.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';
import { freePort, load, percentile, perSecond, stop, waitUntilReady, type Load } from './support.ts';

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

/**
 * Half the stories came in through the newsroom desk (a content item each, published when the
 * story was), so the feed's two streams, the catalogue's own stories and the desk's, are both at
 * scale. Done once; a database built before this was added gets it on its next run.
 */
async function throughTheDesk(database: Database) {
  const [desk] = await database.db.select({ n: sql<number>`count(*)::int` }).from(contentItems);
  if ((desk?.n ?? 0) > 0) return;
  console.log('making every other story a desk story …');
  await database.db.execute(
    sql.raw(`INSERT INTO content_items (guid, state, version, revision, fields, video_project_id, first_published_at, version_created_at,
        created_at, updated_at)
      SELECT 'urn:bench:' || id, 'published', 1, 1, '{}'::jsonb, id, published_at, published_at, published_at, published_at
      FROM video_projects WHERE id % 2 = 0`),
  );
  await database.db.execute(sql.raw('VACUUM (ANALYZE) content_items'));
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

type Measure = {
  connections: number;
  seconds: number;
  cookies: string[];
  unique?: boolean;
  paths?: string[];
  /** Sent with every request (If-None-Match), and the status every answer must have. */
  headers?: Record<string, string>;
  status?: number;
};

/**
 * Fifty clients, the cookies taken in turn (one customer's system after another). `unique` adds a
 * dummy parameter the server ignores, so the URL-keyed micro-cache answers nothing; `paths`, when
 * given, are called in turn instead of the URL's own.
 */
async function measure(
  url: string,
  { connections, seconds, cookies, unique = false, paths, headers = {}, status = 200 }: Measure,
): Promise<Load> {
  let sequence = 0;
  const parsed = new URL(url);
  const run = await load({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          sequence += 1;
          const cookie = cookies[sequence % cookies.length] ?? '';
          const chosen = paths?.[sequence % paths.length] ?? `${parsed.pathname}${parsed.search}`;
          return { ...request, headers: { ...request.headers, ...headers, cookie }, path: unique ? `${chosen}&bench=${sequence}` : chosen };
        },
      },
    ],
  });
  const failed = run.latencies.length - (run.statuses.get(status) ?? 0) + run.errors;
  if (failed > 0) throw new Error(`${failed} failed requests on ${url}: ${JSON.stringify([...run.statuses])}`);
  return run;
}

/** The feed's pages one after another, each by its cursor: a walk that reads what nothing kept. */
async function cursorPaths(base: string, cookie: string, pages: number): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < pages; page += 1) {
    const path: string = `/api/v1/content?limit=20${cursor ? `&cursor=${cursor}` : ''}`;
    paths.push(path);
    const answer = await fetch(`${base}${path}`, { headers: { cookie } });
    cursor = ((await answer.json()) as { next_cursor: string | null }).next_cursor;
    if (!cursor) break;
  }
  return paths;
}

const start = (args: string[], env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
/** Answers a second with the status the run expected (200, or 304 for a poll with the page's ETag). */
const rate = (run: Load) => (run.statuses.get(304) ? (run.statuses.get(304) ?? 0) / run.seconds : perSecond(run));
const line = (label: string, run: Load, extra = '') =>
  console.log(
    `  ${label.padEnd(52)} ${Math.round(rate(run)).toString().padStart(6)} req/s   p95 ${percentile(run.latencies, 95).toFixed(1).padStart(7)} ms ${extra}`,
  );

async function main() {
  await ensureDatabase(PG_URL);
  const database = await openPostgres(PG_URL);
  await database.migrate();
  if ((await countOf(database)) < TARGET) {
    if ((await countOf(database)) > 0) throw new Error('a partial bench catalogue is there: run again with --rebuild');
    await build(database);
  }
  await throughTheDesk(database);
  const total = await countOf(database);
  const customers = await Promise.all(Array.from({ length: 50 }, () => createUser(database.db, { userGroup: 'customer' })));
  for (const customer of customers) await createAgreement(database.db, { userId: customer.id, agreementType: 'pass' }, NOW);
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
    const cookies = await Promise.all(customers.map((customer) => signIn(base, customer.email)));
    const catalogueList = `${base}/api/content/video_projects?per_page=20`;
    const feedList = `${base}/api/v1/content?limit=20`;
    const first = await fetch(feedList, { headers: { cookie: cookies[0] ?? '' } });
    // Every customer holds a pass: the same files, so the same page and ETag for each.
    const etag = first.headers.get('etag') ?? '';
    const newest = (await first.json()) as { items: { versioncreated: string }[] };
    const since = new Date(Date.parse(newest.items[0]?.versioncreated ?? NOW.toISOString()) - 60_000).toISOString();
    const pages = await cursorPaths(base, cookies[0] ?? '', 400);
    const fifty = { connections: 50, seconds: 10, cookies };
    await measure(catalogueList, { ...fifty, connections: 4, seconds: 3 });
    await measure(feedList, { ...fifty, connections: 4, seconds: 3 });
    const catalogue = await measure(catalogueList, fifty);
    const feed = await measure(feedList, fifty);
    const polled = await measure(feedList, { ...fifty, headers: { 'if-none-match': etag }, status: 304 });
    const sync = await measure(`${base}/api/v1/content?limit=20&since=${encodeURIComponent(since)}`, fifty);
    const catalogueUncached = await measure(catalogueList, { ...fifty, unique: true });
    const feedUncached = await measure(feedList, { ...fifty, paths: pages });
    const four = { connections: 4, seconds: 8, cookies, unique: true };
    const searchPage = await measure(`${base}/api/content/video_projects/search?search=Santiago&per_page=20`, four);
    const feedSearch = await measure(`${base}/api/v1/content?search=Santiago&limit=20`, four);
    const load1 = os.loadavg()[0]?.toFixed(1);
    const ratio = (run: Load, against: Load) => `${(rate(run) / rate(against)).toFixed(2)}x`;
    console.log(
      `\nfeed at ${total.toLocaleString('en')} projects (PostgreSQL, ${os.cpus().length} cores, load ${load1}), 50 customers with a pass`,
    );
    line('catalogue list, signed-in (baseline), 50 clients', catalogue, '1.00x');
    line('GET /api/v1/content, 50 clients', feed, `${ratio(feed, catalogue)}   target p95 <= 50 ms`);
    line('the same with If-None-Match: 304, 50 clients', polled, `${ratio(polled, catalogue)}   target p95 <= 50 ms`);
    line('GET /api/v1/content?since=, 50 clients', sync, `${ratio(sync, catalogue)}   target p95 <= 50 ms`);
    line('catalogue list, every request uncached, 50 clients', catalogueUncached, ratio(catalogueUncached, catalogue));
    line(`feed, a different page each time (${pages.length}), 50 clients`, feedUncached, ratio(feedUncached, catalogue));
    line('search page "Santiago", 4 clients', searchPage);
    line('GET /api/v1/content?search=Santiago, 4 clients', feedSearch, 'target p95 <= 50 ms');
  } finally {
    await stop(server);
  }
}

await main();

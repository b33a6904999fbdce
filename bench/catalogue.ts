/**
 * bench/catalogue: the catalogue at scale. Builds 1,000,000 video projects in PostgreSQL (or
 * 100,000 in PGlite with --pglite), then measures, in one run and next to a bare Fastify JSON
 * route started the same way:
 *   - the list endpoint at 50 concurrent clients (requests per second, p95);
 *   - the same list for a signed-in customer holding a pass, at 10, 50 and 200 clients;
 *   - search p50/p95 for a rare, a medium and a common term, and suggestions p95, at 4 clients,
 *     every request made unique so none is answered by the micro-cache.
 *
 *   npm run bench:catalogue                      PostgreSQL at BENCH_DATABASE_URL, else
 *                                                postgres://postgres@127.0.0.1:5432/newsreel_bench_catalogue
 *   npm run bench:catalogue -- --pglite          embedded PGlite, 100,000 projects
 *
 * The data is kept between runs (it takes minutes to build); pass --rebuild to start over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { generateDemoCatalogue } from '../src/server/modules/catalogue/data/generate.ts';
import { TAGS } from '../src/server/modules/catalogue/data/tags.ts';
import { tsQuery } from '../src/server/modules/catalogue/filters.ts';
import { tags, videoProjects } from '../src/server/modules/catalogue/schema.ts';
import { insertProjects } from '../src/server/modules/catalogue/writer.ts';
import { createAgreement, createUser, PASSWORD } from '../src/server/test/factories.ts';
import { freePort, load, okCount, percentile, perSecond, serverFlags, stop, waitUntilReady, type Load } from './support.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const usePglite = process.argv.includes('--pglite');
const rebuild = process.argv.includes('--rebuild');
const TARGET = usePglite ? 100_000 : 1_000_000;
/** Generated once, then copied with shifted dates and ids: generating a million in JS would not fit in memory. */
const GENERATED = usePglite ? 10_000 : 100_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/newsreel_bench_catalogue';
const PGLITE_DIR = path.join(os.tmpdir(), 'newsreel-bench-catalogue');
const NOW = new Date('2026-11-22T12:00:00Z');

/** Heavy indexes are dropped while bulk-loading and built once at the end. */
const BULK_INDEXES = ['video_projects_search_idx', 'video_projects_title_trgm_idx'];

async function ensurePostgresDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
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

async function projectCount(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(videoProjects);
  return Number(row?.n ?? 0);
}

async function build(database: Database) {
  const started = performance.now();
  await prepareDatabase(database, { seedDemo: false });
  await database.db
    .insert(tags)
    .values(TAGS.map((tag) => ({ slug: tag.slug, names: tag.names, viewType: tag.viewType, externalLanding: tag.externalLanding })))
    .onConflictDoNothing();
  for (const index of BULK_INDEXES) await database.db.execute(sql.raw(`DROP INDEX IF EXISTS ${index}`));

  console.log(`generating ${GENERATED.toLocaleString('en')} projects …`);
  const projects = generateDemoCatalogue({ count: GENERATED, seed: 7, now: NOW });
  for (let start = 0; start < projects.length; start += 1000) {
    await insertProjects(
      database.db,
      projects
        .slice(start, start + 1000)
        .map((project) => ({ ...project, publishedAt: new Date(project.publishedAt), formats: ['clean'] })),
      NOW,
    );
    if (start % 20_000 === 0) console.log(`  ${start.toLocaleString('en')} written`);
  }

  const copies = TARGET / GENERATED - 1;
  console.log(`copying to ${TARGET.toLocaleString('en')} (${copies} copies, each 121 days older) …`);
  for (let copy = 1; copy <= copies; copy += 1) {
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
      sql.raw(`INSERT INTO video_project_tags (project_id, tag_id)
      SELECT copy.id, link.tag_id FROM video_project_tags link
        JOIN video_projects original ON original.id = link.project_id AND original.project_id NOT LIKE '%-c%'
        JOIN video_projects copy ON copy.project_id = original.project_id || '-c${copy}'`),
    );
    console.log(`  copy ${copy} of ${copies} done`);
  }
  console.log('building the search and trigram indexes …');
  await database.db.execute(sql.raw('CREATE INDEX video_projects_search_idx ON video_projects USING gin (search_vector)'));
  await database.db.execute(sql.raw('CREATE INDEX video_projects_title_trgm_idx ON video_projects USING gist (title gist_trgm_ops)'));
  // What autovacuum would have done by now: statistics, and the visibility map for index-only counts.
  await database.db.execute(sql.raw('VACUUM (ANALYZE) video_projects, video_project_tags, tags'));
  console.log(`built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** How many projects a search term matches, so "rare", "medium" and "common" are facts, not labels. */
async function matches(database: Database, text: string): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(videoProjects)
    .where(sql`${videoProjects.searchVector} @@ ${tsQuery(text)}`);
  return Number(row?.n ?? 0);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

const BARE = `const app = require('fastify')();
app.get('/readyz', async () => ({ status: 'ready' }));
app.get('/json', async () => ({ videos: [{ id: 1, title: 'Floods hit northern Italy', duration: 120 }], count: 1, page: 1, per_page: 12, pages: 1 }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

/** Signs a customer in as the browser does and answers the session's cookie header. */
async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
const rps = (value: number) => `${Math.round(value).toLocaleString('en')} req/s`.padStart(13);

/**
 * `fresh` adds a different dummy parameter to every request, so no answer comes from the
 * micro-cache and the figure is the database's work (the server ignores unknown parameters).
 */
async function measure(
  url: string,
  connections: number,
  seconds: number,
  fresh = false,
  headers: Record<string, string> = {},
): Promise<Load> {
  let sequence = 0;
  const parsed = new URL(url);
  const run = await load({
    url,
    connections,
    duration: seconds,
    headers,
    ...(fresh
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                path: `${parsed.pathname}${parsed.search}${parsed.search ? '&' : '?'}bench=${(sequence += 1)}`,
              }),
            },
          ],
        }
      : {}),
  });
  const failed = run.latencies.length - okCount(run) + run.errors;
  if (failed > 0) throw new Error(`${failed} failed requests on ${url}: ${JSON.stringify([...run.statuses])}`);
  return run;
}

async function main() {
  let database: Database;
  if (usePglite) {
    if (rebuild) await rm(PGLITE_DIR, { recursive: true, force: true });
    await mkdir(PGLITE_DIR, { recursive: true });
    database = await openPglite({ dataDir: path.join(PGLITE_DIR, 'db') });
  } else {
    await ensurePostgresDatabase(PG_URL);
    database = await openPostgres(PG_URL);
  }
  let open = true;
  try {
    await database.migrate();
    if ((await projectCount(database)) < TARGET) {
      if ((await projectCount(database)) > 0) throw new Error('a partial bench catalogue is there: run again with --rebuild');
      await build(database);
    }
    const total = await projectCount(database);
    const terms = { rare: 'Auckland dengue', medium: 'Santiago', common: 'police' };
    const counts = Object.fromEntries(
      await Promise.all(Object.entries(terms).map(async ([kind, text]) => [kind, await matches(database, text)] as const)),
    );
    // A paying customer: a pass holder, whose every catalogue page is a signed-in list.
    const customer = await createUser(database.db, { userGroup: 'customer' });
    await createAgreement(database.db, {
      userId: customer.id,
      agreementType: 'pass',
      balances: [{ kind: 'pool', amount: 10, refill: 10 }],
    });
    await database.close();
    open = false;

    // The goals hold on a quiet machine: the load says how quiet this one was (the bare route says how fast).
    const loadAtStart = os.loadavg()[0]?.toFixed(1);
    const barePort = await freePort();
    const bare = start(['-e', BARE], { PORT: String(barePort) });
    await waitUntilReady(bare, `http://127.0.0.1:${barePort}/readyz`);
    const baseline = await measure(`http://127.0.0.1:${barePort}/json`, 50, 10);
    await stop(bare);

    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'no' };
    // 100,000 projects are a large embedded catalogue: its page cache raised as the README says to.
    if (usePglite) Object.assign(env, { DATA_DIR: PGLITE_DIR, PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS ?? '128MB' });
    else Object.assign(env, { DATABASE_URL: PG_URL, ...SHARED_SECRETS });
    const server = start([...serverFlags, '--import', 'tsx', 'src/server/main.ts'], env);
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntilReady(server, `${base}/readyz`);
      // Warm the caches the way a running service has them warm.
      await measure(`${base}/api/content/video_projects?per_page=12`, 4, 3);
      const list = await measure(`${base}/api/content/video_projects?per_page=12`, 50, 10);
      const listFresh = await measure(`${base}/api/content/video_projects?per_page=12`, 50, 10, true);
      const session = await signIn(base, customer.email);
      const signedIn: Record<number, Load> = {};
      for (const clients of [10, 50, 200])
        signedIn[clients] = await measure(`${base}/api/content/video_projects?per_page=12`, clients, 10, false, { cookie: session });
      const searches: Record<string, Load> = {};
      for (const [kind, text] of Object.entries(terms)) {
        searches[kind] = await measure(`${base}/api/content/video_projects/search?search=${encodeURIComponent(text)}`, 4, 8, true);
      }
      const suggestions = await measure(
        `${base}/api/content/video_projects/suggests?search=${encodeURIComponent('Protesters rally')}`,
        4,
        8,
        true,
      );

      const listShare = perSecond(list) / perSecond(baseline);
      console.log(
        `\ncatalogue at ${total.toLocaleString('en')} projects (${usePglite ? 'embedded PGlite' : 'PostgreSQL'}, ${os.cpus().length} cores, load average ${loadAtStart} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end)`,
      );
      console.log(
        `  bare Fastify JSON route, 50 clients      ${rps(perSecond(baseline))}   p95 ${ms(percentile(baseline.latencies, 95))}   1.00x`,
      );
      console.log(
        `  GET video_projects (list), 50 clients    ${rps(perSecond(list))}   p95 ${ms(percentile(list.latencies, 95))}   ${listShare.toFixed(2)}x   target >= 0.25x, p95 <= 25 ms`,
      );
      console.log(
        `  the same, every request uncached         ${rps(perSecond(listFresh))}   p95 ${ms(percentile(listFresh.latencies, 95))}   ${(perSecond(listFresh) / perSecond(baseline)).toFixed(2)}x   the database's share`,
      );
      for (const [clients, goal] of [
        [10, 15],
        [50, 25],
        [200, 100],
      ] as const) {
        const run = signedIn[clients];
        if (!run) continue;
        const label = `the list, signed-in customer, ${clients} clients`.padEnd(40);
        console.log(
          `  ${label} ${rps(perSecond(run))}   p95 ${ms(percentile(run.latencies, 95))}   ${(perSecond(run) / perSecond(baseline)).toFixed(3)}x   target p95 <= ${goal} ms${clients === 50 ? ', >= 0.1x' : ''}`,
        );
      }
      for (const [kind, run] of Object.entries(searches)) {
        const label = `search ${kind} "${terms[kind as keyof typeof terms]}" (${(counts[kind] ?? 0).toLocaleString('en')} matches), 4 clients`;
        console.log(
          `  ${label.padEnd(58)} p50 ${ms(percentile(run.latencies, 50))}  p95 ${ms(percentile(run.latencies, 95))}   target p95 <= 50 ms`,
        );
      }
      console.log(
        `  ${'suggestions "Protesters rally", 4 clients'.padEnd(58)} p50 ${ms(percentile(suggestions.latencies, 50))}  p95 ${ms(percentile(suggestions.latencies, 95))}   target p95 <= 10 ms`,
      );
    } finally {
      await stop(server);
    }
  } finally {
    if (open) await database.close();
  }
}

await main();

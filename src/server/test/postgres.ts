import pg from 'pg';

export const TEST_DB_PREFIX = 'newsreel_test_';

/** A connection to the server's maintenance database, for CREATE and DROP DATABASE. */
function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function withMaintenance<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The names of the databases a run makes from a template start with the template's name: runs on
 * different templates of one server (a developer's subset beside CI's) do not drop each other's.
 */
const runPrefix = (templateUrl: string) => `${TEST_DB_PREFIX}${databaseName(templateUrl)}_`;

/** Creates a database copied from the template database and returns its URL. */
export async function createDatabaseFromTemplate(templateUrl: string): Promise<string> {
  const name = `${runPrefix(templateUrl)}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withMaintenance(templateUrl, (client) =>
    client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(databaseName(templateUrl))}`),
  );
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates an empty database (no schema, nothing seeded) on the template's server and returns its URL. */
export async function createEmptyDatabase(templateUrl: string): Promise<string> {
  const name = `${runPrefix(templateUrl)}${process.pid}_empty_${Math.random().toString(36).slice(2, 10)}`;
  await withMaintenance(templateUrl, (client) => client.query(`CREATE DATABASE ${quote(name)}`));
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  await withMaintenance(url, (client) => client.query(`DROP DATABASE IF EXISTS ${quote(databaseName(url))} WITH (FORCE)`));
}

/** Drops every database a test run on this template created (left over when a run was killed). */
export async function dropTestDatabases(url: string): Promise<void> {
  await withMaintenance(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      runPrefix(url),
    ]);
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${quote(row.datname)} WITH (FORCE)`);
  });
}

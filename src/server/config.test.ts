import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, requireSharedSecrets } from './config.ts';
import { SHARED_SECRETS } from './test/server-process.ts';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: path.resolve('data'), databaseUrl: undefined, seedDemo: true, siteVariants: {} });
  });

  it('reads PORT, DATA_DIR and SITE_VARIANTS', () => {
    const config = parseConfig({ PORT: '4100', DATA_DIR: '/tmp/x', SITE_VARIANTS: 'ru.localhost=ru,landing.localhost=landing' });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.siteVariants).toEqual({ 'ru.localhost': 'ru', 'landing.localhost': 'landing' });
  });

  it('never seeds demo data into a configured database unless asked', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('listens on the machine itself on the embedded default, on every interface with a database server or HOST', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
    expect(parseConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('turns the dev tools off in production and on a database server unless DEV_TOOLS=true', () => {
    expect(parseConfig({}).devTools).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).devTools).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', DEV_TOOLS: 'true' }).devTools).toBe(true);
    expect(parseConfig({ DEV_TOOLS: 'false' }).devTools).toBe(false);
  });

  it('works jobs in-process unless WORKERS=off leaves them to worker processes on a database server', () => {
    expect(parseConfig({}).workers).toBe('in-process');
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', WORKERS: 'off' }).workers).toBe('off');
    expect(() => parseConfig({ WORKERS: 'off' })).toThrow('WORKERS: off needs DATABASE_URL');
  });

  it('gives an ingest connection 5 s to name a good key, 8 waiting per client address and 64 in all, unless told otherwise', () => {
    expect(parseConfig({}).live.ingestLimits).toEqual({ handshakeSeconds: 5, pendingPerAddress: 8, pending: 64 });
    const env = { LIVE_INGEST_HANDSHAKE_SECONDS: '3', LIVE_INGEST_PENDING_PER_ADDRESS: '2', LIVE_INGEST_PENDING: '20' };
    expect(parseConfig(env).live.ingestLimits).toEqual({ handshakeSeconds: 3, pendingPerAddress: 2, pending: 20 });
  });

  it('drains 5 s at shutdown with a database server, none on the embedded default, and gives requests in flight 60 s', () => {
    expect(parseConfig({}).shutdown).toEqual({ drainSeconds: 0, graceSeconds: 60 });
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).shutdown).toEqual({ drainSeconds: 5, graceSeconds: 60 });
    expect(parseConfig({ SHUTDOWN_DRAIN_SECONDS: '12', SHUTDOWN_GRACE_SECONDS: '0' }).shutdown).toEqual({
      drainSeconds: 12,
      graceSeconds: 0,
    });
  });

  it('opens /metrics to a token only when METRICS_TOKEN is set', () => {
    expect(parseConfig({}).metricsToken).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'a-scraper-token-1234' }).metricsToken).toBe('a-scraper-token-1234');
  });

  it.each([
    [{ LIVE_INGEST_HANDSHAKE_SECONDS: '0' }, 'LIVE_INGEST_HANDSHAKE_SECONDS'],
    [{ LIVE_INGEST_PENDING: 'lots' }, 'LIVE_INGEST_PENDING'],
    [{ WORKERS: 'elsewhere' }, 'WORKERS'],
    [{ DEV_TOOLS: 'yes' }, 'DEV_TOOLS'],
    [{ REQUEST_TIMEOUT: '0' }, 'REQUEST_TIMEOUT'],
    [{ KEEP_ALIVE_TIMEOUT: '0' }, 'KEEP_ALIVE_TIMEOUT'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: 'many' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ SITE_VARIANTS: 'ru.localhost=moscow' }, 'SITE_VARIANTS'],
    [{ HIDDEN_LOCALES: 'standard=de' }, 'HIDDEN_LOCALES'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHUTDOWN_DRAIN_SECONDS: '-1' }, 'SHUTDOWN_DRAIN_SECONDS'],
    [{ SHUTDOWN_GRACE_SECONDS: 'long' }, 'SHUTDOWN_GRACE_SECONDS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
  ])('stops with the name of a bad variable: %o', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });

  it('with DATABASE_URL, refuses to start a server or a worker without the secrets every process must share', () => {
    const database = { DATABASE_URL: 'postgres://u@db.internal/newsreel' };
    expect(() => requireSharedSecrets(parseConfig(database))).toThrow(
      /APP_SECRET, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required with DATABASE_URL/,
    );
    expect(() => requireSharedSecrets(parseConfig({ ...database, APP_SECRET: SHARED_SECRETS.APP_SECRET }))).toThrow(
      /^Invalid configuration:\n {2}VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required/,
    );
    expect(() => requireSharedSecrets(parseConfig({ ...database, ...SHARED_SECRETS }))).not.toThrow();
    // The embedded default keeps generating its own.
    expect(() => requireSharedSecrets(parseConfig({}))).not.toThrow();
  });

  it('TRUST_PROXY is true, false, or addresses and ranges; anything else is refused in words', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/8, the load balancer' })).toThrow(/TRUST_PROXY.*an IP address or CIDR range/);
  });
});

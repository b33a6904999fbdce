import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './context.ts';
import type { Database } from './db/client.ts';
import { backgroundTasks, type Background } from './lib/background.ts';
import { inProcessCacheBus, type CacheBus } from './lib/cache-bus.ts';
import type { CardProvider } from './modules/payments/card-provider.ts';
import { testCardProvider } from './modules/payments/test-card-provider.ts';
import { paypalWallet } from './modules/payments/paypal-wallet.ts';
import { testWallet, type TestWallet } from './modules/payments/test-wallet.ts';
import type { WalletProvider } from './modules/payments/wallet-provider.ts';
import { loadOrCreateVapidKeys, pushSender, type PushSender } from './modules/push/sender.ts';
import { demoTvuDirectory, tvuApiDirectory, type TvuDirectory } from './modules/live/tvu.ts';
import { testVatRegistry, viesRegistry, type VatRegistry } from './modules/payments/vat-registry.ts';
import { recaptchaClient, skippedRecaptcha, type RecaptchaVerifier } from './modules/accounts/recaptcha.ts';
import { outboxMailer, smtpMailer, type Mailer } from './modules/mail/mailer.ts';
import { inProcessBroadcaster, type Broadcaster } from './modules/realtime/broadcaster.ts';
import { jobSender, type JobSender } from './jobs/sender.ts';
import type { DownloadFiles } from './modules/downloads/files.ts';
import { localFileStore, type FileStore } from './modules/downloads/storage.ts';
import { resolveFfmpeg } from './modules/media/ffmpeg.ts';
import { outboundPolicyFor, type OutboundPolicy } from './modules/security/outbound.ts';

/** What the app is given rather than finds (STYLE: dependencies are passed, not found). */
export type AppServices = {
  database: Database;
  /** Where the logs go instead of stdout's JSON: readable lines at a terminal (terminal-log.ts). */
  logStream?: DestinationStream;
  clock: Clock;
  mailer: Mailer;
  secret: string;
  recaptcha: RecaptchaVerifier;
  vatRegistry: VatRegistry;
  /** Where the server may connect on a user's behalf: OUTBOUND_ALLOW and the platform's own ports. */
  outbound: OutboundPolicy;
  /** Sends web pushes with the platform's VAPID keys. */
  push: PushSender;
  /** TVU's directory of receivers: TVU with TVU_API_URL, else the embedded demo directory. */
  tvu: TvuDirectory;
  /** The card provider: Stripe with STRIPE_SECRET_KEY, else the built-in test provider. */
  cards: CardProvider;
  /** The online wallet: PayPal with PAYPAL_CLIENT_ID, else the built-in test wallet. */
  wallet: WalletProvider | TestWallet;
  background: Background;
  /** Real-time broadcasts: in-process, or through Redis with REDIS_URL. */
  broadcaster: Broadcaster;
  /** Drops every process's cached content when it changes: in-process, or through Redis with REDIS_URL. */
  caches: CacheBus;
  /** Queues jobs for the workers of this or other processes. */
  jobs: JobSender & { stop(): Promise<void> };
  /** Masters, renditions and reports: the store, ffmpeg and the link secret. */
  files: DownloadFiles;
};

/** Web push with VAPID_* keys, else the pair kept in DATA_DIR (made on the first start). */
export async function pushSenderFor(config: Config): Promise<PushSender> {
  return pushSender(await loadOrCreateVapidKeys({ dataDir: config.dataDir, ...config.vapid }), { outbound: outboundPolicyFor(config) });
}

/** APP_SECRET, else a secret generated once and kept in DATA_DIR (the embedded default). */
export async function loadOrCreateSecret(config: Config): Promise<string> {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, 'secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function mailerFor(config: Config, database: Database, clock: Clock, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? smtpMailer({ db: database.db, clock, url: config.smtpUrl, from: config.mailFrom, log }) : outboxMailer(clock);
}

/*
 * The adapters of services not configured are not loaded: Stripe's SDK, the S3 client and ioredis
 * cost a start-up half a second between them (docs/performance.md, issue 26).
 */

export async function cardProviderFor(config: Config, database: Database, clock: Clock): Promise<CardProvider> {
  if (!config.stripe) return testCardProvider({ db: database.db, clock });
  const { stripeCardProvider } = await import('./modules/payments/stripe-provider.ts');
  return stripeCardProvider(config.stripe);
}

/** Real-time messages between processes through Redis with REDIS_URL, else within this process. */
export async function broadcasterFor(config: Config, log: FastifyBaseLogger): Promise<Broadcaster> {
  if (!config.redisUrl) return inProcessBroadcaster();
  const { redisBroadcaster } = await import('./modules/realtime/redis-broadcaster.ts');
  return redisBroadcaster({ url: config.redisUrl, channel: config.redisChannel, log });
}

/** Cache invalidations between processes through Redis with REDIS_URL (`{REDIS_CHANNEL}:caches`), else within this process. */
export async function cacheBusFor(config: Config, log: { warn(details: object, message: string): void }): Promise<CacheBus> {
  if (!config.redisUrl) return inProcessCacheBus();
  const { redisCacheBus } = await import('./lib/redis-cache-bus.ts');
  return redisCacheBus({ url: config.redisUrl, channel: `${config.redisChannel}:caches`, log });
}

/** Where links in e-mails point: PUBLIC_URL, else this machine. */
export function publicOrigin(config: Config): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/** An S3-compatible bucket with S3_BUCKET, else DATA_DIR/storage. */
export async function fileStoreFor(config: Config): Promise<FileStore> {
  if (!config.s3) return localFileStore(path.join(config.dataDir, 'storage'));
  const { s3FileStore } = await import('./modules/downloads/storage-s3.ts');
  return s3FileStore(config.s3);
}

export async function downloadFilesFor(config: Config, secret: string): Promise<DownloadFiles> {
  return {
    store: await fileStoreFor(config),
    ffmpeg: resolveFfmpeg(config.ffmpegPath),
    workDir: path.join(config.dataDir, 'work'),
    credit: config.agencyCredit,
    secret,
    sharedMasters: config.seedDemo,
    ingest: { uploadsDir: path.join(config.dataDir, 'uploads'), dropDir: path.join(config.dataDir, 'dropfolder'), s3: config.s3 },
  };
}

/** The production or embedded implementation of each service, chosen by configuration. */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger): Promise<AppServices> {
  const clock = systemClock;
  const secret = await loadOrCreateSecret(config);
  const outbound = outboundPolicyFor(config);
  return {
    database,
    clock,
    mailer: mailerFor(config, database, clock, log),
    secret,
    jobs: jobSender(database.connection),
    files: await downloadFilesFor(config, secret),
    cards: await cardProviderFor(config, database, clock),
    wallet: config.paypal ? paypalWallet(config.paypal) : testWallet({ db: database.db, clock, publicUrl: config.publicUrl }),
    outbound,
    vatRegistry: config.vatRegistryUrl ? viesRegistry({ url: config.vatRegistryUrl, outbound }) : testVatRegistry,
    tvu: config.tvu ? tvuApiDirectory({ ...config.tvu, outbound }) : demoTvuDirectory,
    push: await pushSenderFor(config),
    recaptcha: config.recaptcha.secret
      ? recaptchaClient({ secret: config.recaptcha.secret, verifyUrl: config.recaptcha.verifyUrl })
      : skippedRecaptcha,
    background: backgroundTasks(log),
    broadcaster: await broadcasterFor(config, log),
    caches: await cacheBusFor(config, log),
  };
}

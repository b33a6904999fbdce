import path from 'node:path';
import { z } from 'zod';
import { parseSiteVariants, parseHiddenLocales, type HiddenLocalesByVariant, type SiteVariantMap } from '../common/site.ts';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../common/newsroom-ingest.ts';
import { parseSentryDsn } from '../common/sentry-dsn.ts';
import { liveConfig, liveEnv, type LiveConfig } from './config-live.ts';
import { CABLE_LIMITS, type CableLimits } from './modules/realtime/limits.ts';
import { parseOutboundAllow, type OutboundAllowance } from './modules/security/outbound.ts';
import ipaddr from 'ipaddr.js';

/** How long a pending payment is left to its own request by default: longer than such a request normally takes. */
export const DEFAULT_PAYMENT_GRACE_SECONDS = 120;
export type PassVerification = 'first' | 'off';

/**
 * The one place that reads process.env. Everything else receives the parsed Config.
 * A bad value stops start-up with a message naming the variable.
 */
const envSchema = z.object({
  ...liveEnv,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 on the embedded default (a demo is not a network service), 0.0.0.0 with DATABASE_URL. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The embedded database's page cache: small, for a demo's data fits and the process stays light; larger for a big catalogue. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'a size such as 16MB')
    .default('16MB'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** The Redis pub/sub channel real-time broadcasts travel on: one per deployment sharing a Redis. */
  REDIS_CHANNEL: z.string().min(1).max(200).default('newsreel:cable'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: pino's lines; pretty: readable ones (src/server/terminal-log.ts). Unset: pretty when stdout is a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Browsers report errors to this Sentry project instead of POST /api/client_errors (docs/decisions.md). */
  SENTRY_DSN: z
    .string()
    .refine((value) => parseSentryDsn(value) !== null, 'a Sentry DSN: https://<public key>@<host>/<project id>')
    .optional(),
  SITE_VARIANTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseSiteVariants(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
      return parsed.ok ? parsed.value : {};
    }),
  HIDDEN_LOCALES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseHiddenLocales(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
      return parsed.ok ? parsed.value : {};
    }),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  /** Secret for encrypting stored credentials; the embedded default keeps a generated one in DATA_DIR. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Trust X-Forwarded-For/-Proto: `true`, or a comma-separated list of proxy addresses or CIDRs; off by default. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] =>
      value === 'true'
        ? true
        : value === 'false'
          ? false
          : value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
    )
    .pipe(z.union([z.boolean(), z.array(z.string().refine(isAddressOrRange, 'an IP address or CIDR range'))])),
  MAIL_FROM: z.string().min(3).default('Newsreel <no-reply@newsreel.example>'),
  /** Where a job application's notice goes (careers). */
  RECRUITING_EMAIL: z.email().default('careers@newsreel.example'),
  /** Where a studio booking goes (broadcast services). */
  SALES_EMAIL: z.email().default('sales@newsreel.example'),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  /** ffmpeg for previews and renders: this path, else `ffmpeg` on the PATH, else the npm package's binary. */
  FFMPEG_PATH: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** The VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api) or a peer; unset: the built-in test registry. */
  VAT_REGISTRY_URL: z.url().optional(),
  /** Web push's VAPID keys (web-push generate-vapid-keys); unset: a pair generated into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'a mailto: or https: URL')
    .default('mailto:webpush@newsreel.example'),
  /** TVU's directory of receivers (GET {url}/receivers?username=); unset: the embedded demo directory. */
  TVU_API_URL: z.url().optional(),
  TVU_API_KEY: z.string().optional(),
  /** Stripe as the card provider (its secret key); unset: the built-in test card provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint (whsec_…): webhooks are refused without it. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API base, for a local peer; unset: https://api.stripe.com. */
  STRIPE_API_URL: z.url().optional(),
  /** PayPal as the online wallet (REST API client id and secret); unset: the built-in test wallet. */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  /** PayPal's API base: https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a local peer. */
  PAYPAL_API_URL: z.url().default('https://api-m.paypal.com'),
  /**
   * Seconds a pending payment is left to the request paying it before reconciliation asks its
   * provider about it (payments/reconciliation.ts), and before a retry with its key stops charging again.
   */
  PAYMENT_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(DEFAULT_PAYMENT_GRACE_SECONDS),
  /**
   * Crash tests only: a purchase whose idempotency key starts with `pause-after-reservation` or
   * `pause-after-charge` stops there for good, so the test can kill the process with purchases
   * parked at those points. Refused with NODE_ENV=production.
   */
  PAYMENT_CRASH_TEST_PAUSES: z.enum(['on', 'off']).default('off'),
  /**
   * Order verification of passes (spec accounts §4): `first`, an account's first pass waits for the
   * sales desk's approval after payment; `off`, every pass is active at once. docs/decisions.md
   * "Applying for a pass (issue 25)".
   */
  PASS_VERIFICATION: z.enum(['first', 'off']).default('first'),
  /** The /dev tools (mailbox, terms reset); unset: on only for the embedded development default. */
  DEV_TOOLS: z.enum(['true', 'false']).optional(),
  /** Slow or stalled clients: seconds to send the headers, and the whole request. */
  HEADERS_TIMEOUT: z.coerce.number().int().min(1).max(600).default(10),
  REQUEST_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds an idle kept-alive connection stays open. */
  KEEP_ALIVE_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(5),
  /** Open connections one client address may hold at once; more are closed at once. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(256),
  /**
   * Shutdown (SIGTERM, SIGINT): seconds readiness answers 503 while requests are still served, so a
   * load balancer takes the process out of rotation first. Unset: 5 with DATABASE_URL (processes
   * behind a balancer), 0 on the embedded default (one process, nobody to hand over to).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** Then, seconds requests in flight (a download streaming to a slow client) have to finish before the process ends anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** GET /metrics answers this bearer token from anywhere; unset: the machine itself only. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Job workers inside this process, or `off` to leave the jobs to `npm run worker` processes. */
  WORKERS: z.enum(['in-process', 'off']).default('in-process'),
  /** How many generated 1080p masters the demo makes after start-up (the rest of its catalogue shares them). */
  DEMO_MASTERS: z.coerce.number().int().min(0).max(100).default(20),
  /**
   * Addresses the server may connect to on a user's behalf although the outbound policy refuses their
   * range (loopback, private…): addresses or CIDRs, each optionally with a port. Unset: none.
   */
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .transform((value, check) => {
      const parsed = parseOutboundAllow(value);
      if (!parsed.ok) check.addIssue({ code: 'custom', message: parsed.error });
      return parsed.ok ? parsed.value : [];
    }),
  /** The agency credit burnt into credit files. */
  AGENCY_CREDIT: z.string().min(1).max(80).default('© Newsreel'),
  /** The biggest master the desk may upload, in bytes (newsroom ingest); at least 20 GB by default. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  /** Masters and renditions in an S3-compatible bucket; unset: a folder under DATA_DIR. */
  S3_BUCKET: z.string().min(3).optional(),
  /** The endpoint of an S3-compatible service other than AWS (MinIO, a test peer). */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A folder in the bucket for this platform's files. */
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._/-]*$/i)
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's shared_buffers for the embedded database. */
  pgliteSharedBuffers: string;
  redisUrl: string | undefined;
  redisChannel: string;
  /** Real-time connections at /cable (realtime/limits.ts). */
  cable: CableLimits;
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logFormat: 'json' | 'pretty' | undefined;
  /** Where browsers send error reports instead of our endpoint (SENTRY_DSN); unset: POST /api/client_errors. */
  sentryDsn: string | undefined;
  siteVariants: SiteVariantMap;
  hiddenLocales: HiddenLocalesByVariant;
  /** Demo data is seeded only on the embedded database unless asked for explicitly. */
  seedDemo: boolean;
  /** Where the built browser app lives; absent in API-only test runs. */
  webRoot: string | undefined;
  appSecret: string | undefined;
  trustProxy: boolean | string[];
  mailFrom: string;
  recruitingEmail: string;
  salesEmail: string;
  recaptcha: { secret: string | undefined; verifyUrl: string };
  vatRegistryUrl: string | undefined;
  /** Web push: VAPID keys when set (else kept in DATA_DIR), and the subject. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** TVU's directory of receivers, when not the embedded demo one. */
  tvu: { url: string; apiKey: string } | undefined;
  /** The card provider: Stripe when a secret key is set, else the built-in test provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | undefined;
  /** The online wallet: PayPal when a client id is set, else the built-in test wallet. */
  paypal: { clientId: string; clientSecret: string; apiUrl: string } | undefined;
  ffmpegPath: string | undefined;
  /** Pending payments: the reconciliation's grace period, and the crash tests' pauses (never in production). */
  payments: { graceSeconds: number; crashTestPauses: boolean };
  /** Whether an account's first pass is verified by the sales desk before it is active (PASS_VERIFICATION). */
  passVerification: PassVerification;
  /**
   * The /dev tools answer only the machine itself, and only when this is on: by default on the
   * embedded development set-up, off in production or on a PostgreSQL server (DEV_TOOLS=true forces).
   */
  devTools: boolean;
  timeouts: { headersSeconds: number; requestSeconds: number; keepAliveSeconds: number };
  maxConnectionsPerAddress: number;
  /** Shutdown: how long readiness says 503 before the server stops accepting, then how long requests in flight have. */
  shutdown: { drainSeconds: number; graceSeconds: number };
  /** The bearer token that opens /metrics to other machines (METRICS_TOKEN); unset: the machine itself only. */
  metricsToken: string | undefined;
  /** Where jobs are worked: in this process (the default), or only by `npm run worker` processes. */
  workers: 'in-process' | 'off';
  agencyCredit: string;
  demoMasters: number;
  live: LiveConfig;
  /** Refused ranges the outbound policy lets through (OUTBOUND_ALLOW; modules/security/outbound.ts). */
  outboundAllow: OutboundAllowance[];
  /** The biggest master a desk upload may be (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** The bucket of masters and renditions, when not DATA_DIR/storage. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        prefix: string | undefined;
      }
    | undefined;
};

export class ConfigError extends Error {}

function isAddressOrRange(value: string): boolean {
  if (ipaddr.isValid(value)) return true;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The secrets every process of a deployment must share, required of the server and the worker
 * when DATABASE_URL says there may be several: a download or HLS link one process signs is checked
 * by another, a stored FTP password one encrypts another decrypts, and a push subscription is tied
 * to one VAPID pair. The embedded default (one process) generates and keeps its own in DATA_DIR.
 */
export function requireSharedSecrets(config: Pick<Config, 'databaseUrl' | 'appSecret' | 'vapid'>): void {
  if (!config.databaseUrl) return;
  const missing = [
    config.appSecret ? null : 'APP_SECRET',
    config.vapid.publicKey ? null : 'VAPID_PUBLIC_KEY',
    config.vapid.privateKey ? null : 'VAPID_PRIVATE_KEY',
  ].filter((name) => name !== null);
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required with DATABASE_URL, the same in every process ` +
        '(links one process signs are checked by another; see the README)',
    );
}

export function parseConfig(env: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.data;
  // The embedded database belongs to the one process that opened it: no worker could take its jobs.
  if (e.WORKERS === 'off' && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: off needs DATABASE_URL; workers in another process cannot open the embedded database',
    );
  if (e.PAYMENT_CRASH_TEST_PAUSES === 'on' && e.NODE_ENV === 'production')
    throw new ConfigError('Invalid configuration:\n  PAYMENT_CRASH_TEST_PAUSES: on is for crash tests, never with NODE_ENV=production');
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const seedDemo = e.SEED_DEMO === 'yes' || (e.SEED_DEMO === 'auto' && !e.DATABASE_URL);
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    // Absolute, so every part (PGlite, stored files, static serving) means the same folder.
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    cable: CABLE_LIMITS,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    sentryDsn: e.SENTRY_DSN,
    siteVariants: e.SITE_VARIANTS,
    hiddenLocales: e.HIDDEN_LOCALES,
    seedDemo,
    webRoot: undefined,
    appSecret: e.APP_SECRET,
    trustProxy: e.TRUST_PROXY,
    mailFrom: e.MAIL_FROM,
    recruitingEmail: e.RECRUITING_EMAIL,
    salesEmail: e.SALES_EMAIL,
    recaptcha: { secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL },
    vatRegistryUrl: e.VAT_REGISTRY_URL,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    tvu: e.TVU_API_URL ? { url: e.TVU_API_URL, apiKey: e.TVU_API_KEY ?? '' } : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, apiUrl: e.PAYPAL_API_URL }
        : undefined,
    ffmpegPath: e.FFMPEG_PATH,
    payments: { graceSeconds: e.PAYMENT_GRACE_SECONDS, crashTestPauses: e.PAYMENT_CRASH_TEST_PAUSES === 'on' },
    passVerification: e.PASS_VERIFICATION,
    devTools: e.DEV_TOOLS ? e.DEV_TOOLS === 'true' : e.NODE_ENV !== 'production' && !e.DATABASE_URL,
    timeouts: { headersSeconds: e.HEADERS_TIMEOUT, requestSeconds: e.REQUEST_TIMEOUT, keepAliveSeconds: e.KEEP_ALIVE_TIMEOUT },
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    workers: e.WORKERS,
    shutdown: { drainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.DATABASE_URL ? 5 : 0), graceSeconds: e.SHUTDOWN_GRACE_SECONDS },
    metricsToken: e.METRICS_TOKEN,
    agencyCredit: e.AGENCY_CREDIT,
    demoMasters: e.DEMO_MASTERS,
    live: liveConfig(e, seedDemo),
    outboundAllow: e.OUTBOUND_ALLOW,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          prefix: e.S3_PREFIX,
        }
      : undefined,
    ...overrides,
  };
}

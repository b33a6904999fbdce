import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { parseSentryDsn } from '../common/sentry-dsn.ts';
import type { Config } from './config.ts';
import type { ServiceContext } from './context.ts';
import { answerMachineOnly } from './http/dev-tools.ts';
import { capConnectionsPerAddress, trustedProxy } from './http/connections.ts';
import { microCache } from './http/micro-cache.ts';
import { recordRoutes } from './http/route-table.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { securityHeaders } from './http/security-headers.ts';
import { clientErrorHandler, frameworkErrors } from './http/server-errors.ts';
import { originCheck } from './http/origin-check.ts';
import { rejectNul } from './http/reject-nul.ts';
import { entityTags } from './http/entity-tags.ts';
import { registerErrorHandlers } from './http/error-handler.ts';
import { requestContext } from './http/request-context.ts';
import { auth, callerLookup } from './modules/accounts/auth.ts';
import { liveSessionIds } from './modules/accounts/sessions.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { passApplicationRoutes } from './modules/payments/pass-application-routes.ts';
import { customerRoutes } from './modules/business/customer-routes.ts';
import { inboxRoutes } from './modules/business/inbox-routes.ts';
import { siteContentRoutes } from './modules/business/site-content-routes.ts';
import { reportRoutes } from './modules/business/report-routes.ts';
import { planRequestDeskRoutes } from './modules/agreements/plan-request-desk-routes.ts';
import { deskAgreementRoutes } from './modules/agreements/desk-agreement-routes.ts';
import { deskTransactionRoutes } from './modules/payments/desk-transaction-routes.ts';
import type { PaymentsContext } from './modules/payments/purchases.ts';
import { webhookRoutes } from './modules/payments/webhook-routes.ts';
import { fileRoutes } from './modules/downloads/file-routes.ts';
import { logoRoutes } from './modules/downloads/logo-routes.ts';
import { markFetched } from './modules/downloads/requests.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { testCardRoutes } from './modules/payments/test-card-routes.ts';
import { isTestCardProvider } from './modules/payments/test-card-provider.ts';
import { taxRoutes } from './modules/payments/tax-routes.ts';
import { billingRoutes } from './modules/payments/billing-routes.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { liveBookingRoutes } from './modules/live/booking-routes.ts';
import { livePlaybackRoutes } from './modules/live/playback-routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { deskLiveRoutes } from './modules/live/desk-routes.ts';
import { deskAlertRoutes } from './modules/alerts/desk-routes.ts';
import { careerRoutes } from './modules/careers/routes.ts';
import { careerDeskRoutes } from './modules/careers/desk-routes.ts';
import { broadcastRoutes } from './modules/broadcast/routes.ts';
import { listRoutes } from './modules/lists/routes.ts';
import { integrationPlugin } from './modules/integration/plugin.ts';
import { publicListTitle } from './modules/lists/screens.ts';
import { vacancyTitle } from './modules/careers/screens.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { currentUserRoutes } from './modules/accounts/current-user-routes.ts';
import { devAccountRoutes } from './modules/accounts/dev-routes.ts';
import { accountTransferRoutes } from './modules/accounts/account-transfer-routes.ts';
import { passwordRoutes } from './modules/accounts/password-routes.ts';
import { registrationRoutes } from './modules/accounts/registration-routes.ts';
import { sessionRoutes } from './modules/accounts/session-routes.ts';
import { systemRoutes } from './modules/accounts/system-routes.ts';
import { catalogueScreens } from './modules/catalogue/screens.ts';
import { deskRoutes } from './modules/desk/routes.ts';
import { clientErrorRoutes } from './modules/client-errors/routes.ts';
import { ingestRoutes } from './modules/newsroom/ingest/routes.ts';
import { isWithdrawnFile } from './modules/newsroom/catalogue-sync.ts';
import { newsroomDeskRoutes } from './modules/newsroom/routes.ts';
import { noticeCentreRoutes } from './modules/notice-centre/routes.ts';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes.ts';
import { videoProjectRoutes } from './modules/catalogue/routes.ts';
import { tagRoutes } from './modules/catalogue/tag-routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { drainOnShutdown } from './modules/health/drain.ts';
import { healthRoutes, type ReadinessCheck } from './modules/health/routes.ts';
import { webAppReadiness } from './web/built-app.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { countRequests, processMetrics } from './modules/metrics/process-metrics.ts';
import { devMailboxRoutes } from './modules/mail/routes.ts';
import { cableRoutes } from './modules/realtime/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { supportPlugin } from './modules/support/routes.ts';
import { publicOrigin, type AppServices } from './services.ts';
import { spaRoutes } from './web/spa.ts';

export type { AppServices } from './services.ts';

/** Registers plugins and routes and returns the instance; main.ts listens, tests call inject. */
export async function buildApp(config: Config, services: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Readable lines at a terminal (main.ts); pino's JSON on stdout otherwise.
            ...(services.logStream ? { stream: services.logStream } : {}),
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow or stalled clients are cut off, so they cannot hold the server's sockets (issue: slowloris).
    requestTimeout: config.timeouts.requestSeconds * 1000,
    connectionTimeout: 2 * config.timeouts.requestSeconds * 1000,
    keepAliveTimeout: config.timeouts.keepAliveSeconds * 1000,
    http: { headersTimeout: config.timeouts.headersSeconds * 1000, connectionsCheckingInterval: 1_000 },
    // Errors raised before a route runs, or by Node's parser, carry the one error envelope too.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  });
  recordRoutes(app);
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, trustedProxy(config.trustProxy));
  const drain = drainOnShutdown(app);
  const metrics = processMetrics();
  countRequests(app, metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandlers(app);

  await app.register(securityHeaders, {
    stripe: config.stripe !== undefined,
    reportingOrigin: config.sentryDsn ? parseSentryDsn(config.sentryDsn)?.origin : undefined,
  });
  await app.register(fastifyCookie);
  await app.register(originCheck, { config });
  await app.register(rejectNul);
  await app.register(entityTags);
  await app.register(requestContext, { siteVariants: config.siteVariants, publicUrl: config.publicUrl });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Newsreel API', description: 'News video licensing platform', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { database, broadcaster } = services;
  const ctx: ServiceContext = {
    db: database.db,
    clock: services.clock,
    mailer: services.mailer,
    secret: services.secret,
    background: services.background,
    broadcast: (channel, stream, message) => broadcaster.broadcast(channel, stream, message),
    sessionsEnded: (ended) => broadcaster.endSessions(ended),
    caches: services.caches,
    jobs: services.jobs,
    outbound: services.outbound,
  };
  const lookUp = callerLookup({ db: database.db, clock: services.clock });
  await app.register(auth, { lookUp });
  await app.register(microCache, { now: () => services.clock.now().getTime(), caches: services.caches });
  // After the micro-cache, whose onSend keeps the plain body; static assets come precompressed.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const { store } = services.files;
  const checks: ReadinessCheck[] = [{ name: 'database', code: 'database_unavailable', what: 'The database', ping: () => database.ping() }];
  if (broadcaster.ping)
    checks.push({
      name: 'redis',
      code: 'redis_unavailable',
      what: 'Redis (real-time messages)',
      ping: () => broadcaster.ping?.() ?? Promise.resolve(),
    });
  if (store.ping)
    checks.push({ name: 's3', code: 'storage_unavailable', what: 'The file store (S3)', ping: () => store.ping?.() ?? Promise.resolve() });
  if (config.webRoot) checks.push(webAppReadiness(config.webRoot));
  await app.register(healthRoutes, { checks, drain });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken, db: database.db, clock: services.clock });
  await app.register(siteRoutes, { hiddenLocales: config.hiddenLocales });
  await app.register(referenceRoutes, { db: database.db });
  await app.register(sessionRoutes, { ctx, config });
  await app.register(registrationRoutes, { ctx, config });
  await app.register(passwordRoutes, { ctx, config });
  await app.register(accountTransferRoutes, { ctx });
  await app.register(currentUserRoutes, { ctx });
  await app.register(noticeCentreRoutes, { ctx });
  await app.register(systemRoutes, { ctx, recaptcha: services.recaptcha });
  await app.register(deskRoutes, { ctx });
  await app.register(clientErrorRoutes, { ctx });
  await app.register(supportPlugin, { ctx: { ...ctx, publicOrigin: publicOrigin(config) } });
  await app.register(ingestRoutes, { ctx: { ...ctx, jobs: services.jobs }, files: services.files, maxBytes: config.uploadMaxBytes });
  await app.register(newsroomDeskRoutes, { ctx });
  await app.register(catalogueAdminRoutes);
  await app.register(videoProjectRoutes, { db: database.db, clock: services.clock, secret: services.secret, caches: services.caches });
  await app.register(tagRoutes, { db: database.db, clock: services.clock, caches: services.caches });
  await app.register(alertRoutes, { ctx });
  await app.register(deskAlertRoutes, { ctx });
  await app.register(listRoutes, { ctx });
  await app.register(integrationPlugin, { ctx, files: services.files, jobs: services.jobs, caches: services.caches });
  const bookings = { ...ctx, salesEmail: config.salesEmail, publicOrigin: publicOrigin(config) };
  await app.register(liveRoutes, { ctx: { ...bookings, jobs: services.jobs, files: services.files, tvu: services.tvu } });
  await app.register(liveBookingRoutes, { ctx: bookings });
  await app.register(inboxRoutes, { ctx: bookings });
  await app.register(deskLiveRoutes, {
    ctx: {
      ...ctx,
      jobs: services.jobs,
      files: services.files,
      ingest: { host: new URL(publicOrigin(config)).hostname, rtmpPort: config.live.rtmpPort },
    },
  });
  await app.register(pushRoutes, { ctx, publicKey: services.push.publicKey });
  await app.register(livePlaybackRoutes, { ctx, secret: services.secret, store: services.files.store });
  await app.register(agreementRoutes, { ctx, recaptcha: services.recaptcha, passVerification: config.passVerification });
  await app.register(taxRoutes, { registry: services.vatRegistry, db: database.db, clock: services.clock });
  const payments: PaymentsContext = {
    ...ctx,
    publicOrigin: publicOrigin(config),
    cards: services.cards,
    wallet: services.wallet,
    registry: services.vatRegistry,
    passVerification: config.passVerification,
  };
  await app.register(paymentRoutes, { ctx: payments, config });
  await app.register(passApplicationRoutes, { ctx: payments });
  await app.register(deskTransactionRoutes, { ctx: payments, graceSeconds: config.payments.graceSeconds });
  await app.register(customerRoutes, { ctx, config });
  await app.register(siteContentRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(planRequestDeskRoutes, { ctx });
  await app.register(deskAgreementRoutes, { ctx });
  if (isTestCardProvider(services.cards)) await app.register(testCardRoutes, { ctx: payments, provider: services.cards });
  if (services.wallet.name === 'test_wallet' && 'routes' in services.wallet) await app.register(services.wallet.routes);
  await app.register(webhookRoutes, { ctx: payments });
  await app.register(companyRoutes, { ctx, config });
  await app.register(downloadRoutes, { ctx: { ...ctx, files: services.files, jobs: services.jobs } });
  await app.register(logoRoutes, { db: database.db, files: services.files });
  await app.register(fileRoutes, {
    store: services.files.store,
    secret: services.files.secret,
    clock: services.clock,
    fetched: (requestId) => markFetched(ctx, requestId),
    withdrawn: (key, requestId) => isWithdrawnFile(database.db, key, requestId),
  });
  await app.register(billingRoutes, { ctx });
  await app.register(careerRoutes, {
    ctx: { ...ctx, store: services.files.store, workDir: services.files.workDir, recruitingEmail: config.recruitingEmail },
  });
  await app.register(careerDeskRoutes, { ctx });
  await app.register(broadcastRoutes, { ctx: { ...ctx, salesEmail: config.salesEmail } });
  await app.register(cableRoutes, {
    config,
    broadcaster,
    lookUp,
    liveSessions: (idHashes) => liveSessionIds(database.db, idHashes, services.clock.now()),
    countConnections: (read) => metrics.cableConnections(read),
  });
  await app.register(mediaRoutes, { db: database.db, storageDir: path.join(config.dataDir, 'storage'), store: services.files.store });
  if (config.devTools && services.mailer.transport === 'outbox') {
    await app.register(async (dev) => {
      answerMachineOnly(dev);
      await dev.register(devMailboxRoutes, { db: database.db, background: services.background });
      await dev.register(devAccountRoutes, { db: database.db });
    });
  }
  await app.register(spaRoutes, {
    webRoot: config.webRoot,
    screens: { ...catalogueScreens(database.db), publicList: publicListTitle(database.db), vacancy: vacancyTitle(database.db) },
    publicUrl: config.publicUrl,
    sentryDsn: config.sentryDsn,
  });
  return app;
}

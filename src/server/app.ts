import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandlers } from './http/error-handler.ts';
import { requestContext } from './http/request-context.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { spaRoutes } from './web/spa.ts';

/** What the app is given rather than finds (STYLE: dependencies are passed, not found). */
export type AppServices = {
  database: Database;
};

/** Registers plugins and routes and returns the instance; main.ts listens, tests call inject. */
export async function buildApp(config: Config, services: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandlers(app);

  await app.register(fastifyCookie);
  await app.register(fastifyEtag, { weak: true });
  await app.register(requestContext, { siteVariants: config.siteVariants });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Newsreel API', description: 'News video licensing platform', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { database } = services;
  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(siteRoutes, { hiddenLocales: config.hiddenLocales });
  await app.register(referenceRoutes, { db: database.db });
  await app.register(spaRoutes, { webRoot: config.webRoot });
  return app;
}

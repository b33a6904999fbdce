import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyTypesResponseSchema,
  countriesResponseSchema,
  jobTitlesResponseSchema,
  localesResponseSchema,
  regionsResponseSchema,
  timeZonesResponseSchema,
} from '../../../common/reference.ts';
import type { Db } from '../../db/client.ts';
import { longCache } from '../../http/cache.ts';
import { listCompanyTypes, listCountries, listJobTitles, listLocales, listRegions, listTimeZones } from './service.ts';

const query = z.object({ locale: z.string().optional() });
const tags = ['reference'];

export async function referenceRoutes(instance: FastifyInstance, { db }: { db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = { db };

  app.get('/api/locales', { schema: { tags, querystring: query, response: { 200: localesResponseSchema } } }, async (_request, reply) => {
    longCache(reply);
    return listLocales();
  });

  app.get(
    '/api/time_zones',
    { schema: { tags, querystring: query, response: { 200: timeZonesResponseSchema } } },
    async (_request, reply) => {
      longCache(reply);
      return listTimeZones();
    },
  );

  for (const url of ['/api/countries.json', '/api/content/geodata/countries']) {
    app.get(url, { schema: { tags, querystring: query, response: { 200: countriesResponseSchema } } }, async (request, reply) => {
      longCache(reply);
      return listCountries(ctx, request.locale);
    });
  }

  for (const url of ['/api/regions.json', '/api/content/geodata/regions']) {
    app.get(url, { schema: { tags, querystring: query, response: { 200: regionsResponseSchema } } }, async (request, reply) => {
      longCache(reply);
      return listRegions(ctx, request.locale);
    });
  }

  app.get(
    '/api/company_types',
    { schema: { tags, querystring: query, response: { 200: companyTypesResponseSchema } } },
    async (request, reply) => {
      longCache(reply);
      return listCompanyTypes(ctx, request.locale);
    },
  );

  app.get(
    '/api/job_titles',
    { schema: { tags, querystring: query, response: { 200: jobTitlesResponseSchema } } },
    async (request, reply) => {
      longCache(reply);
      return listJobTitles(ctx, request.locale);
    },
  );
}

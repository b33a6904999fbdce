import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { emailBodySchema, okResponseSchema } from '../../../common/accounts.ts';
import type { Db } from '../../db/client.ts';
import { users } from './schema.ts';

/**
 * Demo and test tools, registered only on the embedded default (like /dev/mailbox): they let a
 * demo or a browser test show the terms screen without publishing a new terms version for all, or
 * the account transfer without a second demo account.
 */
export async function devAccountRoutes(instance: FastifyInstance, { db }: { db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/dev/users/terms_reset',
    { schema: { tags: ['dev'], body: emailBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      // The same answer whether or not the address has an account: no tool tells who has one.
      await db.update(users).set({ termsAcceptedVersion: null }).where(eq(users.email, request.body.email.toLowerCase()));
      return { ok: true as const };
    },
  );
  // An account as moved over from the earlier platform (no password yet), so that a browser test
  // can go through the account transfer on an account of its own (docs/decisions.md "Account transfer").
  app.post(
    '/dev/users/unmigrate',
    { schema: { tags: ['dev'], body: emailBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await db.update(users).set({ passwordHash: null }).where(eq(users.email, request.body.email.toLowerCase()));
      return { ok: true as const };
    },
  );
}

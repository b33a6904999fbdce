import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deskRefundBodySchema,
  deskTransactionDetailSchema,
  deskTransactionParamsSchema,
  deskTransactionsPageSchema,
  deskTransactionsQuerySchema,
} from '../../../common/desk-payments.ts';
import { transactionSchema } from '../../../common/payments.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { deskTransaction, deskTransactions } from './desk-transactions.ts';
import type { PaymentsContext } from './purchases.ts';
import { refundTransaction } from './refunds.ts';

const tags = ['desk', 'payments'];
const BASE = '/api/desk/transactions';

/** The sales desk's payments (issue 29): the list, one payment, and refunds (the rule, or an audited override). */
export async function deskTransactionRoutes(
  instance: FastifyInstance,
  { ctx, graceSeconds }: { ctx: PaymentsContext; graceSeconds: number },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, querystring: deskTransactionsQuerySchema, response: { 200: deskTransactionsPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deskTransactions(ctx, request.query);
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: deskTransactionParamsSchema, response: { 200: deskTransactionDetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deskTransaction({ ...ctx, graceSeconds }, request.params.id);
    },
  );

  app.post(
    `${BASE}/:id/refunds`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: deskTransactionParamsSchema, body: deskRefundBodySchema, response: { 200: transactionSchema } },
    },
    async (request) =>
      refundTransaction(ctx, request.params.id, {
        actor: await actorOf(request),
        override: request.body.override,
        reason: request.body.reason,
      }),
  );
}

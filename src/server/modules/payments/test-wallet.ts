import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { checkoutPage, messagePage } from './test-wallet-page.ts';
import { testWalletOrders, testWalletRefunds } from './schema.ts';
import type { WalletOrder, WalletProvider } from './wallet-provider.ts';

/** The demo buyer who approves at the test wallet. */
export const TEST_WALLET_PAYER = { email: 'buyer@test-wallet.example', payerId: 'TESTWALLETBUY' };

/** Where the buyer approves an order: a page of our own site (`routes`). */
export const testWalletCheckoutPath = (id: string) => `/test-wallet/checkout/${id}`;

export type TestWallet = WalletProvider & { readonly name: 'test_wallet'; routes: FastifyPluginAsync };

type StoredOrder = typeof testWalletOrders.$inferSelect;
type Refund = { id: string; status: 'succeeded' | 'pending' | 'failed' };

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomId = (prefix: string) =>
  prefix + Array.from({ length: 17 - prefix.length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const CAPTURE_ID = /^TWC[0-9A-Z]{14}$/;

const decisionSchema = z.object({ decision: z.enum(['approve', 'approve_then_decline', 'cancel']) });

const orderNotFound = (id: string) => new NotFound({ code: 'wallet_order_not_found', message: `The test wallet has no order ${id}` });

/** Adds query parameters to an absolute URL or to a path on our own site. */
function withQuery(target: string, params: Record<string, string>): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target);
  const url = new URL(target, 'http://relative.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

const returnTarget = (order: StoredOrder) => withQuery(order.returnUrl, { token: order.id, PayerID: TEST_WALLET_PAYER.payerId });
const cancelTarget = (order: StoredOrder) => withQuery(order.cancelUrl, { token: order.id });

function html(reply: FastifyReply, status: number, page: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

const notFoundPage = () => messagePage('Payment not found', 'This test wallet payment does not exist.');

/** The page for an order the buyer has decided on already. */
function settledPage(order: StoredOrder): string {
  switch (order.status) {
    case 'voided':
      return messagePage('Payment cancelled', 'This payment was cancelled.', cancelTarget(order));
    case 'completed':
      return messagePage('Payment completed', 'This payment is completed.', returnTarget(order));
    case 'failed':
      return messagePage('Payment declined', 'The test wallet declined this payment.', returnTarget(order));
    default:
      return messagePage('Payment approved', 'You approved this payment; the site completes it.', returnTarget(order));
  }
}

/**
 * The built-in test wallet, the default when PayPal is not configured: a new user can pay by wallet
 * on `npm start` without any account. The buyer approves at our own page
 * (`/test-wallet/checkout/{id}`, served by `routes`) as they would at PayPal; nothing is charged.
 *
 * Its orders, captures and refunds are kept in the database (`test_wallet_orders`,
 * `test_wallet_refunds`), as PayPal keeps them on its side: the checkout page answers on any API
 * process, whichever made the order, and any process (a worker's reconciliation too) captures it.
 * Every change is one conditional statement, so two processes deciding at once change an order once.
 *
 * A declined payment on the demo: the page's "Simulate a declined payment" button approves the order,
 * and its capture is then `failed`. Capturing an order not approved yet answers it unchanged
 * (`created`): the caller decides. A refund of a capture of the wallet's form that it has no record
 * of (made before its orders were kept, when they lived in one process's memory) is answered
 * succeeded: the site's transaction is the record of it.
 */
export function testWallet(options: { db: Db; clock: Clock; publicUrl?: string }): TestWallet {
  const { db, clock } = options;
  const base = (options.publicUrl ?? '').replace(/\/+$/, '');

  const answer = (order: StoredOrder): WalletOrder => ({
    id: order.id,
    status: order.status,
    approveUrl: order.status === 'created' ? `${base}${testWalletCheckoutPath(order.id)}` : null,
    captureId: order.captureId,
    payerEmail: order.payerEmail,
  });

  const find = async (id: string): Promise<StoredOrder | undefined> =>
    (await db.select().from(testWalletOrders).where(eq(testWalletOrders.id, id)))[0];

  async function stored(id: string): Promise<StoredOrder> {
    const order = await find(id);
    if (!order) throw orderNotFound(id);
    return order;
  }

  /** Sets `changes` on the order only while it is in one of `from`; answers the order as it then is. */
  async function moved(
    id: string,
    from: StoredOrder['status'][],
    changes: PgUpdateSetSource<typeof testWalletOrders>,
  ): Promise<StoredOrder> {
    const [changed] = await db
      .update(testWalletOrders)
      .set(changes)
      .where(and(eq(testWalletOrders.id, id), inArray(testWalletOrders.status, from)))
      .returning();
    return changed ?? stored(id);
  }

  const routes: FastifyPluginAsync = async (app) => {
    // The page's form posts urlencoded; the app itself parses only JSON, so this scope reads forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get<{ Params: { id: string } }>('/test-wallet/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const order = await find(request.params.id);
      if (!order) return html(reply, 404, notFoundPage());
      if (order.status !== 'created') return html(reply, 200, settledPage(order));
      const { amountCents, currency, description } = order;
      return html(reply, 200, checkoutPage({ amountCents, currency, description, payerEmail: TEST_WALLET_PAYER.email }));
    });

    app.post<{ Params: { id: string } }>('/test-wallet/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const { id } = request.params;
      if (!(await find(id))) return html(reply, 404, notFoundPage());
      const parsed = decisionSchema.safeParse(request.body);
      if (!parsed.success) throw new Invalid({ field: 'decision', message: 'Choose approve, cancel or approve_then_decline' });
      if (parsed.data.decision === 'cancel') {
        // Until the site captures it, the buyer may still cancel an approved order.
        const order = await moved(id, ['created', 'approved'], { status: 'voided' });
        return order.status === 'voided' ? reply.redirect(cancelTarget(order), 303) : html(reply, 409, settledPage(order));
      }
      const order = await moved(id, ['created'], {
        status: 'approved',
        payerEmail: TEST_WALLET_PAYER.email,
        declineAtCapture: parsed.data.decision === 'approve_then_decline',
      });
      // Approving twice (a second click, the back button) lands on the return page again.
      return order.status === 'approved' ? reply.redirect(returnTarget(order), 303) : html(reply, 409, settledPage(order));
    });
  };

  return {
    name: 'test_wallet',
    routes,

    async createOrder(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new RangeError(`amount must be a positive number of cents, got ${input.amountCents}`);
      }
      const [made] = await db
        .insert(testWalletOrders)
        .values({
          id: randomId('TWO'),
          idempotencyKey: input.idempotencyKey,
          status: 'created',
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
          reference: input.reference,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: testWalletOrders.idempotencyKey })
        .returning();
      const [order] = made
        ? [made]
        : await db.select().from(testWalletOrders).where(eq(testWalletOrders.idempotencyKey, input.idempotencyKey));
      if (!order) throw new Error('test wallet order vanished');
      return answer(order);
    },

    async getOrder(id) {
      return answer(await stored(id));
    },

    // One statement: of two captures at once, one finds the order approved and takes the money.
    async captureOrder(id) {
      const captureId = randomId('TWC');
      const order = await moved(id, ['approved'], {
        status: sql`case when ${testWalletOrders.declineAtCapture} then 'failed' else 'completed' end`,
        captureId: sql`case when ${testWalletOrders.declineAtCapture} then null else ${captureId} end`,
      });
      return answer(order);
    },

    async refund({ captureId, amountCents, currency, idempotencyKey }) {
      return db.transaction(async (tx): Promise<Refund> => {
        // The capture's row first: refunds of one capture, whatever their keys, wait for one another.
        const [order] = await tx.select().from(testWalletOrders).where(eq(testWalletOrders.captureId, captureId)).for('update');
        const [earlier] = await tx.select().from(testWalletRefunds).where(eq(testWalletRefunds.idempotencyKey, idempotencyKey));
        if (earlier) return { id: earlier.id, status: 'succeeded' };
        if (!order && !CAPTURE_ID.test(captureId)) {
          throw new NotFound({ code: 'wallet_capture_not_found', message: `The test wallet has no capture ${captureId}` });
        }
        if (order) {
          if (currency !== order.currency || amountCents <= 0 || amountCents > order.amountCents - order.refundedCents) {
            throw new Conflict({
              code: 'wallet_refund_refused',
              message: 'The refund exceeds what is left of the payment, or is in another currency',
            });
          }
          await tx
            .update(testWalletOrders)
            .set({ refundedCents: order.refundedCents + amountCents })
            .where(eq(testWalletOrders.id, order.id));
        }
        const [made] = await tx
          .insert(testWalletRefunds)
          .values({ idempotencyKey, id: randomId('TWR'), captureId, amountCents, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning();
        // Only a capture without a row can race here (nothing to lock): the other's refund is this one.
        const [refund] = made
          ? [made]
          : await tx.select().from(testWalletRefunds).where(eq(testWalletRefunds.idempotencyKey, idempotencyKey));
        if (!refund) throw new Error('test wallet refund vanished');
        return { id: refund.id, status: 'succeeded' };
      });
    },
  };
}

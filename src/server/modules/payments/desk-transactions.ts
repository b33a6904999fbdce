import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  DESK_TRANSACTIONS_PAGE_SIZE,
  deskTransactionsQuerySchema,
  type DeskTransaction,
  type DeskTransactionDetail,
  type DeskTransactionsPage,
  type DeskTransactionsQuery,
} from '../../../common/desk-payments.ts';
import { NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { DESCRIPTIONS } from './history.ts';
import type { PaymentsContext } from './purchases.ts';
import { refundBlockOf } from './refunds.ts';
import { transactions } from './schema.ts';
import type { TransactionRow } from './settlement.ts';

/** The desk's payments (issue 29): every customer's transactions, found by state, provider, period and customer. */

type Row = { payment: TransactionRow; customer: { id: number; firstName: string; lastName: string; email: string } };

const columns = {
  payment: transactions,
  customer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};
const DAY_MS = 24 * 3600 * 1000;
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
/** When a payment happened: paid, else made. */
const happened = sql`coalesce(${transactions.paidAt}, ${transactions.createdAt})`;

function viewOf({ payment, customer }: Row): DeskTransaction {
  return {
    id: payment.id,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    customer: { id: customer.id, name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email },
    kind: payment.kind,
    status: payment.status,
    provider: payment.provider,
    amount_cents: payment.amountCents,
    net_cents: payment.netCents,
    vat_cents: payment.vatCents,
    currency: payment.currency,
    description: payment.order.description ?? DESCRIPTIONS[payment.kind],
    receipt_number: payment.receiptNumber,
    agreement_id: payment.agreementId,
    video_project_id: payment.videoProjectId,
  };
}

/** GET /api/desk/transactions: newest first, 50 a page, with the filters given. */
export async function deskTransactions(ctx: Pick<PaymentsContext, 'db'>, query: DeskTransactionsQuery): Promise<DeskTransactionsPage> {
  const input = deskTransactionsQuerySchema.parse(query);
  const filters: (SQL | undefined)[] = [
    input.status ? eq(transactions.status, input.status) : undefined,
    input.provider ? eq(transactions.provider, input.provider) : undefined,
    input.from ? gte(happened, new Date(`${input.from}T00:00:00Z`)) : undefined,
    input.to ? lt(happened, new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS)) : undefined,
    input.customer
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, `%${literal(input.customer)}%`),
          ilike(users.email, `%${literal(input.customer)}%`),
        )
      : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(DESK_TRANSACTIONS_PAGE_SIZE)
      .offset((input.page - 1) * DESK_TRANSACTIONS_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(transactions).innerJoin(users, eq(users.id, transactions.userId)).where(where),
  ]);
  return { transactions: rows.map(viewOf), total: total?.n ?? 0, page: input.page, per_page: DESK_TRANSACTIONS_PAGE_SIZE };
}

/** GET /api/desk/transactions/{id}: the provider's ids, the card, the error, what the refund rule says, a pending one's next look. */
export async function deskTransaction(
  ctx: Pick<PaymentsContext, 'db' | 'clock'> & { graceSeconds: number },
  id: number,
): Promise<DeskTransactionDetail> {
  const [row] = await ctx.db
    .select(columns)
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.id, id));
  if (!row) throw new NotFound({ code: 'transaction_not_found', message: 'Payment not found' });
  const { payment } = row;
  const now = ctx.clock.now();
  return {
    ...viewOf(row),
    provider_payment_id: payment.providerPaymentId,
    card: payment.cardBrand && payment.cardLast4 ? `${payment.cardBrand} •••• ${payment.cardLast4}` : null,
    error: payment.errorCode || payment.errorMessage ? { code: payment.errorCode, message: payment.errorMessage } : null,
    vat_reason: payment.vatReason,
    refund_block: await refundBlockOf(ctx.db, payment, now),
    reconciliation:
      payment.status === 'pending'
        ? {
            last_looked_at: payment.updatedAt.toISOString(),
            next_look_at: new Date(Math.max(now.getTime(), payment.updatedAt.getTime() + ctx.graceSeconds * 1000)).toISOString(),
          }
        : null,
  };
}

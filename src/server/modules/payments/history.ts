import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { TRANSACTIONS_PER_PAGE, type Receipt, type Transaction, type TransactionsPage } from '../../../common/payments.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { transactions } from './schema.ts';

type TransactionRow = typeof transactions.$inferSelect;

/** The seller every receipt names (the impressum). */
export const SELLER = {
  name: 'Newsreel Media Ltd',
  address: ['18 Example Street', 'London EC1A 1AA', 'United Kingdom'],
  vat_id: 'GB000000000',
};

export const DESCRIPTIONS: Record<TransactionRow['kind'], string> = {
  pass: 'Pass, 12 months',
  one_off: 'One-off licence',
  renewal: 'Pass renewal, 12 months',
  top_up: 'Pool top-up',
};

export function transactionView(row: TransactionRow): Transaction {
  const wallet = row.provider === 'paypal' ? 'PayPal' : row.provider === 'test_wallet' ? 'Test wallet' : null;
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    description: row.order.description ?? DESCRIPTIONS[row.kind],
    date: (row.paidAt ?? row.createdAt).toISOString(),
    period_start: row.periodStart,
    period_end: row.periodEnd,
    card_brand: row.cardBrand,
    card_last4: row.cardLast4,
    wallet,
    amount_cents: row.amountCents,
    currency: row.currency,
    receipt_number: row.receiptNumber,
    agreement_id: row.agreementId,
    video_project_id: row.videoProjectId,
  };
}

/** The purchase history (spec §2): newest first, every status, 12 a page. */
export async function listTransactions(db: Db, userId: number, page: number): Promise<TransactionsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(TRANSACTIONS_PER_PAGE)
      .offset((page - 1) * TRANSACTIONS_PER_PAGE),
    db.select({ total: count() }).from(transactions).where(eq(transactions.userId, userId)),
  ]);
  return { transactions: rows.map(transactionView), page, per_page: TRANSACTIONS_PER_PAGE, total: total?.total ?? 0 };
}

/** A paid transaction's receipt: the buyer as invoiced then, net, VAT and total. Admins read any. */
export async function receiptOf(db: Db, caller: UserRow, id: number): Promise<Receipt> {
  const owned = caller.isAdmin ? eq(transactions.id, id) : and(eq(transactions.id, id), eq(transactions.userId, caller.id));
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(owned, inArray(transactions.status, ['succeeded', 'refunded'])));
  if (!row?.receiptNumber) throw new NotFound({ code: 'receipt_not_found', message: 'Receipt not found' });
  return {
    number: row.receiptNumber,
    date: (row.paidAt ?? row.createdAt).toISOString(),
    transaction: transactionView(row),
    seller: SELLER,
    buyer: {
      name: row.billing.name,
      company_name: row.billing.company_name,
      email: row.billing.email,
      vat_id: row.billing.vat_id,
      address: row.billing.address,
      country_code: row.billing.country_code,
    },
    net_cents: row.netCents,
    vat_rate: row.vatRate,
    vat_cents: row.vatCents,
    total_cents: row.amountCents,
    vat_reason: row.vatReason,
    refunded: row.status === 'refunded',
  };
}

import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { users } from '../accounts/schema.ts';
import type { Tx } from '../agreements/operations.ts';
import { renderMail } from '../mail/templates.ts';
import type { MailKind } from '../mail/texts.ts';
import type { transactions } from './schema.ts';

type TransactionRow = typeof transactions.$inferSelect;

/**
 * An e-mail about a transaction to its buyer, in their notification language, with what it was for
 * and the amount in their own notation; queued in the caller's database transaction, so it goes
 * out only if what it tells happened.
 */
export async function mailBuyer(
  tx: Tx,
  ctx: Pick<ServiceContext, 'mailer'> & { publicOrigin: string },
  row: TransactionRow,
  kind: Extract<
    MailKind,
    | 'payment_succeeded'
    | 'renewal_failed'
    | 'payment_refunded'
    | 'pass_application_received'
    | 'pass_application_approved'
    | 'pass_application_failed'
  >,
  /** A page of ours, below the buyer's locale. */
  path?: string,
): Promise<void> {
  const [buyer] = await tx.select({ email: users.email, locale: users.notificationLocale }).from(users).where(eq(users.id, row.userId));
  if (!buyer) return;
  const amount = new Intl.NumberFormat(buyer.locale, { style: 'currency', currency: row.currency }).format(row.amountCents / 100);
  await ctx.mailer.enqueue(
    tx,
    renderMail(kind, buyer.locale, buyer.email, {
      item: row.order.description ?? row.kind,
      amount,
      ...(path ? { link: `${ctx.publicOrigin}/${buyer.locale}${path}` } : {}),
    }),
  );
}

import { and, asc, eq } from 'drizzle-orm';
import type { PaymentProviderName, SavedCard } from '../../../common/payments.ts';
import type { ServiceContext } from '../../context.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { CardRefused, type CardProvider, type CardSummary } from './card-provider.ts';
import { assertMayPay, recordRejection, type Payer } from './rejections.ts';
import { paymentMethods, providerCustomers } from './schema.ts';

type CardsContext = Pick<ServiceContext, 'db' | 'clock'> & { cards: CardProvider };

/** The user's customer at the card provider, made the first time a card is kept. */
export async function customerOf(ctx: CardsContext, user: UserRow): Promise<string> {
  const where = and(eq(providerCustomers.userId, user.id), eq(providerCustomers.provider, ctx.cards.name));
  const [known] = await ctx.db.select().from(providerCustomers).where(where);
  if (known) return known.customerId;
  const customerId = await ctx.cards.createCustomer({
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    userId: user.id,
  });
  await ctx.db.insert(providerCustomers).values({ userId: user.id, provider: ctx.cards.name, customerId }).onConflictDoNothing();
  const [stored] = await ctx.db.select().from(providerCustomers).where(where);
  return stored?.customerId ?? customerId;
}

/** Keeps a card the provider holds for the user; the first one becomes the default (renewals). */
export async function rememberCard(ctx: CardsContext, userId: number, provider: PaymentProviderName, methodId: string, card: CardSummary) {
  const [existing] = await ctx.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider)))
    .limit(1);
  await ctx.db
    .insert(paymentMethods)
    .values({
      userId,
      provider,
      providerMethodId: methodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      isDefault: !existing,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
}

const view = (row: typeof paymentMethods.$inferSelect): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  is_default: row.isDefault,
});

export async function savedCards(ctx: CardsContext, userId: number): Promise<SavedCard[]> {
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, ctx.cards.name)))
    .orderBy(asc(paymentMethods.id));
  return rows.map(view);
}

/** The card renewals are charged to: the default, else the newest. */
export async function renewalCard(ctx: CardsContext, userId: number) {
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, ctx.cards.name)));
  return rows.find((row) => row.isDefault) ?? rows.sort((a, b) => b.id - a.id)[0] ?? null;
}

/**
 * POST payment_methods {payment_method}: the card form's payment method kept on the user's customer.
 * A card the bank refuses counts as a card rejection, as at checkout: adding cards is no way around
 * the limit (card testing).
 */
export async function addCard(
  ctx: CardsContext & Pick<ServiceContext, 'sessionsEnded'>,
  payer: Payer & { user: UserRow },
  methodId: string,
): Promise<SavedCard[]> {
  const { user } = payer;
  await assertMayPay(ctx, payer);
  const customer = await customerOf(ctx, user);
  try {
    const card = await ctx.cards.attachCard(customer, methodId);
    await rememberCard(ctx, user.id, ctx.cards.name, methodId, card);
  } catch (error) {
    if (!(error instanceof CardRefused)) throw error;
    const counts = await recordRejection(ctx, payer);
    throw new AppError(402, [
      {
        code: error.code,
        message: error.message,
        meta: {
          rejections: String(counts.count),
          remaining: String(counts.remaining),
          ...(counts.banned_until ? { banned_until: counts.banned_until } : {}),
        },
      },
    ]);
  }
  return savedCards(ctx, user.id);
}

/** DELETE payment_methods {payment_method}: forgotten here and detached at the provider. */
export async function removeCard(ctx: CardsContext, user: UserRow, id: number): Promise<SavedCard[]> {
  const [removed] = await ctx.db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, user.id)))
    .returning();
  if (!removed) throw new NotFound({ code: 'payment_method_not_found', message: 'Card not found' });
  await ctx.cards.detachCard(removed.providerMethodId);
  if (removed.isDefault) {
    const [next] = await ctx.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.provider, removed.provider)))
      .orderBy(asc(paymentMethods.id))
      .limit(1);
    if (next) await ctx.db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
  }
  return savedCards(ctx, user.id);
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { countries } from '../reference/schema.ts';
import { billingSettings, paymentMethods, transactions } from './schema.ts';
import { testPaymentMethod } from './test-card-provider.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The subscriber demo account paid for its pass: billing settings in Seville, the test Visa kept
 * for renewals, and the paid transaction with its receipt, so purchase history, receipt and saved
 * cards have something to show on a fresh `npm start`.
 */
export async function seedDemoPayments(db: Db, now: Date) {
  const [existing] = await db.select({ id: transactions.id }).from(transactions).limit(1);
  if (existing) return;
  const [subscriber] = await db.select().from(users).where(eq(users.email, 'subscriber@newsreel.example'));
  if (!subscriber) return;
  const [pass] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.userId, subscriber.id), eq(agreements.agreementType, 'pass')));
  const [spain] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'ES'));
  if (!pass || !spain) return;
  const paidAt = pass.startDate ? new Date(`${pass.startDate}T10:00:00Z`) : now;
  const card = testPaymentMethod({ number: '4242424242424242', exp_month: 12, exp_year: now.getUTCFullYear() + 4, cvc: '123' }, now);
  await db.transaction(async (tx) => {
    await tx.insert(billingSettings).values({
      userId: subscriber.id,
      kind: 'individual',
      firstName: subscriber.firstName,
      lastName: subscriber.lastName,
      email: subscriber.email,
      address1: 'Calle Sierpes 12',
      zip: '41004',
      city: 'Sevilla',
      countryId: spain.id,
      updatedAt: paidAt,
    });
    await tx.insert(paymentMethods).values({
      userId: subscriber.id,
      provider: 'test',
      providerMethodId: card.id,
      brand: card.card.brand,
      last4: card.card.last4,
      expMonth: card.card.exp_month,
      expYear: card.card.exp_year,
      isDefault: true,
      createdAt: paidAt,
    });
    // 12 × 8 € with Spain's 21 % VAT.
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: subscriber.id,
        kind: 'pass',
        status: 'succeeded',
        provider: 'test',
        providerPaymentId: 'pi_test_demo_subscriber_pass',
        idempotencyKey: 'demo-subscriber-pass',
        currency: 'EUR',
        amountCents: 11_616,
        netCents: 9_600,
        vatCents: 2_016,
        vatRate: 21,
        vatReason: 'standard_rate',
        order: {
          description: 'Pass, 12 months: Canal Sur Noticias',
          plan_id: 'pass-annually-eur',
          project_name: 'Canal Sur Noticias',
          platform_urls: pass.platformUrls,
        },
        billing: {
          kind: 'individual',
          name: `${subscriber.firstName} ${subscriber.lastName}`,
          company_name: '',
          email: subscriber.email,
          vat_id: null,
          address: ['Calle Sierpes 12', '41004 Sevilla'],
          country_code: 'ES',
        },
        planId: 'pass-annually-eur',
        agreementId: pass.id,
        periodStart: pass.startDate,
        periodEnd: pass.validTill ? day(pass.validTill) : null,
        cardBrand: 'visa',
        cardLast4: '4242',
        paidAt,
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning({ id: transactions.id });
    if (row)
      await tx
        .update(transactions)
        .set({ receiptNumber: `NR-${paidAt.getUTCFullYear()}-${String(row.id).padStart(6, '0')}` })
        .where(eq(transactions.id, row.id));
  });
}

import { renderToStaticMarkup } from 'react-dom/server';
import { setCatalogue } from '../../lib/translation.ts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PassPurchaseMode, PurchaseBlock } from '../../../common/agreements.ts';
import type { Plan } from '../../../common/plans.ts';
import { LOCALES } from '../../../common/locales.ts';
import { readCatalogue } from '../../../../scripts/catalogues.ts';
import { PlanActionView } from './plans-page.tsx';

/** The pass as GET /api/plans answers it (only its action matters here). */
const pass: Plan = {
  id: 'pass-annually-eur',
  kind: 'pass',
  currency: 'EUR',
  price: { monthly_cents: 800, billed_cents: 9600, billing_period: 'year', months_free: 2 },
  minimum_term_months: 12,
  member_accounts: 2,
  pool_items_per_month: 10,
  archival_days: null,
  coverage: 'worldwide',
  live_access: false,
  branded: true,
  planning: false,
  platform_limits: null,
  action: { kind: 'buy', plan_id: 'pass-annually-eur' },
};

function render(locale: string, blocked: PurchaseBlock | null, mode: PassPurchaseMode = 'buy'): string {
  setCatalogue(locale, readCatalogue(locale));
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[`/${locale}/plans`]}>
      <PlanActionView plan={pass} locale={locale} blocked={blocked} mode={mode} />
    </MemoryRouter>,
  );
}

/** The pass card's action on the choose-plan page (spec: accounts §2, §8 "pass temporarily unavailable"). */
describe('the pass card on the choose-plan page', () => {
  it('says the pass is temporarily unavailable, with no buy button, while a payment for it is pending', async () => {
    const html = render('en', 'pass_temporarily_unavailable');
    expect(html).toContain('data-testid="pass-unavailable"');
    expect(html).toContain('Pass temporarily unavailable');
    expect(html).not.toContain('data-testid="buy-pass"');
  });

  it('says it in every language', async () => {
    for (const locale of LOCALES) {
      const html = render(locale, 'pass_temporarily_unavailable');
      expect(html, locale).not.toContain('plans.actions.');
    }
  });

  it('otherwise offers the pass as before', async () => {
    const html = render('en', null);
    expect(html).not.toContain('Pass temporarily unavailable');
    expect(html).toContain('data-testid="buy-pass"');
  });

  it('an applicant is offered "Apply for pass", leading to the apply-for-pass page, in every language', async () => {
    const html = render('en', null, 'apply');
    expect(html).toContain('data-testid="apply-for-pass"');
    expect(html).toContain('href="/en/payment/apply-for-pass?plan=pass-annually-eur"');
    expect(html).toContain('Apply for pass');
    expect(html).not.toContain('data-testid="buy-pass"');
    for (const locale of LOCALES) expect(render(locale, null, 'apply'), locale).not.toContain('plans.actions.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansResponseSchema } from '../../../common/plans.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_VARIANTS: 'ru.localhost=ru,landing.localhost=landing' } });
});
afterAll(() => t.close());

const plans = async (headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/plans', headers });
  expect(response.statusCode).toBe(200);
  return { body: plansResponseSchema.parse(response.json()), headers: response.headers };
};

describe('GET /api/plans (spec: accounts §2 choose-plan page, §9)', () => {
  it('answers a visitor the pass, region and enterprise cards in euros', async () => {
    const { body, headers } = await plans({ site: 'www.example.com' });
    expect(body.currency).toEqual({ code: 'EUR', symbol: '€' });
    expect(body.plans.map((plan) => [plan.id, plan.kind, plan.action])).toEqual([
      ['pass-annually-eur', 'pass', { kind: 'buy', plan_id: 'pass-annually-eur' }],
      ['regional', 'regional', { kind: 'request', request: 'regional' }],
      ['enterprise', 'enterprise', { kind: 'request', request: 'enterprise' }],
    ]);
    expect(headers.vary).toContain('site');
  });

  it('prices the pass as the spec does: 8 € a month billed annually, two months free, a 1-year term', async () => {
    const [pass] = (await plans()).body.plans;
    expect(pass).toMatchObject({
      currency: 'EUR',
      price: { monthly_cents: 800, billed_cents: 9600, billing_period: 'year', months_free: 2 },
      minimum_term_months: 12,
      member_accounts: 2,
      pool_items_per_month: 10,
      archival_days: null,
      branded: true,
      platform_limits: {
        social_pages: 2,
        social_audience: 150_000,
        website_sessions: 90_000,
        website_days: 90,
        website_social_audience: 100_000,
      },
    });
  });

  it('leaves the price of region and enterprise plans to the request', async () => {
    const [, regional, enterprise] = (await plans()).body.plans;
    expect(regional).toMatchObject({ price: null, coverage: 'region', live_access: true, planning: true });
    expect(enterprise).toMatchObject({ price: null, coverage: 'worldwide', branded: true, planning: true });
  });

  it('prices in rubles on the Russian-region variant, with its own pass id', async () => {
    const { body } = await plans({ site: 'ru.localhost:3000' });
    expect(body.currency).toEqual({ code: 'RUB', symbol: '₽' });
    expect(body.plans[0]).toMatchObject({
      id: 'pass-annually-rub',
      currency: 'RUB',
      price: { monthly_cents: 80_000, billed_cents: 960_000 },
    });
    expect(body.plans.every((plan) => plan.currency === 'RUB')).toBe(true);
  });
});

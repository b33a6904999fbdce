import { describe, expect, it } from 'vitest';
import { canonicalPlanId, passPlanId } from './plan-values.ts';

describe('plan ids (spec: accounts §2 route gating, §9)', () => {
  it('rewrites pass-monthly-eur to pass-annually-eur, and the ruble pass the same way', () => {
    expect(canonicalPlanId('pass-monthly-eur')).toBe('pass-annually-eur');
    expect(canonicalPlanId('pass-monthly-rub')).toBe('pass-annually-rub');
  });

  it('keeps every other id as it is', () => {
    for (const id of ['pass-annually-eur', 'enterprise', 'regional', 'anything']) expect(canonicalPlanId(id)).toBe(id);
  });

  it('names the annual pass of a currency', () => {
    expect(passPlanId('EUR')).toBe('pass-annually-eur');
    expect(passPlanId('RUB')).toBe('pass-annually-rub');
  });
});

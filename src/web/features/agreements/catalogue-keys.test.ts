import { describe, expect, it } from 'vitest';
import { readCatalogue, type Tree } from '../../../../scripts/catalogues.ts';
import {
  AGREEMENT_ACCESS,
  AGREEMENT_STATUSES,
  AGREEMENT_TYPES,
  BILLING_PERIODS,
  CONTENT_KINDS,
  DURATION_UNITS,
} from '../../../common/agreements.ts';
import { LOCALES } from '../../../common/locales.ts';
import { COMPANY_SIZES, PLAN_REQUEST_NAMES, PLAN_REQUEST_STATUSES } from '../../../common/plan-requests.ts';
import { PLAN_KINDS } from '../../../common/plan-values.ts';
import { planCatalogue } from '../../../server/modules/agreements/plans.ts';
import { planFeatures } from './plan-features.ts';

const catalogue = readCatalogue;

/** A key exists when its text does, or (a plural) its "other" form. */
function has(tree: Tree, key: string): boolean {
  const lookup = (name: string) => {
    let node: string | Tree | undefined = tree;
    for (const part of name.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' && node.trim() !== '';
  };
  return lookup(key) || lookup(`${key}_other`);
}

/** Keys the plan pages build from values (t(`planDetails.types.${type}`)), which the catalogue test cannot see. */
const built = [
  ...PLAN_KINDS.flatMap((kind) => [`plans.names.${kind}`, `plans.taglines.${kind}`]),
  ...PLAN_REQUEST_NAMES.flatMap((name) => [
    `planRequest.titles.${name}`,
    `planRequest.sent.lead.${name}`,
    `planDetails.requests.plan.${name}`,
  ]),
  ...COMPANY_SIZES.map((size) => `planRequest.companySizes.${size}`),
  ...PLAN_REQUEST_STATUSES.flatMap((status) => [`planDetails.requests.status.${status}`, `planDetails.requests.text.${status}`]),
  ...AGREEMENT_TYPES.map((type) => `planDetails.types.${type}`),
  ...AGREEMENT_STATUSES.map((status) => `planDetails.statuses.${status}`),
  ...AGREEMENT_ACCESS.map((access) => `planDetails.access.${access}`),
  ...BILLING_PERIODS.map((period) => `planDetails.billing.${period}`),
  ...DURATION_UNITS.map((unit) => `planDetails.duration.${unit}`),
  ...CONTENT_KINDS.flatMap((kind) => [`planDetails.kinds.${kind}`, `planDetails.quotaKinds.${kind}`]),
  ...['user', 'company'].map((owner) => `planDetails.owner.${owner}`),
  ...(['standard', 'ru'] as const).flatMap((variant) =>
    planCatalogue(variant).plans.flatMap((plan) => planFeatures(plan).map((f) => f.key)),
  ),
  'plans.features.minimumTermMonths',
  'plans.features.archivingDays',
];

describe('the plan pages’ texts built from values', () => {
  it.each(LOCALES)('are all in the %s catalogue', (locale) => {
    const tree = catalogue(locale);
    expect(built.filter((key) => !has(tree, key))).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import type { BillingSettings, BillingSettingsUpdate } from '../../../common/billing.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Forbidden } from '../../http/errors.ts';
import { accountErrors } from '../accounts/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { countries } from '../reference/schema.ts';
import { billingSettings, type BillingSnapshot } from './schema.ts';

type Company = typeof companies.$inferSelect;
type Stored = typeof billingSettings.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Spec accounts §6: a user of the client group has no billing settings. */
export function ensureMayBill(user: UserRow) {
  if (user.userGroup === 'client') throw new Forbidden({ message: 'Client accounts have no billing settings' });
}

async function companyOf(db: Db | Tx, user: UserRow): Promise<Company | null> {
  if (!user.companyId) return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
  return company ?? null;
}

/**
 * The company's VAT is the one VAT of the account: PATCH /api/current_user company_attributes and
 * this page both write it, so a company's billing shows what the company has.
 */
function companyVat(company: Company | null, stored: { vatId: string | null; hasNoVat: boolean }) {
  return company ? { vat_id: company.vatId, has_no_vat: company.hasNoVat } : { vat_id: stored.vatId, has_no_vat: stored.hasNoVat };
}

function view(settings: Omit<BillingSettings, 'complete'>): BillingSettings {
  return { ...settings, complete: settings.country_id !== null };
}

function storedView(row: Stored, company: Company | null): BillingSettings {
  const vat = row.kind === 'company' ? companyVat(company, row) : { vat_id: null, has_no_vat: false };
  return view({
    kind: row.kind,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company_name: row.kind === 'company' ? row.companyName : '',
    ...vat,
    address_1: row.address1,
    address_2: row.address2,
    zip: row.zip,
    city: row.city,
    country_id: row.countryId,
    region: row.region,
  });
}

/** Before anything is saved, the profile suggests who is invoiced (its names, e-mail, country and company). */
function profileDefaults(user: UserRow, company: Company | null): BillingSettings {
  const companyName = user.companyName || company?.name || '';
  const isCompany = company !== null || (companyName !== '' && !user.notACompany);
  return view({
    kind: isCompany ? 'company' : 'individual',
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    company_name: isCompany ? companyName : '',
    ...(isCompany ? companyVat(company, { vatId: null, hasNoVat: false }) : { vat_id: null, has_no_vat: false }),
    address_1: '',
    address_2: '',
    zip: '',
    city: '',
    country_id: user.countryId,
    region: '',
  });
}

/** The settings as read, for any caller (the purchase code included): stored, else the profile's. */
export async function currentBilling(db: Db, user: UserRow): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.userId, user.id));
  const company = await companyOf(db, user);
  return row ? storedView(row, company) : profileDefaults(user, company);
}

/** GET /api/current_user/billing_settings (spec accounts §3 "Billing"). */
export async function readBilling(ctx: ServiceContext, user: UserRow): Promise<BillingSettings> {
  ensureMayBill(user);
  return currentBilling(ctx.db, user);
}

/**
 * PUT /api/current_user/billing_settings: stores the settings. A company's VAT id (or "No VAT ID")
 * is also the company's, written as PATCH /api/current_user company_attributes writes it (a user
 * without a company gets one), so the two never disagree.
 */
export async function saveBilling(ctx: ServiceContext, user: UserRow, input: BillingSettingsUpdate): Promise<BillingSettings> {
  ensureMayBill(user);
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id));
  if (!country) throw accountErrors.unknownCountry('billing_settings.country_id');
  const now = ctx.clock.now();
  const values = {
    kind: input.kind,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    companyName: input.company_name,
    vatId: input.vat_id,
    hasNoVat: input.has_no_vat,
    address1: input.address_1,
    address2: input.address_2,
    zip: input.zip,
    city: input.city,
    countryId: input.country_id,
    region: input.region,
    updatedAt: now,
  };

  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingSettings)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: billingSettings.userId, set: values })
      .returning();
    if (!row) throw new Error(`billing settings of user ${user.id} were not stored`);
    const company = input.kind === 'company' ? await setCompanyVat(tx, user, input, now) : await companyOf(tx, user);
    return storedView(row, company);
  });
}

/** The company's VAT as PATCH /api/current_user company_attributes sets it (profile.ts). */
async function setCompanyVat(tx: Tx, user: UserRow, input: BillingSettingsUpdate, now: Date): Promise<Company> {
  const vat = { vatId: input.vat_id, hasNoVat: input.has_no_vat };
  const [company] = user.companyId
    ? await tx.update(companies).set(vat).where(eq(companies.id, user.companyId)).returning()
    : await tx
        .insert(companies)
        .values({ name: input.company_name, countryId: user.countryId ?? input.country_id, createdAt: now, ...vat })
        .returning();
  if (!company) throw new Error(`company of user ${user.id} vanished while saving billing settings`);
  if (!user.companyId)
    await tx.update(users).set({ companyId: company.id, companyRole: 'master', updatedAt: now }).where(eq(users.id, user.id));
  return company;
}

async function userById(db: Db, userId: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

async function countryCode(db: Db, countryId: number | null): Promise<string | null> {
  if (countryId === null) return null;
  const [country] = await db.select({ code: countries.code }).from(countries).where(eq(countries.id, countryId));
  return country?.code ?? null;
}

/** The country a purchase is taxed in; null when the billing country is missing (spec accounts §8). */
export async function billingCountry(ctx: Pick<ServiceContext, 'db'>, userId: number): Promise<{ countryId: number; code: string } | null> {
  const user = await userById(ctx.db, userId);
  if (!user) return null;
  const { country_id: countryId } = await currentBilling(ctx.db, user);
  const code = await countryCode(ctx.db, countryId);
  return countryId !== null && code !== null ? { countryId, code } : null;
}

/** The buyer as a transaction records them; null when the billing country is missing (spec accounts §8). */
export async function billingSnapshot(ctx: Pick<ServiceContext, 'db'>, user: UserRow): Promise<BillingSnapshot | null> {
  const billing = await currentBilling(ctx.db, user);
  const code = await countryCode(ctx.db, billing.country_id);
  if (code === null) return null;
  const cityLine = [billing.zip, billing.city].filter(Boolean).join(' ');
  return {
    kind: billing.kind,
    name: [billing.first_name, billing.last_name].filter(Boolean).join(' '),
    company_name: billing.company_name,
    email: billing.email,
    vat_id: billing.kind === 'company' && !billing.has_no_vat ? billing.vat_id : null,
    address: [billing.address_1, billing.address_2, cityLine, billing.region].filter((line) => line !== ''),
    country_code: code,
  };
}

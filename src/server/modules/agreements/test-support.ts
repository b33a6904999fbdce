import { eq, sql } from 'drizzle-orm';
import { companies } from '../accounts/schema.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser } from '../../test/http.ts';
import type { TestApp } from '../../test/harness.ts';
import { companyTypes, countries, jobTitles } from '../reference/schema.ts';

/** The agreements tests' callers and forms, on a test app. */
export function agreementFixtures(t: TestApp) {
  async function company(name: string) {
    const [row] = await t.database.db.insert(companies).values({ name }).returning();
    if (!row) throw new Error('no company');
    return row;
  }

  /** A signed-in browser for a new user; `user` is theirs. */
  async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.database.db, overrides);
    const browser = new Browser(t.app);
    browser.setCookie('session', await createSessionToken(t.database.db, user, t.services.clock.now()));
    return { user, browser };
  }

  /** A company with a master and a member, and another company's master. */
  async function team() {
    const home = await company(`Team ${Math.random().toString(36).slice(2, 7)}`);
    const other = await company(`Other ${Math.random().toString(36).slice(2, 7)}`);
    return {
      home,
      master: await signedIn({ companyId: home.id, companyRole: 'master', userGroup: 'customer' }),
      member: await signedIn({ companyId: home.id, companyRole: 'member', userGroup: 'customer' }),
      otherMaster: await signedIn({ companyId: other.id, companyRole: 'master', userGroup: 'customer' }),
    };
  }

  async function requestForm(overrides: Record<string, unknown> = {}) {
    const [type] = await t.database.db
      .select()
      .from(companyTypes)
      .where(sql`${companyTypes.slug} <> 'other'`)
      .limit(1);
    const [title] = await t.database.db.select().from(jobTitles).limit(1);
    const [country] = await t.database.db.select().from(countries).where(eq(countries.code, 'DE'));
    return {
      plan: 'enterprise',
      first_name: 'Greta',
      last_name: 'Gast',
      phone_number: '+49 30 1234567',
      email: `greta-${Math.random().toString(36).slice(2, 7)}@sender.example`,
      job_title_id: title?.id,
      company_name: 'Sender Nord',
      company_type_id: type?.id,
      company_size: '51_249',
      country_id: country?.id,
      privacy_accepted: true,
      ...overrides,
    };
  }

  return { signedIn, team, requestForm };
}

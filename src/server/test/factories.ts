import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { companies, users } from '../modules/accounts/schema.ts';
import { createSession, type UserRow } from '../modules/accounts/sessions.ts';

export const PASSWORD = 'Correct-horse-9';
let sequence = 0;

/** A confirmed user with PASSWORD; say only what matters to the test. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; company?: string } = {},
): Promise<UserRow> {
  sequence += 1;
  const { password = PASSWORD, company, ...fields } = overrides;
  let companyId = fields.companyId ?? null;
  if (company) {
    const [existing] = await db.select().from(companies).where(eq(companies.name, company));
    companyId = existing?.id ?? (await db.insert(companies).values({ name: company }).returning())[0]?.id ?? null;
  }
  const [user] = await db
    .insert(users)
    .values({
      email: `user${sequence}-${Math.random().toString(36).slice(2, 7)}@agency.example`,
      passwordHash: await hashPassword(password),
      firstName: 'Test',
      lastName: `User ${sequence}`,
      confirmedAt: new Date('2026-01-01T00:00:00Z'),
      termsAcceptedVersion: 1,
      companyId,
      companyName: company ?? '',
      ...fields,
    })
    .returning();
  if (!user) throw new Error('createUser inserted nothing');
  return user;
}

/** A session of the user, as sign-in makes it (admins skip the e-mailed code); the cookie's value. */
export async function createSessionToken(db: Db, user: UserRow, now = new Date()): Promise<string> {
  const { token } = await createSession(db, { userId: user.id, now, ip: '127.0.0.1', userAgent: 'test' });
  return token;
}

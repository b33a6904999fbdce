import { eq } from 'drizzle-orm';
import type { ContentKind } from '../../common/agreements.ts';
import type { Db } from '../db/client.ts';
import { openBalance } from '../modules/agreements/operations.ts';
import { agreements } from '../modules/agreements/schema.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { companies, users } from '../modules/accounts/schema.ts';
import { createSession, type UserRow } from '../modules/accounts/sessions.ts';

export const PASSWORD = 'Correct-horse-9';
let sequence = 0;

// Each password is hashed once a worker: argon2id costs some 15 ms of a core a hash, and the suite
// makes some 1,100 users (17 CPU-s of hashing). A hash's own salt makes it valid for every user with that password.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

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
      passwordHash: await hashOf(password),
      firstName: 'Test',
      lastName: `User ${sequence}`,
      confirmedAt: new Date('2026-01-01T00:00:00Z'),
      termsAcceptedVersion: 1,
      companyId,
      companyName: company ?? '',
      // An admin is staff with every desk role unless the test says otherwise.
      deskRoles: fields.isAdmin ? ['admin'] : [],
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

type AgreementOverrides = Partial<typeof agreements.$inferInsert> & {
  balances?: { kind: ContentKind; amount: number; refill?: number | null; validTill?: Date | null }[];
};

/** An agreement of a user or a company (say which through userId or companyId) with its balances. */
export async function createAgreement(db: Db, overrides: AgreementOverrides, now = new Date('2026-11-01T00:00:00Z')) {
  const { balances = [], ...fields } = overrides;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agreements)
      .values({ agreementType: 'enterprise', status: 'active', vodAccess: true, createdAt: now, updatedAt: now, ...fields })
      .returning();
    if (!row) throw new Error('createAgreement inserted nothing');
    for (const balance of balances)
      await openBalance(tx, {
        agreementId: row.id,
        kind: balance.kind,
        amount: balance.amount,
        refillAmount: balance.refill ?? null,
        validTill: balance.validTill ?? null,
        at: now,
      });
    return row;
  });
}

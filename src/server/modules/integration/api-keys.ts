import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyIssued,
  type ApiKeyScope,
  runsIntegration,
} from '../../../common/integration.ts';
import type { ServiceContext } from '../../context.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { Conflict, Forbidden, NotFound, Unauthenticated } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { users } from '../accounts/schema.ts';
import { randomToken, sha256 } from '../security/crypto.ts';
import { consume } from '../security/rate-limit.ts';
import { apiKeys, type ApiKeyRow } from './schema.ts';

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

export const apiKeyErrors = {
  mastersOnly: () => new Forbidden({ code: 'api_keys_masters_only', message: "API keys are made by the company's master" }),
  notFound: () => new NotFound({ code: 'api_key_not_found', message: 'No such API key' }),
  tooMany: () => new Conflict({ code: 'api_keys_too_many', message: `At most ${API_KEY_LIMITS.perOwner} live keys; revoke one first` }),
  invalid: () => new Unauthenticated({ code: 'api_key_invalid', message: 'The API key is not known' }),
  revoked: () => new Unauthenticated({ code: 'api_key_revoked', message: 'The API key was revoked' }),
  expired: () => new Unauthenticated({ code: 'api_key_expired', message: 'The API key has expired' }),
  scope: (scope: ApiKeyScope) => new Forbidden({ code: 'api_key_scope', message: `The API key lacks the ${scope} scope`, meta: { scope } }),
};

/** Who may hold keys: whoever runs the integration (a company's master, or a user without a company). */
export const mayHoldKeys = (user: Pick<UserRow, 'companyId' | 'companyRole'>): boolean => runsIntegration(user);

function requireKeyHolder(user: UserRow) {
  if (!mayHoldKeys(user)) throw apiKeyErrors.mastersOnly();
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function keyView(row: ApiKeyRow, now: Date): ApiKey {
  const state = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    state,
  };
}

/** A new secret: the prefix, then 256 random bits; the list shows its first characters. */
function newSecret() {
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + 6), secretHash: sha256(secret) };
}

export async function listKeys(ctx: Ctx, user: UserRow): Promise<ApiKey[]> {
  requireKeyHolder(user);
  const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id)).orderBy(desc(apiKeys.id));
  const now = ctx.clock.now();
  return rows.map((row) => keyView(row, now));
}

const live = (now: Date) => and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

/**
 * A new key for its owner. The count of live keys and the insert happen under the owner's row lock,
 * so requests at once cannot pass the limit together.
 */
export async function createKey(ctx: Ctx, user: UserRow, input: ApiKeyCreate & { scopes: ApiKeyScope[] }): Promise<ApiKeyIssued> {
  requireKeyHolder(user);
  const now = ctx.clock.now();
  const { secret, prefix, secretHash } = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), live(now)));
    if ((held?.n ?? 0) >= API_KEY_LIMITS.perOwner) throw apiKeyErrors.tooMany();
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name: input.name,
        prefix,
        secretHash,
        scopes: input.scopes,
        expiresAt: input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * 86_400_000) : null,
        createdAt: now,
      })
      .returning();
    return created!;
  });
  return { key: keyView(row, now), secret };
}

async function ownKey(ctx: Ctx, user: UserRow, id: number): Promise<ApiKeyRow> {
  requireKeyHolder(user);
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id)));
  if (!row) throw apiKeyErrors.notFound();
  return row;
}

/** Revoked at once: the next call with it is 401. Revoking twice changes nothing. */
export async function revokeKey(ctx: Ctx, user: UserRow, id: number): Promise<ApiKey> {
  await ownKey(ctx, user, id);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id)))
    .returning();
  return keyView(row!, now);
}

/**
 * A new secret for a live key, with the same name, scopes and expiry; the old secret stops at once
 * (in the same transaction). Rotating a revoked or expired key is 409: make a new one.
 */
export async function rotateKey(ctx: Ctx, user: UserRow, id: number): Promise<ApiKeyIssued> {
  await ownKey(ctx, user, id);
  const now = ctx.clock.now();
  const { secret, prefix, secretHash } = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), live(now)))
      .returning();
    if (!old) throw new Conflict({ code: 'api_key_not_live', message: 'Only a live key can be rotated' });
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name: old.name,
        prefix,
        secretHash,
        scopes: old.scopes,
        expiresAt: old.expiresAt,
        rotatedFromId: old.id,
        createdAt: now,
      })
      .returning();
    return created!;
  });
  return { key: keyView(row, now), secret };
}

const KEY_RATE = { name: 'api-key', limit: API_KEY_LIMITS.callsPerMinute, windowSeconds: 60 };

/** Every call with a key: the key by its secret's hash, with its owner. */
const keyWithOwner = preparedPerDatabase((db) =>
  db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, sql.placeholder('secretHash')))
    .prepare('api_key_with_owner'),
);
/** Last use is kept to the minute, so a busy key does not write on every call. */
const keyUsed = preparedPerDatabase((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(
      and(
        eq(apiKeys.id, sql.placeholder('id')),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${sql.placeholder('now')}::timestamptz - interval '1 minute'`)),
      ),
    )
    .prepare('api_key_used'),
);

/**
 * The owner a key acts as, when the key is live, holds the scope (null: any) and is within its rate. The
 * owner's account must still be usable (confirmed, active) and still allowed keys (a master made a
 * member loses them).
 */
export async function callerOfKey(ctx: Ctx, secret: string, scope: ApiKeyScope | null): Promise<{ user: UserRow; key: ApiKeyRow }> {
  const now = ctx.clock.now();
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) throw apiKeyErrors.invalid();
  const [found] = await keyWithOwner(ctx.db).execute({ secretHash: sha256(secret) });
  if (!found) throw apiKeyErrors.invalid();
  const { key, user } = found;
  if (key.revokedAt) throw apiKeyErrors.revoked();
  if (key.expiresAt && key.expiresAt <= now) throw apiKeyErrors.expired();
  if (!user.confirmedAt || user.deactivatedAt || !mayHoldKeys(user)) throw apiKeyErrors.invalid();
  if (scope && !key.scopes.includes(scope)) throw apiKeyErrors.scope(scope);
  await consume(ctx.db, KEY_RATE, String(key.id), now);
  await keyUsed(ctx.db).execute({ id: key.id, now: now.toISOString() });
  return { user, key };
}

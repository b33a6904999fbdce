import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { randomToken, sha256 } from '../security/crypto.ts';
import { userTokens, type TokenKind } from './schema.ts';

export type TokenRow = typeof userTokens.$inferSelect;

/**
 * Issues a single-use token of a kind, valid for `ttlMs`; earlier unused tokens of that kind for the
 * user are voided, so only the newest link works. Answers the raw token (only the hash is stored).
 */
export async function issueToken(
  db: Db,
  input: { userId: number; kind: TokenKind; now: Date; ttlMs: number; raw?: string; challengeHash?: string },
): Promise<string> {
  const raw = input.raw ?? randomToken();
  await db
    .update(userTokens)
    .set({ usedAt: input.now })
    .where(and(eq(userTokens.userId, input.userId), eq(userTokens.kind, input.kind), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: sha256(raw),
    challengeHash: input.challengeHash ?? null,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    createdAt: input.now,
  });
  return raw;
}

/** The token row for a raw token of a kind, whatever its state. */
export async function findToken(db: Db, kind: TokenKind, raw: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.kind, kind), eq(userTokens.tokenHash, sha256(raw))));
  return row;
}

export function isUsable(row: TokenRow | undefined, now: Date): row is TokenRow {
  return row !== undefined && row.usedAt === null && row.expiresAt.getTime() > now.getTime();
}

/** Marks a token used; answers false when another request used it first (single use under races). */
export async function useToken(db: Db, row: TokenRow, now: Date): Promise<boolean> {
  const updated = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return updated.length === 1;
}

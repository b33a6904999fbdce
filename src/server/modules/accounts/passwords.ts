import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (m=19456 KiB, t=2, p=1), hashed off the event loop. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

// A real hash to verify against when the account has none, so the answer takes the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$AQxiFKkwj9la6uBpFRpGOA$lqWH7MUB1nm48DnBkjb/dZxoUcnS0hWVkfiRcT7ucrk';

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  try {
    const ok = await verify(stored ?? DUMMY_HASH, plain);
    return stored !== null && ok;
  } catch {
    // A malformed stored hash is a mismatch, never a crash of the sign-in.
    return false;
  }
}

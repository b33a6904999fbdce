import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: session ids and e-mailed tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `length` digits (the admin two-factor code). */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

/** A code of `length` symbols drawn evenly from `alphabet` (the account-transfer code). */
export function randomCode(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet.charAt(randomInt(alphabet.length))).join('');
}

/** Tokens are stored only as this hash; a database leak does not hand out live links or sessions. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function key(secret: string): Buffer {
  return createHash('sha256').update(`newsreel:credentials:${secret}`).digest();
}

/** AES-256-GCM; the result carries its IV and tag. */
export function encrypt(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function decrypt(sealed: string, secret: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('not an encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

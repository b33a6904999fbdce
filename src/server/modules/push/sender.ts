import type { Agent } from 'node:https';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { PushPayload } from '../../../common/push.ts';

/**
 * Sends web pushes (RFC 8030) encrypted for the subscription (aes128gcm, RFC 8291) and signed with
 * the platform's VAPID keys (RFC 8292), through the `web-push` package. A push service answering
 * 404 or 410 says the subscription is gone: the caller forgets it.
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushSender = { publicKey: string; send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'> };

const TTL_SECONDS = 6 * 3600;

export function pushSender(keys: VapidKeys, options: { agent?: Agent; timeoutMs?: number } = {}): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: keys,
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (production), else a pair
 * generated on the first start and kept in DATA_DIR/vapid.json (the embedded default).
 */
export async function loadOrCreateVapidKeys(options: {
  dataDir: string;
  publicKey?: string;
  privateKey?: string;
  subject: string;
}): Promise<VapidKeys> {
  if (options.publicKey && options.privateKey)
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject };
  const file = path.join(options.dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: options.subject };
  } catch {
    // None kept yet: made below.
  }
  const made = webpush.generateVAPIDKeys();
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(made), { mode: 0o600 });
  return { ...made, subject: options.subject };
}

/** A sender with keys of its own, for tests and tools that push nowhere in particular. */
export const unusedPushSender = (): PushSender => pushSender({ ...webpush.generateVAPIDKeys(), subject: 'mailto:test@newsreel.example' });

import { Agent } from 'node:https';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { PushPayload } from '../../../common/push.ts';
import { outboundPolicy, pinnedLookup, type OutboundPolicy } from '../security/outbound.ts';

/**
 * Sends web pushes (RFC 8030) encrypted for the subscription (aes128gcm, RFC 8291) and signed with
 * the platform's VAPID keys (RFC 8292), through the `web-push` package. A push service answering
 * 404 or 410 says the subscription is gone: the caller forgets it.
 *
 * The endpoint is an address a browser (anyone) gave us: it goes through the outbound policy, and
 * the push connects to the address checked. Each push has a deadline, however the endpoint stalls
 * (connecting, the TLS handshake, an answer that never comes): then its socket is destroyed.
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushSender = { publicKey: string; send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'> };

const TTL_SECONDS = 6 * 3600;
/** A push service answers in well under a second; ten leave room for a slow one without letting a silent one hold a sender. */
export const PUSH_DEADLINE_MS = 10_000;

export type PushSenderOptions = {
  outbound: OutboundPolicy;
  /** Certificates to trust besides the system's (the tests' local push service). */
  ca?: string;
  deadlineMs?: number;
};

export function pushSender(keys: VapidKeys, options: PushSenderOptions): PushSender {
  const deadlineMs = options.deadlineMs ?? PUSH_DEADLINE_MS;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const endpoint = new URL(target.endpoint);
      const checked = await options.outbound.check(endpoint.hostname, Number(endpoint.port || 443));
      // An agent of its own per push: its lookup answers the checked address, and destroying it ends the push.
      const agent = new Agent({ lookup: pinnedLookup(checked), keepAlive: false, ...(options.ca ? { ca: options.ca } : {}) });
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the push service did not answer within ${deadlineMs} ms`)), deadlineMs);
      });
      try {
        await Promise.race([
          webpush.sendNotification(
            { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
            JSON.stringify(payload),
            { vapidDetails: keys, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', timeout: deadlineMs, agent },
          ),
          deadline,
        ]);
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      } finally {
        clearTimeout(timer);
        agent.destroy();
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
export const unusedPushSender = (): PushSender =>
  pushSender(
    { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@newsreel.example' },
    { outbound: outboundPolicy({ allow: [], ownPorts: [] }) },
  );

import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WEBHOOK_RECEIVER_PORT } from '../../playwright.config.ts';

/**
 * The browser tests' server may reach one local port (OUTBOUND_ALLOW, playwright.config.ts): the
 * peer a spec runs there (webhooks.spec.ts's receiver, delivery-rules.spec.ts's SFTP server and receiver) holds
 * it from its first test to its last, so specs that need it take turns across the run's workers
 * (a lock directory; one left by a killed worker goes stale).
 */
const LOCK = path.join(os.tmpdir(), `newsreel-e2e-peer-port-${WEBHOOK_RECEIVER_PORT}.lock`);
const LOCK_STALE_MS = 6 * 60_000;

/** Waits for the peer port to be this spec's; the answer gives it back. */
export async function holdPeerPort(): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(LOCK);
      return () => rm(LOCK, { recursive: true, force: true });
    } catch {
      const held = await stat(LOCK).catch(() => null);
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) await rm(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 300));
    }
  }
}

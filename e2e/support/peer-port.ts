import { mkdir, rm, stat } from 'node:fs/promises';
import net from 'node:net';
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

/**
 * The newsroom's systems behind the one port (delivery-rules.spec.ts): an SSH client (or one that
 * waits for the server to speak first) goes to the SFTP peer, an HTTP request to the webhook
 * receiver; each connection is passed through to the one it is for, and closed when either end
 * closes it.
 */
export async function startPeerFront(sftpPort: number, receiverPort: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  // No Nagle on either leg: SFTP stalls on it (src/server/test/file-servers.ts).
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let decided = false;
    const pass = (port: number, first?: Buffer) => {
      decided = true;
      const upstream = net.connect({ port, host: '127.0.0.1', noDelay: true });
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      if (first) upstream.write(first);
      socket.pipe(upstream).pipe(socket);
    };
    const onFirst = (chunk: Buffer) => {
      clearTimeout(timer);
      if (decided) return;
      socket.pause();
      pass(chunk.subarray(0, 4).toString() === 'SSH-' ? sftpPort : receiverPort, chunk);
    };
    const timer = setTimeout(() => {
      if (decided) return;
      socket.off('data', onFirst);
      socket.pause();
      pass(sftpPort);
    }, 300);
    socket.once('data', onFirst);
  });
  await new Promise<void>((resolve) => server.listen(WEBHOOK_RECEIVER_PORT, '127.0.0.1', resolve));
  return {
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

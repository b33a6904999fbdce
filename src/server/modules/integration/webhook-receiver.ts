import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; answered: number };

/**
 * A local receiver: records every request; `failures` answers 500 that many times per path first;
 * paths under `slow` answer after 200 ms, and `mostAtOnce` is how many of those it held at one time.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const failures = new Map<string, number>();
  let slow: string | null = null;
  let open = 0;
  let mostAtOnce = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const left = failures.get(path) ?? 0;
      const answered = left > 0 ? 500 : 200;
      if (left > 0) failures.set(path, left - 1);
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      const answer = () => {
        response.writeHead(answered, { 'content-type': 'text/plain' });
        response.end(answered === 200 ? 'thanks' : `down for now (${left - 1} more)`);
      };
      if (slow && path.startsWith(slow)) {
        open += 1;
        mostAtOnce = Math.max(mostAtOnce, open);
        setTimeout(() => {
          open -= 1;
          answer();
        }, 200);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    failFirst: (path: string, times: number) => failures.set(path, times),
    slowUnder: (prefix: string | null) => {
      slow = prefix;
      mostAtOnce = 0;
    },
    mostAtOnce: () => mostAtOnce,
    at: (path: string) => received.filter((entry) => entry.path === path),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** What a receiver does: the signature verified with the endpoint's secret (throws when it is not). */
export const verified = (secret: string, entry: Received) =>
  new Webhook(secret).verify(entry.body, {
    'webhook-id': String(entry.headers['webhook-id']),
    'webhook-timestamp': String(entry.headers['webhook-timestamp']),
    'webhook-signature': String(entry.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

import { adapters, createConsumer, type Consumer, type Subscription } from '@rails/actioncable';
import { WebSocket } from 'ws';
import { CABLE_PATH, CABLE_PROTOCOL } from '../../common/realtime.ts';
import type { TestApp } from './harness.ts';

/**
 * Real-time tests need a port: WebSockets do not go through app.inject. The app listens on a free
 * loopback port; the answer is the /cable URL.
 */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  return `ws://127.0.0.1:${address.port}${CABLE_PATH}`;
}

export type CableMessage = { type?: string; identifier?: string; message?: unknown; reason?: string; reconnect?: boolean };
type Waiter = { test: (message: CableMessage) => boolean; resolve: (message: CableMessage) => void };

/** A client speaking the protocol by hand, for what the official consumer never sends. */
export class RawCable {
  readonly received: CableMessage[] = [];
  private waiters: Waiter[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as CableMessage;
      this.received.push(message);
      this.waiters = this.waiters.filter((waiter) => !(waiter.test(message) && (waiter.resolve(message), true)));
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(
    url: string,
    options: { cookie?: string; origin?: string; protocols?: string[]; maxPayload?: number } = {},
  ): Promise<RawCable> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    const socket = new WebSocket(url, options.protocols ?? [CABLE_PROTOCOL], { headers, origin: options.origin });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawCable(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          reject(
            Object.assign(new Error(`HTTP ${response.statusCode}`), {
              status: response.statusCode,
              body: Buffer.concat(chunks).toString(),
            }),
          ),
        );
      });
    });
  }

  /** The first message, received already or to come, that passes the test. */
  next(test: (message: CableMessage) => boolean, timeoutMs = 3_000): Promise<CableMessage> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  send(frame: object | string) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Waits for `count` more pings: time enough for anything sent before them to have arrived. */
  async pings(count: number): Promise<void> {
    const seen = this.received.filter((message) => message.type === 'ping').length;
    await this.next(() => this.received.filter((message) => message.type === 'ping').length >= seen + count, 5_000);
  }

  async subscribe(identifier: object | string): Promise<CableMessage> {
    const text = typeof identifier === 'string' ? identifier : JSON.stringify(identifier);
    this.send({ command: 'subscribe', identifier: text });
    return this.next(
      (message) => message.identifier === text && (message.type === 'confirm_subscription' || message.type === 'reject_subscription'),
    );
  }

  close() {
    this.socket.terminate();
  }
}

/** The cookie header of a signed-in Browser (test/http.ts). */
export const sessionCookie = (token: string | undefined) => (token ? `session=${token}` : undefined);

/**
 * The official consumer (@rails/actioncable) in Node, as STACK.md says: the `ws` package as its
 * WebSocket, no-op window listeners, an absolute ws:// URL. Each consumer's cookie travels with its
 * connections (the consumer opens sockets itself, again after every reconnect).
 */
const cookies = new Map<string, Record<string, string>>();
class CookieWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { headers: cookies.get(url) ?? {} });
  }
}
let consumers = 0;

export function officialConsumer(url: string, cookie?: string): Consumer {
  // The consumer listens for the page's visibility; Node has no window.
  const window = globalThis as { addEventListener?: () => void; removeEventListener?: () => void };
  window.addEventListener ??= () => undefined;
  window.removeEventListener ??= () => undefined;
  adapters.WebSocket = CookieWebSocket as unknown as typeof adapters.WebSocket;
  consumers += 1;
  const own = `${url}?consumer=${consumers}`;
  cookies.set(own, cookie ? { cookie } : {});
  return createConsumer(own);
}

/** Subscribes through the consumer; resolves once confirmed (or rejected), collecting what it receives. */
export function subscribeWith(consumer: Consumer, params: { channel: string; [key: string]: unknown }) {
  const received: unknown[] = [];
  const disconnects: { willAttemptReconnect: boolean | undefined }[] = [];
  let subscription: Subscription | undefined;
  const outcome = new Promise<'connected' | 'rejected'>((resolve) => {
    subscription = consumer.subscriptions.create(params, {
      connected: () => resolve('connected'),
      rejected: () => resolve('rejected'),
      received: (data: unknown) => received.push(data),
      disconnected: (event) => disconnects.push(event),
    });
  });
  return { outcome, received, disconnects, subscription: () => subscription };
}

export async function eventually<T>(read: () => T | undefined, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

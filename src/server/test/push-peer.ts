import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import selfsigned from 'selfsigned';

/**
 * A local push service (RFC 8030) for tests: it makes subscriptions as a browser's push service
 * would (an endpoint, a P-256 key pair and an auth secret), and on each push it checks the VAPID
 * authorisation (RFC 8292: an ES256 JWT whose audience is this origin, signed by the key it names)
 * and decrypts the aes128gcm body (RFC 8291) with the subscription's private key. Over HTTPS, as
 * web-push always is, with a self-signed certificate (`ca` for the sender's agent).
 */
export type PushedMessage = { subscription: string; payload: unknown; vapidKey: string; ttl: string | undefined };
export type PushPeer = {
  origin: string;
  ca: string;
  received: PushedMessage[];
  /** A browser's subscription: `toJSON()` of a PushSubscription. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** From now on this subscription's endpoint answers 410 Gone (the browser unsubscribed). */
  expire(endpoint: string): void;
  close(): Promise<void>;
};

type Subscription = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean };

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** The JWT's signature checked with the public key the header names (an uncompressed P-256 point). */
function vapidValid(authorization: string, origin: string): { ok: boolean; key: string } {
  const found = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization);
  if (!found) return { ok: false, key: '' };
  const [, token = '', key = ''] = found;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { ok: false, key };
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const fresh = typeof body.exp === 'number' && body.exp > Date.now() / 1000 && body.exp < Date.now() / 1000 + 24 * 3600;
  return { ok: signed && body.aud === origin && fresh && /^(mailto:|https:)/.test(body.sub ?? ''), key };
}

export async function startPushPeer(): Promise<PushPeer> {
  const pems = selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    days: 1,
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const subscriptions = new Map<string, Subscription>();
  const received: PushedMessage[] = [];
  let origin = '';
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) return response.writeHead(404).end();
      if (subscription.gone) return response.writeHead(410).end();
      const vapid = vapidValid(String(request.headers.authorization ?? ''), origin);
      if (!vapid.ok) return response.writeHead(403).end('bad VAPID');
      if (request.headers['content-encoding'] !== 'aes128gcm') return response.writeHead(415).end();
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: b64url(subscription.auth),
        });
        received.push({
          subscription: id,
          payload: JSON.parse(plain.toString('utf8')),
          vapidKey: vapid.key,
          ttl: request.headers.ttl as string | undefined,
        });
        response.writeHead(201).end();
      } catch {
        response.writeHead(400).end('cannot decrypt');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    ca: pems.cert,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, gone: false });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    expire(endpoint) {
      const subscription = subscriptions.get(endpoint.split('/').at(-1) ?? '');
      if (subscription) subscription.gone = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

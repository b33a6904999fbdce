import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type OutboundPolicy } from './outbound.ts';

/**
 * The part of fetch our third-party adapters (TVU, the VAT registry) use, through the outbound
 * policy: the URL's host is checked, and the request goes to the checked address (Node's fetch takes
 * no `lookup`, so this is node:http with the policy's). Redirects are not followed, and an answer
 * larger than `maxBytes` is cut off as an error: neither adapter expects either.
 */
export type OutboundFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

const MAX_BYTES = 1024 * 1024;
const NO_BODY = new Set([101, 204, 205, 304]);

export function outboundFetch(policy: OutboundPolicy, options: { maxBytes?: number } = {}): OutboundFetch {
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  return async (url, init = {}) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`not an http(s) URL: ${target.protocol}`);
    init.signal?.throwIfAborted();
    const checked = await policy.check(target.hostname, Number(target.port || (target.protocol === 'https:' ? 443 : 80)));
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        target,
        { method: init.method ?? 'GET', headers: init.headers, signal: init.signal, lookup: pinnedLookup(checked), agent: false },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) request.destroy(new Error(`the answer is larger than ${maxBytes} bytes`));
            else chunks.push(chunk);
          });
          answer.on('error', reject);
          answer.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(answer.headers))
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
            const status = answer.statusCode ?? 502;
            resolve(new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/harness.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { viesRegistry } from './vat-registry.ts';

/** The VIES adapter connects only where the outbound policy lets it: a loopback registry needs an allowance. */
let peer: Server;
let url: string;
let asked = 0;
beforeAll(async () => {
  peer = createServer((_request, response) => {
    asked += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ valid: true, name: 'Loopback Ltd' }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => peer.close(resolve)));

describe('the VAT registry and the outbound policy', () => {
  it('refuses a registry on a loopback address (in any spelling) without asking it; an allowance opens it', async () => {
    for (const at of [url, url.replace('127.0.0.1', '2130706433'), url.replace('127.0.0.1', 'localhost')]) {
      const strict = viesRegistry({ url: at, outbound: outboundPolicyFor(testConfig()) });
      await expect(strict.check('DE', '123456789'), at).rejects.toMatchObject({
        status: 503,
        items: [expect.objectContaining({ code: 'vat_registry_unavailable' })],
      });
    }
    expect(asked).toBe(0);
    const allowed = viesRegistry({ url, outbound: outboundPolicyFor(testConfig({}, { OUTBOUND_ALLOW: '127.0.0.1' })) });
    expect(await allowed.check('DE', '123456789')).toEqual({ valid: true, name: 'Loopback Ltd' });
    expect(asked).toBe(1);
  });
});

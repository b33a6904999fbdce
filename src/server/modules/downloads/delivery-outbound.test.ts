import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFtpServer, startSftpServer, startSilentServer, unusedPort, type FileServer } from '../../test/file-servers.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { DeliveryError, deliverFile, type DeliveryTarget } from './delivery.ts';

/**
 * FTP/SFTP delivery under the outbound policy: the customer's server may not be the platform's
 * machine or a private network, in any spelling, when saved or when delivering; and a failed
 * connection reads the same whether the port was closed, silent or spoke another protocol.
 */
const strict = { outbound: outboundPolicyFor(testConfig()) };
const peers = { outbound: outboundPolicyFor(testConfig({}, { OUTBOUND_ALLOW: '127.0.0.1' })) };
let dir: string;
let file: string;
const servers = {} as Record<DeliveryTarget['protocol'], FileServer>;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'delivery-outbound-'));
  file = path.join(dir, 'story.mp4');
  await writeFile(file, 'a rendered story');
  [servers.sftp, servers.ftp, t] = await Promise.all([startSftpServer(), startFtpServer(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([servers.sftp?.close(), servers.ftp?.close(), t.close()]);
  await rm(dir, { recursive: true, force: true });
});

const failure = (delivery: Promise<unknown>) =>
  delivery.then(
    () => 'delivered',
    (error: unknown) => (error instanceof DeliveryError ? `${error.code}: ${error.message}` : `threw ${String(error)}`),
  );

describe.each(['sftp', 'ftp'] as const)('delivery over %s and the outbound policy', (protocol) => {
  const target = (host: string, port = servers[protocol].port): DeliveryTarget => ({
    protocol,
    host,
    port,
    username: servers[protocol].username,
    password: servers[protocol].password,
  });

  it('refuses the platform’s machine in every spelling, before connecting', async () => {
    const got: Record<string, string> = {};
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '127.1', 'localhost', '0.0.0.0', '::1', '::ffff:127.0.0.1'])
      got[host] = (await failure(deliverFile(strict, target(host), file, 'story.mp4'))).split(':')[0] ?? '';
    expect(Object.values(got)).toEqual(Array.from({ length: 8 }, () => 'delivery_address_refused'));
    expect(await readdir(servers[protocol].root)).toEqual([]);
    expect(await servers[protocol].openConnections()).toBe(0);
  });

  it('tells a closed port, a silent one and one speaking another protocol in the same words', async () => {
    const silent = await startSilentServer();
    const answered: net.Socket[] = [];
    const chatty = net.createServer((socket) => {
      answered.push(socket.on('error', () => undefined));
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    });
    await new Promise<void>((resolve) => chatty.listen(0, '127.0.0.1', resolve));
    try {
      const ports = { closed: await unusedPort(), silent: silent.port, chatty: (chatty.address() as net.AddressInfo).port };
      const got: Record<string, string> = {};
      for (const [name, port] of Object.entries(ports))
        got[name] = await failure(deliverFile(peers, target('127.0.0.1', port), file, 'story.mp4', undefined, { timeoutMs: 500 }));
      const same = 'delivery_unreachable: The FTP/SFTP server could not be reached';
      expect(got).toEqual({ closed: same, silent: same, chatty: same });
    } finally {
      await silent.close();
      for (const socket of answered) socket.destroy();
      await new Promise((resolve) => chatty.close(resolve));
    }
  });
});

describe('the profile’s FTP/SFTP server', () => {
  it('is refused when saved on the platform’s machine or a private network; a name that does not resolve now is kept', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const got: Record<string, string> = {};
    for (const server of [
      'sftp://127.0.0.1:22/in',
      'sftp://2130706433/in',
      'ftp://0x7f000001/in',
      'ftp://[::1]/in',
      'sftp://0.0.0.0',
      '192.168.1.20',
      'sftp://169.254.169.254/latest',
    ]) {
      const answer = await browser.patch('/api/current_user', { user: { ftp_server: server } });
      got[server] = `${answer.statusCode} ${answer.statusCode >= 400 ? codes(answer).join() : ''}`;
    }
    expect(Object.values(got)).toEqual(Array.from({ length: 7 }, () => '422 outbound_address_refused'));
    expect((await browser.patch('/api/current_user', { user: { ftp_server: 'sftp://files.unresolvable.example/in' } })).statusCode).toBe(
      200,
    );
  });
});

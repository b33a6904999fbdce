import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFtpServer, startSftpServer, startSilentServer, unusedPort, type FileServer } from '../../test/file-servers.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { testConfig } from '../../test/harness.ts';
import { DeliveryError, deliverFile, parseServer, type DeliveryTarget } from './delivery.ts';

const VIDEO_BYTES = 3 * 1024 * 1024;
/** The test servers are on 127.0.0.1, which only an allowance opens (the refusals: delivery-outbound.test.ts). */
const peers = { outbound: outboundPolicyFor(testConfig({}, { OUTBOUND_ALLOW: '127.0.0.1' })) };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let dir: string;
let video: string;
let videoHash: string;
const servers = {} as Record<DeliveryTarget['protocol'], FileServer>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'delivery-'));
  video = path.join(dir, 'rendered.mp4');
  const bytes = randomBytes(VIDEO_BYTES);
  videoHash = sha256(bytes);
  await writeFile(video, bytes);
  [servers.sftp, servers.ftp] = await Promise.all([startSftpServer(), startFtpServer()]);
});

afterAll(async () => {
  await Promise.all([servers.sftp?.close(), servers.ftp?.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe.each(['sftp', 'ftp'] as const)('delivery over %s', (protocol) => {
  const server = () => servers[protocol];
  const targetOf = (overrides: Partial<DeliveryTarget> = {}): DeliveryTarget => ({
    protocol,
    host: '127.0.0.1',
    port: server().port,
    username: server().username,
    password: server().password,
    ...overrides,
  });
  const failureOf = async (delivery: Promise<unknown>) => {
    const error = await delivery.then(
      () => expect.fail('the delivery should have failed'),
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(DeliveryError);
    return error as DeliveryError;
  };

  it('puts the file, byte for byte, under its name in the folder it creates, telling progress up to 100', async () => {
    const progress: number[] = [];
    const result = await deliverFile(peers, targetOf({ directory: 'incoming/today' }), video, 'nr-0001-1080p.mp4', (percent) =>
      progress.push(percent),
    );

    expect(result).toEqual({ bytes: VIDEO_BYTES });
    const folder = path.join(server().root, 'incoming', 'today');
    expect(sha256(await readFile(path.join(folder, 'nr-0001-1080p.mp4')))).toBe(videoHash);
    expect(await readdir(folder)).toEqual(['nr-0001-1080p.mp4']);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(2);
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]).toBeGreaterThan(progress[i - 1] ?? -1);
    await vi.waitFor(async () => expect(await server().openConnections()).toBe(0));
  });

  it('replaces an earlier delivery of the same name', async () => {
    const earlier = path.join(dir, `earlier-${protocol}.txt`);
    await writeFile(earlier, 'an earlier cut');
    await deliverFile(peers, targetOf({ directory: 'redelivered' }), earlier, 'story.mp4');
    expect(await readFile(path.join(server().root, 'redelivered', 'story.mp4'), 'utf8')).toBe('an earlier cut');

    await deliverFile(peers, targetOf({ directory: 'redelivered' }), video, 'story.mp4');

    expect(sha256(await readFile(path.join(server().root, 'redelivered', 'story.mp4')))).toBe(videoHash);
    expect(await readdir(path.join(server().root, 'redelivered'))).toEqual(['story.mp4']);
  });

  it('tells a refused password apart, leaving nothing behind and no connection open', async () => {
    const error = await failureOf(deliverFile(peers, targetOf({ password: 'wrong', directory: 'refused' }), video, 'nr-0001.mp4'));

    expect(error.code).toBe('delivery_auth_failed');
    expect(error.message).toBe('The FTP/SFTP server refused the username or password');
    expect(await readdir(server().root)).not.toContain('refused');
    await vi.waitFor(async () => expect(await server().openConnections()).toBe(0));
  });

  it('tells an unreachable server: nothing listens on the port', async () => {
    const error = await failureOf(deliverFile(peers, targetOf({ port: await unusedPort() }), video, 'nr-0001.mp4'));

    expect(error.code).toBe('delivery_unreachable');
    expect(error.message).toBe('The FTP/SFTP server could not be reached');
  });

  it('tells an unreachable server: it accepts the connection and never answers, until the timeout', async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const error = await failureOf(
        deliverFile(peers, targetOf({ port: silent.port }), video, 'nr-0001.mp4', undefined, { timeoutMs: 300 }),
      );

      expect(error.code).toBe('delivery_unreachable');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  });

  it('fails as delivery_failed, saying why, when the folder cannot be made', async () => {
    await writeFile(path.join(server().root, 'blocked'), 'a file where the folder would go');

    const error = await failureOf(deliverFile(peers, targetOf({ directory: 'blocked/incoming' }), video, 'nr-0001.mp4'));

    expect(error.code).toBe('delivery_failed');
    expect(error.message).toBe('The FTP/SFTP server refused to open or create the folder');
  });
});

describe('delivering', () => {
  it('takes only a plain file name, before connecting anywhere', async () => {
    const target: DeliveryTarget = { protocol: 'sftp', host: '127.0.0.1', port: await unusedPort(), username: 'a', password: 'b' };
    for (const name of ['', '.', '..', 'a/b.mp4', 'a\\b.mp4', 'x.mp4\r\nDELE y'])
      await expect(deliverFile(peers, target, video, name), JSON.stringify(name)).rejects.toMatchObject({ code: 'delivery_failed' });
  });

  it('fails as delivery_failed when the local file is missing', async () => {
    await mkdir(path.join(dir, 'empty'), { recursive: true });
    const target: DeliveryTarget = { protocol: 'ftp', host: '127.0.0.1', port: servers.ftp.port, username: 'a', password: 'b' };
    await expect(deliverFile(peers, target, path.join(dir, 'empty', 'gone.mp4'), 'gone.mp4')).rejects.toMatchObject({
      code: 'delivery_failed',
      message: 'The file to deliver could not be read',
    });
  });
});

describe('parseServer', () => {
  it.each([
    ['sftp://files.example.com:2222/incoming', { protocol: 'sftp', host: 'files.example.com', port: 2222, directory: 'incoming' }],
    ['sftp://files.example.com', { protocol: 'sftp', host: 'files.example.com', port: 22 }],
    ['SFTP://files.example.com/in/news/', { protocol: 'sftp', host: 'files.example.com', port: 22, directory: 'in/news' }],
    ['sftp://files.example.com//srv/incoming', { protocol: 'sftp', host: 'files.example.com', port: 22, directory: '/srv/incoming' }],
    ['sftp://files.example.com/~/incoming', { protocol: 'sftp', host: 'files.example.com', port: 22, directory: 'incoming' }],
    ['ftp://ftp.example.com/news%20desk', { protocol: 'ftp', host: 'ftp.example.com', port: 21, directory: 'news desk' }],
    ['ftp://ftp.example.com:2121', { protocol: 'ftp', host: 'ftp.example.com', port: 2121 }],
    ['  files.example.com  ', { protocol: 'sftp', host: 'files.example.com', port: 22 }],
    ['files.example.com:2200/drop', { protocol: 'sftp', host: 'files.example.com', port: 2200, directory: 'drop' }],
    ['192.0.2.10', { protocol: 'sftp', host: '192.0.2.10', port: 22 }],
    ['sftp://[2001:db8::1]:2222/in', { protocol: 'sftp', host: '2001:db8::1', port: 2222, directory: 'in' }],
  ])('reads %j', (server, expected) => {
    expect(parseServer(server)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'http://files.example.com',
    'ftps://files.example.com',
    'sftp://',
    'sftp:///incoming',
    'sftp://user:secret@files.example.com',
    'files.example.com:99999',
    'files.example.com:0',
    'files example com',
    'sftp://files.example.com/in?x=1',
    'ftp://ftp.example.com/a%0d%0aDELE%20b',
    'ftp://ftp.example.com/%zz',
  ])('refuses %j', (server) => {
    expect(() => parseServer(server)).toThrow(expect.objectContaining({ name: 'DeliveryError', code: 'delivery_failed' }));
  });
});

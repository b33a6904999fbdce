import { stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { OutboundRefused, UNRESOLVED, type CheckedAddress, type OutboundPolicy } from '../security/outbound.ts';

/** A customer's own server for rendered files: the profile's "FTP/SFTP server" field (see parseServer) and its credentials. */
export type DeliveryTarget = {
  protocol: 'sftp' | 'ftp';
  host: string;
  port?: number;
  username: string;
  password: string;
  directory?: string;
};

export type DeliveryErrorCode = 'delivery_auth_failed' | 'delivery_unreachable' | 'delivery_address_refused' | 'delivery_failed';

/** Why a delivery failed, in words for the customer; `cause` keeps the client library's error for the logs. */
export class DeliveryError extends Error {
  constructor(
    readonly code: DeliveryErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

const DEFAULT_PORT = { sftp: 22, ftp: 21 } as const;
const DEFAULT_TIMEOUT_MS = 10_000;

const AUTH_FAILED = 'The FTP/SFTP server refused the username or password';
/**
 * Whatever kept the connection from becoming an FTP/SFTP session (refused, silent, closed, another
 * protocol, a name that does not resolve) is told in the same words: the difference would turn
 * deliveries into a port scanner of other people's machines.
 */
const UNREACHABLE = 'The FTP/SFTP server could not be reached';
/** The step a delivery was at when it failed tells the customer what went wrong. */
const FAILED_AT = {
  folder: 'The FTP/SFTP server refused to open or create the folder',
  upload: 'The upload to the FTP/SFTP server failed',
  check: 'The file arrived incomplete on the FTP/SFTP server',
  rename: 'The FTP/SFTP server refused to give the uploaded file its name',
} as const;
type Step = keyof typeof FAILED_AT;

type Upload = { localFile: string; remoteName: string; size: number; timeoutMs: number; sent(bytes: number): void };

/**
 * Uploads a local file as `remoteName` into the target's directory (created when missing). The file is
 * written as `remoteName.part` and renamed once complete and checked, so the customer never picks up half
 * a file; an earlier file of that name is replaced. Reports percent 0..100, 100 once the file is in place.
 * The server's address goes through the outbound policy, and the connection goes to the address checked.
 */
export async function deliverFile(
  ctx: { outbound: OutboundPolicy },
  target: DeliveryTarget,
  localFile: string,
  remoteName: string,
  onProgress?: (percent: number) => void,
  options: { timeoutMs?: number } = {},
): Promise<{ bytes: number }> {
  if (!isFileName(remoteName)) throw new DeliveryError('delivery_failed', `Not a file name: ${JSON.stringify(remoteName)}`);
  if (target.directory !== undefined && !isRemotePath(target.directory))
    throw new DeliveryError('delivery_failed', `Not a folder name: ${JSON.stringify(target.directory)}`);
  const size = await stat(localFile).then(
    (found) => found.size,
    (error: unknown) => {
      throw new DeliveryError('delivery_failed', 'The file to deliver could not be read', { cause: error });
    },
  );

  let reported = -1;
  const report = (percent: number) => {
    if (percent <= reported) return;
    reported = percent;
    onProgress?.(percent);
  };
  report(0);
  const upload: Upload = {
    localFile,
    remoteName,
    size,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // 100 is kept for the file in place under its name.
    sent: (bytes) => report(size === 0 ? 0 : Math.min(99, Math.floor((bytes / size) * 100))),
  };
  const server = await checkedServer(ctx.outbound, target);
  if (target.protocol === 'sftp') await deliverOverSftp(target, server, upload);
  else await deliverOverFtp(target, server, upload);
  report(100);
  return { bytes: size };
}

/**
 * Removes a file delivered earlier (a killed story's, issue 30). A file that is not there any more
 * is not an error: the customer may have moved it on already. Goes through the outbound policy as
 * an upload does.
 */
export async function removeDeliveredFile(
  ctx: { outbound: OutboundPolicy },
  target: DeliveryTarget,
  remoteName: string,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  if (!isFileName(remoteName)) throw new DeliveryError('delivery_failed', `Not a file name: ${JSON.stringify(remoteName)}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const server = await checkedServer(ctx.outbound, target);
  const final = target.directory ? path.posix.join(target.directory, remoteName) : remoteName;
  if (target.protocol === 'sftp') {
    const { default: SftpClient } = await import('ssh2-sftp-client');
    const socket = net.connect({ host: server.address, port: server.port, noDelay: true });
    const client = new SftpClient('removal', { error: () => undefined, end: () => undefined, close: () => undefined });
    let connected = false;
    try {
      await client.connect({ sock: socket, username: target.username, password: target.password, readyTimeout: timeoutMs });
      connected = true;
      if (await client.exists(final)) await client.delete(final);
    } catch (error) {
      throw connected
        ? new DeliveryError('delivery_failed', 'The FTP/SFTP server refused to remove the file', { cause: error })
        : sshConnectFailure(error);
    } finally {
      await client.end().catch(() => undefined);
      socket.destroy();
    }
    return;
  }
  const { Client: FtpClient } = await import('basic-ftp');
  const client = new FtpClient(timeoutMs, { allowSeparateTransferHost: false });
  let connected = false;
  try {
    await client.access({ host: server.address, port: server.port, user: target.username, password: target.password });
    connected = true;
    // 550: no such file, which is what removal wants.
    await client.remove(final).catch((error: unknown) => {
      if (fieldOf(error, 'code') !== 550) throw error;
    });
  } catch (error) {
    throw connected
      ? new DeliveryError('delivery_failed', 'The FTP/SFTP server refused to remove the file', { cause: error })
      : ftpConnectFailure(error);
  } finally {
    client.close();
  }
}

/** Checked again at each delivery, whatever was checked when the profile was saved: DNS may answer otherwise now. */
async function checkedServer(outbound: OutboundPolicy, target: DeliveryTarget): Promise<CheckedAddress> {
  try {
    return await outbound.check(target.host, target.port ?? DEFAULT_PORT[target.protocol]);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    if (error.reason === UNRESOLVED) throw new DeliveryError('delivery_unreachable', UNREACHABLE, { cause: error });
    throw new DeliveryError('delivery_address_refused', `The FTP/SFTP server is refused: ${error.message}`, { cause: error });
  }
}

async function deliverOverSftp(target: DeliveryTarget, server: CheckedAddress, upload: Upload): Promise<void> {
  // The FTP and SFTP clients are loaded when a delivery needs them, not at every start-up.
  const { default: SftpClient } = await import('ssh2-sftp-client');
  // Our own socket, for Nagle off (STACK: SFTP stalls on it otherwise) and to be sure it is closed.
  const socket = net.connect({ host: server.address, port: server.port, noDelay: true });
  // The default callbacks print every event outside an operation to the console; such a loss surfaces as the
  // next operation's error, or changes nothing once the file is in place.
  const client = new SftpClient('delivery', { error: () => undefined, end: () => undefined, close: () => undefined });
  // ssh2-sftp-client rewraps errors without ssh2's `level`, which tells a refused password from a lost connection.
  let sshError: unknown;
  client.on('error', (error: unknown) => {
    sshError ??= error;
  });
  let step: Step | 'connect' = 'connect';
  try {
    await client.connect({
      sock: socket,
      username: target.username,
      password: target.password,
      readyTimeout: upload.timeoutMs,
      keepaliveInterval: upload.timeoutMs,
    });
    step = 'folder';
    if (target.directory) await client.mkdir(target.directory, true);
    const final = target.directory ? path.posix.join(target.directory, upload.remoteName) : upload.remoteName;
    const part = `${final}.part`;
    step = 'upload';
    await client.fastPut(upload.localFile, part, { step: (sent) => upload.sent(sent) });
    step = 'check';
    const arrived = await client.stat(part);
    if (arrived.size !== upload.size) throw new Error(`${arrived.size} of ${upload.size} bytes arrived`);
    step = 'rename';
    await renameOver(
      // OpenSSH's posix-rename replaces atomically; without it, plain SFTP rename (which refuses to replace).
      () => client.posixRename(part, final).catch(() => client.rename(part, final)),
      () => client.delete(final),
    );
  } catch (error) {
    throw step === 'connect' ? sshConnectFailure(sshError ?? error) : failedAt(step, error);
  } finally {
    // A server that never answers our goodbye gets the socket closed on it.
    socket.setTimeout(upload.timeoutMs, () => socket.destroy());
    // The outcome is decided by now: an error while saying goodbye changes nothing.
    await client.end().catch(() => undefined);
    socket.destroy();
  }
}

async function deliverOverFtp(target: DeliveryTarget, server: CheckedAddress, upload: Upload): Promise<void> {
  // basic-ftp's timeout covers connecting and any silence of the server afterwards. Data connections go
  // to the control connection's (checked) address only: a PASV answer naming another host is refused,
  // or a server could aim our upload at any machine (FTP bounce).
  const { Client: FtpClient } = await import('basic-ftp');
  const client = new FtpClient(upload.timeoutMs, { allowSeparateTransferHost: false });
  let step: Step | 'connect' = 'connect';
  try {
    await client.access({ host: server.address, port: server.port, user: target.username, password: target.password });
    step = 'folder';
    // ensureDir leaves the session in the folder: the names below are relative to it.
    if (target.directory) await client.ensureDir(target.directory);
    const part = `${upload.remoteName}.part`;
    step = 'upload';
    client.trackProgress((info) => upload.sent(info.bytes));
    await client.uploadFrom(upload.localFile, part);
    client.trackProgress();
    step = 'check';
    const arrived = await client.size(part);
    if (arrived !== upload.size) throw new Error(`${arrived} of ${upload.size} bytes arrived`);
    step = 'rename';
    await renameOver(
      () => client.rename(part, upload.remoteName),
      () => client.remove(upload.remoteName),
    );
  } catch (error) {
    throw step === 'connect' ? ftpConnectFailure(error) : failedAt(step, error);
  } finally {
    client.close();
  }
}

/**
 * Renames the checked upload to its name. Servers that refuse to rename onto an existing file (plain SFTP v3,
 * Windows FTP servers) get the earlier delivery removed first: a moment without the file, never half of one.
 */
async function renameOver(rename: () => Promise<unknown>, removeEarlier: () => Promise<unknown>) {
  try {
    await rename();
  } catch (refused) {
    // No earlier file to remove: the refusal had another reason, which is the one to tell.
    await removeEarlier().catch(() => {
      throw refused;
    });
    await rename();
  }
}

function sshConnectFailure(error: unknown): DeliveryError {
  if (fieldOf(error, 'level') === 'client-authentication') return new DeliveryError('delivery_auth_failed', AUTH_FAILED, { cause: error });
  return new DeliveryError('delivery_unreachable', UNREACHABLE, { cause: error });
}

function ftpConnectFailure(error: unknown): DeliveryError {
  // 530 "Not logged in" answers a refused USER or PASS; 430 is what some servers use instead.
  const code = error instanceof Error && error.name === 'FTPError' ? fieldOf(error, 'code') : undefined;
  if (code === 530 || code === 430) return new DeliveryError('delivery_auth_failed', AUTH_FAILED, { cause: error });
  return new DeliveryError('delivery_unreachable', UNREACHABLE, { cause: error });
}

function failedAt(step: Step, error: unknown): DeliveryError {
  return new DeliveryError('delivery_failed', FAILED_AT[step], { cause: error });
}

function fieldOf(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

// Control characters are refused everywhere: a CR LF in a name would end an FTP command and start another.
const CONTROL = /\p{Cc}/u;

function isFileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name) && !CONTROL.test(name);
}

function isRemotePath(directory: string): boolean {
  return directory !== '' && !CONTROL.test(directory);
}

/**
 * Reads the profile's "FTP/SFTP server" field: `sftp://host:port/dir`, `ftp://host/dir` or a bare host
 * (SFTP on port 22). The folder is relative to where the account logs in, as RFC 1738 has it for FTP and
 * as customers on a chrooted account mean it: `sftp://host/incoming` is `incoming`; `sftp://host//srv/in`
 * (two slashes) is the absolute `/srv/in`.
 */
export function parseServer(server: string): Omit<DeliveryTarget, 'username' | 'password'> {
  const text = server.trim();
  const invalid = (why: string) => new DeliveryError('delivery_failed', `The FTP/SFTP server "${text}" is not valid: ${why}`);
  if (text === '') throw invalid('it is empty');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'sftp' && scheme !== 'ftp') throw invalid('it must start with sftp:// or ftp://');
  const protocol = scheme ?? 'sftp';
  let url: URL;
  try {
    url = new URL(scheme ? text : `sftp://${text}`);
  } catch (error) {
    throw new DeliveryError('delivery_failed', `The FTP/SFTP server "${text}" is not valid: it is not a server address`, { cause: error });
  }
  if (url.hostname === '') throw invalid('it names no host');
  if (url.port === '0') throw invalid('port 0 is no port');
  if (url.username !== '' || url.password !== '') throw invalid('put the username and password in their own fields');
  if (url.search !== '' || url.hash !== '') throw invalid('it may not contain ? or #');
  let directory: string;
  try {
    directory = decodeURIComponent(url.pathname.replace(/^\/(~\/?)?/, '')).replace(/(.)\/+$/, '$1');
  } catch (error) {
    throw new DeliveryError('delivery_failed', `The FTP/SFTP server "${text}" is not valid: its folder is not readable`, { cause: error });
  }
  if (CONTROL.test(directory)) throw invalid('its folder contains control characters');
  return {
    protocol,
    // An IPv6 address comes bracketed in a URL, not on a socket.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? DEFAULT_PORT[protocol] : Number(url.port),
    ...(directory === '' ? {} : { directory }),
  };
}

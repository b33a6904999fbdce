import type { Stats } from 'node:fs';
import { link, lstat, mkdir, mkdtemp, open, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';
// ssh2 is CommonJS and Node sees only its default export: `Server` and `utils` are not named exports at run time.
import ssh2, { type SFTPWrapper } from 'ssh2';

/**
 * Real FTP and SFTP servers for delivery tests (STYLE: test against the real thing). Each listens on
 * 127.0.0.1, on a port the system chose, lets one username/password in and keeps what is uploaded
 * in a temporary folder, `root`, which `close()` removes.
 */
export type FileServer = {
  port: number;
  root: string;
  username: string;
  password: string;
  /** Client connections still open on the server's side. */
  openConnections(): Promise<number>;
  close(): Promise<void>;
};

type Credentials = { username: string; password: string };
const DEFAULT_CREDENTIALS: Credentials = { username: 'newsdesk', password: 'correct horse' };

const { STATUS_CODE, flagsToString } = ssh2.utils.sftp;

/** An SFTP server built on ssh2's `Server`: password authentication, then the file requests a delivery makes. */
export async function startSftpServer(credentials: Credentials = DEFAULT_CREDENTIALS): Promise<FileServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'sftp-peer-'));
  const hostKey = parseableHostKey();
  const ssh = new ssh2.Server({ hostKeys: [hostKey] }, (connection) => {
    // A client that gives up (wrong password, test over) may reset the socket; that is no failure of the peer.
    connection.on('error', () => undefined);
    connection.on('authentication', (context) => {
      const allowed =
        context.method === 'password' && context.username === credentials.username && context.password === credentials.password;
      if (allowed) context.accept();
      else context.reject(['password']);
    });
    connection.on('session', (acceptSession) => {
      acceptSession().on('sftp', (acceptSftp) => serveFiles(acceptSftp(), root));
    });
  });
  // Our own listener, so that every socket has Nagle switched off (STACK: SFTP stalls on it otherwise) and
  // can be destroyed on close.
  const sockets = new Set<net.Socket>();
  const listener = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    ssh.injectSocket(socket);
  });
  const port = await listen(listener);
  return {
    port,
    root,
    ...credentials,
    openConnections: () => connectionsOf(listener),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Answers SFTP requests from the files under `root`; a client's path never leaves it. */
function serveFiles(sftp: SFTPWrapper, root: string) {
  const local = (remote: string) => path.join(root, path.posix.normalize(`/${remote}`));
  const handles = new Map<number, FileHandle>();
  let nextHandle = 0;
  const fileOf = (handle: Buffer) => {
    const file = handle.length === 4 ? handles.get(handle.readUInt32BE(0)) : undefined;
    if (!file) throw Object.assign(new Error('no such handle'), { code: 'EBADF' });
    return file;
  };
  const answer = (reqId: number, work: () => Promise<void>) => {
    void work().catch((error: unknown) => sftp.status(reqId, statusOf(error)));
  };
  const sendAttrs = (reqId: number, found: Stats) =>
    sftp.attrs(reqId, {
      mode: found.mode,
      uid: found.uid,
      gid: found.gid,
      size: found.size,
      atime: Math.floor(found.atimeMs / 1000),
      mtime: Math.floor(found.mtimeMs / 1000),
    });

  sftp.on('OPEN', (reqId, filename, flags) =>
    answer(reqId, async () => {
      const file = await open(local(filename), flagsToString(flags) ?? 'r');
      const id = nextHandle++;
      handles.set(id, file);
      const handle = Buffer.alloc(4);
      handle.writeUInt32BE(id);
      sftp.handle(reqId, handle);
    }),
  );
  sftp.on('WRITE', (reqId, handle, offset, data) =>
    answer(reqId, async () => {
      await fileOf(handle).write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('CLOSE', (reqId, handle) =>
    answer(reqId, async () => {
      await fileOf(handle).close();
      handles.delete(handle.readUInt32BE(0));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('STAT', (reqId, remote) => answer(reqId, async () => sendAttrs(reqId, await stat(local(remote)))));
  sftp.on('LSTAT', (reqId, remote) => answer(reqId, async () => sendAttrs(reqId, await lstat(local(remote)))));
  sftp.on('MKDIR', (reqId, remote) =>
    answer(reqId, async () => {
      await mkdir(local(remote));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, remote) =>
    answer(reqId, async () => {
      await unlink(local(remote));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  // As OpenSSH's sftp-server does for SFTP v3: link then unlink, so renaming onto an existing file fails.
  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, async () => {
      await link(local(from), local(to));
      await unlink(local(from));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REALPATH', (reqId, remote) => {
    const absolute = path.posix.normalize(`/${remote}`);
    sftp.name(reqId, [{ filename: absolute, longname: absolute, attrs: { mode: 0, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 } }]);
  });
  sftp.on('close', () => {
    for (const file of handles.values()) void file.close();
    handles.clear();
  });
}

function statusOf(error: unknown): number {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

/** ftp-srv logs through a bunyan logger; tests want a quiet one of the same shape. */
const silentLog = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
  child: () => silentLog,
};

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

/** An ftp-srv FTP server in passive mode on 127.0.0.1 (STACK: it needs `pasv_url` and a port range). */
export async function startFtpServer(credentials: Credentials = DEFAULT_CREDENTIALS): Promise<FileServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'ftp-peer-'));
  // Passive data ports below Linux's ephemeral range (32768+), where outgoing connections take theirs;
  // a random block keeps two test runs on one machine apart. ftp-srv skips ports in use.
  const pasvMin = 20_000 + Math.floor(Math.random() * 120) * 100;
  // ftp-srv adds SIGTERM/SIGINT/SIGQUIT handlers that exit the process and never removes them; note them to remove on close.
  const signalHandlersBefore = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const ftp = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    pasv_min: pasvMin,
    pasv_max: pasvMin + 99,
    log: silentLog,
  });
  const addedSignalHandlers = SIGNALS.flatMap((signal) =>
    process
      .listeners(signal)
      .filter((handler) => !signalHandlersBefore.get(signal)?.includes(handler))
      .map((handler) => [signal, handler] as const),
  );
  ftp.on('login', ({ username, password }, resolve, reject) => {
    if (username === credentials.username && password === credentials.password) resolve({ root });
    else reject(new Error('Invalid username or password'));
  });
  // ftp-srv's types leave out the net.Server it listens with; it is where the chosen port is read.
  const listener = (ftp as unknown as { server: net.Server }).server;
  listener.on('connection', (socket: net.Socket) => socket.setNoDelay(true));
  await ftp.listen();
  return {
    port: (listener.address() as AddressInfo).port,
    root,
    ...credentials,
    openConnections: () => connectionsOf(listener),
    async close() {
      await ftp.close();
      for (const [signal, handler] of addedSignalHandlers) process.removeListener(signal, handler);
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on: bound by the system, then released. */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A server that accepts TCP connections and never says a word, as a firewall that swallows packets
 * or a hung server would look to a client: what a connect timeout is for.
 */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const port = await listen(server);
  return {
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function connectionsOf(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * An ed25519 host key ssh2 can read back: about 1 in 256 of the keys its generator makes are not
 * (mscdex/ssh2#1513, a public key starting with a zero byte), which failed a test suite now and then.
 */
function parseableHostKey(): string {
  for (;;) {
    const { private: key } = ssh2.utils.generateKeyPairSync('ed25519');
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key;
  }
}

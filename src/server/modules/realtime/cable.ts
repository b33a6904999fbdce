import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData, type Server, type ServerOptions } from 'ws';
import { CABLE_PROTOCOL, DISCONNECT_REASONS } from '../../../common/realtime.ts';
import type { Broadcaster, CableListener, EndedSessions } from './broadcaster.ts';
import { CHANNEL_DEFINITIONS, type Identity } from './channels.ts';
import type { CableLimits } from './limits.ts';
import {
  WELCOME,
  broadcastFrame,
  confirmFrame,
  disconnectFrame,
  parseCommand,
  parseIdentifier,
  pingFrame,
  rejectFrame,
} from './protocol.ts';

type Log = {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
};

export type CableDependencies = {
  broadcaster: Broadcaster;
  limits: CableLimits;
  log: Log;
  /** Of these sessions (id hashes), the ones still valid: not signed out, expired or deactivated. */
  liveSessions: (idHashes: string[]) => Promise<Set<string>>;
};

/** The sockets listening to one stream of one channel, by the identifier each subscribed with. */
type StreamSubscribers = Map<string, Set<CableSocket>>;

const TEXT = { binary: false } as const;
const SESSION_ENDED = disconnectFrame(DISCONNECT_REASONS.unauthorized, true);
const INVALID_REQUEST = disconnectFrame(DISCONNECT_REASONS.invalidRequest, false);
const SERVER_RESTART = disconnectFrame(DISCONNECT_REASONS.serverRestart, true);

/**
 * A connection's state lives on its socket (ws builds sockets of this class), and the socket's
 * handlers are shared functions: no closures per connection.
 */
export class CableSocket extends WebSocket {
  cable: Cable | null = null;
  identity: Identity = null;
  /** identifier → the stream key it listens to; made at the first subscription. */
  subscriptions: Map<string, string> | null = null;
}

function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
  if (!(this instanceof CableSocket)) return;
  try {
    this.cable?.receive(this, data, isBinary);
  } catch (error) {
    // A fault in handling one frame ends that connection, not the process.
    this.cable?.log.warn({ err: error }, 'cable frame failed');
    this.terminate();
  }
}
function onClose(this: WebSocket) {
  if (this instanceof CableSocket) this.cable?.remove(this);
}
function onError(this: WebSocket, error: Error) {
  // ws closes the socket after an error (a frame too large, bad UTF-8); the close handler cleans up.
  if (this instanceof CableSocket) this.cable?.log.debug({ err: error }, 'cable socket error');
}

const streamKey = (channel: string, stream: string) => `${channel}\n${stream}`;

/**
 * The clients of one process and what they listen to: the ActionCable protocol on each socket, one
 * ping timer for all, delivery of broadcasts (each frame built once per identifier), and the end of
 * connections whose session ended.
 */
export class Cable implements CableListener {
  readonly log: Log;
  private readonly wss: Server<typeof CableSocket>;
  private readonly connections = new Set<CableSocket>();
  private readonly streams = new Map<string, StreamSubscribers>();
  private readonly bySession = new Map<string, Set<CableSocket>>();
  private readonly pingTimer: NodeJS.Timeout;
  private readonly sessionTimer: NodeJS.Timeout;
  private checkingSessions = false;
  private closed = false;

  constructor(private readonly deps: CableDependencies) {
    this.log = deps.log;
    const options: ServerOptions<typeof CableSocket> & { closeTimeout: number } = {
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: deps.limits.maxFrameBytes,
      handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
      WebSocket: CableSocket,
      closeTimeout: deps.limits.closeGraceMs,
    };
    this.wss = new WebSocketServer(options);
    this.pingTimer = setInterval(() => this.ping(), deps.limits.pingMs).unref();
    this.sessionTimer = setInterval(() => void this.checkSessions(), deps.limits.sessionCheckMs).unref();
    deps.broadcaster.listen(this);
  }

  get size() {
    return this.connections.size;
  }

  get isClosed() {
    return this.closed;
  }

  /** Completes a checked handshake (upgrade.ts) and welcomes the client. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, identity: Identity) {
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (this.closed) {
        ws.terminate();
        return;
      }
      ws.cable = this;
      ws.identity = identity;
      ws.on('message', onMessage);
      ws.on('close', onClose);
      ws.on('error', onError);
      this.connections.add(ws);
      if (identity) this.index(this.bySession, identity.sessionIdHash, ws);
      ws.send(WELCOME, TEXT);
    });
  }

  receive(socket: CableSocket, data: RawData, isBinary: boolean) {
    if (!this.connections.has(socket)) return; // disconnected, closing
    const command = !isBinary && Buffer.isBuffer(data) ? parseCommand(data.toString('utf8')) : null;
    if (!command) {
      this.disconnect(socket, INVALID_REQUEST);
      return;
    }
    if (command.command === 'subscribe') this.subscribe(socket, command.identifier);
    else if (command.command === 'unsubscribe') this.unsubscribe(socket, command.identifier);
    // `message` asks a channel to perform an action; none of ours takes any, so it is ignored, as
    // ActionCable ignores an action a channel does not have.
    else this.log.debug({ identifier: command.identifier }, 'cable message ignored: the channel takes no actions');
  }

  private subscribe(socket: CableSocket, identifier: string) {
    if (socket.subscriptions?.has(identifier)) return; // already subscribed, as ActionCable: nothing to say
    const parsed = parseIdentifier(identifier);
    const stream = parsed ? CHANNEL_DEFINITIONS.get(parsed.channel)?.stream(socket.identity, parsed.params) : null;
    if (!parsed || !stream || (socket.subscriptions?.size ?? 0) >= this.deps.limits.maxSubscriptions) {
      this.send(socket, rejectFrame(identifier));
      return;
    }
    const key = streamKey(parsed.channel, stream);
    (socket.subscriptions ??= new Map()).set(identifier, key);
    let subscribers = this.streams.get(key);
    if (!subscribers) this.streams.set(key, (subscribers = new Map<string, Set<CableSocket>>()));
    this.index(subscribers, identifier, socket);
    this.send(socket, confirmFrame(identifier));
  }

  private unsubscribe(socket: CableSocket, identifier: string) {
    const key = socket.subscriptions?.get(identifier);
    if (key === undefined) return;
    socket.subscriptions?.delete(identifier);
    const subscribers = this.streams.get(key);
    if (!subscribers) return;
    this.unindex(subscribers, identifier, socket);
    if (subscribers.size === 0) this.streams.delete(key);
  }

  /** A broadcast from any process: one frame per identifier, the same bytes for every socket. */
  deliver(channel: string, stream: string, messageJson: string) {
    const subscribers = this.streams.get(streamKey(channel, stream));
    if (!subscribers) return;
    for (const [identifier, sockets] of subscribers) {
      const frame = broadcastFrame(identifier, messageJson);
      for (const socket of sockets) this.send(socket, frame);
    }
  }

  endSessions(ended: EndedSessions) {
    const sockets =
      'idHash' in ended
        ? [...(this.bySession.get(ended.idHash) ?? [])]
        : [...this.connections].filter(
            (socket) => socket.identity?.userId === ended.userId && socket.identity.sessionIdHash !== ended.exceptIdHash,
          );
    for (const socket of sockets) this.disconnect(socket, SESSION_ENDED);
  }

  /** Expiry and deactivation are noticed here; sign-out and password changes are also said at once. */
  async checkSessions() {
    if (this.checkingSessions || this.bySession.size === 0) return;
    this.checkingSessions = true;
    try {
      const idHashes = [...this.bySession.keys()];
      const live = await this.deps.liveSessions(idHashes);
      for (const idHash of idHashes) if (!live.has(idHash)) this.endSessions({ idHash });
    } catch (error) {
      this.log.warn({ err: error }, 'cable session check failed');
    } finally {
      this.checkingSessions = false;
    }
  }

  private ping() {
    const frame = pingFrame(Math.floor(Date.now() / 1000));
    for (const socket of this.connections) this.send(socket, frame);
  }

  /** Sends unless the client is too far behind: then it is dropped, and its memory with it. */
  private send(socket: CableSocket, frame: Buffer) {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      this.log.debug({ buffered: socket.bufferedAmount }, 'cable client too slow: dropped');
      this.remove(socket);
      socket.terminate();
      return;
    }
    socket.send(frame, TEXT);
  }

  private disconnect(socket: CableSocket, frame: Buffer) {
    this.send(socket, frame);
    this.remove(socket);
    socket.close();
  }

  /** Forgets a socket: it hears nothing more (called again when it closes). */
  remove(socket: CableSocket) {
    if (!this.connections.delete(socket)) return;
    for (const identifier of socket.subscriptions?.keys() ?? []) this.unsubscribe(socket, identifier);
    if (socket.identity) this.unindex(this.bySession, socket.identity.sessionIdHash, socket);
  }

  private index<K>(map: Map<K, Set<CableSocket>>, key: K, socket: CableSocket) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(socket);
  }

  private unindex<K>(map: Map<K, Set<CableSocket>>, key: K, socket: CableSocket) {
    const set = map.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) map.delete(key);
  }

  /** Graceful shutdown: every client is told to reconnect (to a successor, or another process). */
  async close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    clearInterval(this.sessionTimer);
    this.deps.broadcaster.listen(null);
    const sockets = [...this.connections];
    const closed = Promise.all(
      sockets.map((socket) =>
        socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise((resolve) => socket.once('close', resolve)),
      ),
    );
    for (const socket of sockets) this.disconnect(socket, SERVER_RESTART);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, this.deps.limits.closeGraceMs)))]);
    clearTimeout(timer);
    for (const socket of sockets) socket.terminate();
  }
}

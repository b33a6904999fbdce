import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { isStaff } from '../../../common/desk-roles.ts';
import { CABLE_PATH, CABLE_PROTOCOL } from '../../../common/realtime.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import type { Config } from '../../config.ts';
import { AppError, NotFound, Unavailable } from '../../http/errors.ts';
import { forbiddenOrigin, isForeignOrigin } from '../../http/origin-check.ts';
import { BARE_ERROR_HEADERS } from '../../http/security-headers.ts';
import { SESSION_COOKIE, type CallerLookup } from '../accounts/auth.ts';
import type { Broadcaster } from './broadcaster.ts';
import { Cable } from './cable.ts';
import type { Identity } from './channels.ts';

export const cableErrors = {
  upgradeRequired: () =>
    new AppError(426, [{ code: 'upgrade_required', message: 'Connect with a WebSocket speaking actioncable-v1-json' }], {
      upgrade: 'websocket',
    }),
  unsupportedProtocol: () =>
    new AppError(400, [{ code: 'unsupported_protocol', message: `The WebSocket must offer the ${CABLE_PROTOCOL} subprotocol` }]),
};

/** A handshake refused: an HTTP answer with the error envelope, then the socket is closed. */
function refuse(socket: Duplex, error: AppError) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ errors: error.items });
  const headers = { ...BARE_ERROR_HEADERS, ...error.headers, 'content-type': 'application/json; charset=utf-8' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('\r\n')}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

const offers = (header: string | undefined, protocol: string) => (header ?? '').split(',').some((part) => part.trim() === protocol);

/** Until ws takes the socket over, an error on it (the client went away) must not go unheard. */
function ignoreHandshakeError() {}

/**
 * The real-time endpoint at /cable, on the app's own port (spec: content §4). The upgrade checks the
 * Origin as unsafe HTTP methods are checked, requires the ActionCable subprotocol and identifies the
 * connection by the session cookie (a guest without one); a plain GET is told to upgrade. Closing
 * the app tells every client to reconnect before the server stops.
 */
export async function cableRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    broadcaster: Broadcaster;
    lookUp: CallerLookup;
    /** Of these sessions (id hashes), the ones still valid. */
    liveSessions: (idHashes: string[]) => Promise<Set<string>>;
    /** Told how to read the number of connections held (the process's metrics). */
    countConnections?: (read: () => number) => void;
  },
) {
  const { config, lookUp } = options;
  const cable = new Cable({ broadcaster: options.broadcaster, limits: config.cable, log: app.log, liveSessions: options.liveSessions });
  options.countConnections?.(() => cable.size);

  app.get(CABLE_PATH, { schema: { tags: ['realtime'], summary: 'WebSocket upgrade (ActionCable protocol)' } }, async () => {
    throw cableErrors.upgradeRequired();
  });

  async function identify(request: IncomingMessage): Promise<Identity> {
    const token = request.headers.cookie ? app.parseCookie(request.headers.cookie)[SESSION_COOKIE] : undefined;
    if (!token) return null;
    const caller = await lookUp(token);
    if (!caller.user) return null;
    const { user } = caller;
    const deskRoles = isStaff({ admin: user.isAdmin, desk_roles: user.deskRoles }) ? user.deskRoles : [];
    return { userId: user.id, sessionIdHash: caller.sessionIdHash, deskRoles };
  }

  async function handshake(request: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', ignoreHandshakeError);
    const path = (request.url ?? '').split('?')[0];
    if (path !== CABLE_PATH) return refuse(socket, new NotFound({ code: ERROR_CODES.routeNotFound, message: 'No WebSocket here' }));
    if (cable.isClosed) return refuse(socket, new Unavailable({ message: 'The server is shutting down' }));
    if (isForeignOrigin(config, { headers: request.headers })) return refuse(socket, forbiddenOrigin());
    if (!offers(request.headers['sec-websocket-protocol'], CABLE_PROTOCOL)) return refuse(socket, cableErrors.unsupportedProtocol());
    let identity: Identity;
    try {
      identity = await identify(request);
    } catch (error) {
      app.log.warn({ err: error }, 'cable: the session could not be looked up');
      return refuse(socket, new Unavailable());
    }
    if (socket.destroyed) return;
    socket.off('error', ignoreHandshakeError);
    cable.accept(request, socket, head, identity);
  }

  // Whatever goes wrong in one handshake ends that socket, never the process.
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    void handshake(request, socket, head).catch((error: unknown) => {
      app.log.error({ err: error }, 'cable handshake failed');
      socket.destroy();
    });
  app.server.on('upgrade', onUpgrade);
  // Draining, the process takes no more work: its clients are told to reconnect at once, and the
  // load balancer, whose readiness probe now fails, sends them to another process.
  app.onDrain(() => void cable.close());
  app.addHook('preClose', () => cable.close());
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
  });
}

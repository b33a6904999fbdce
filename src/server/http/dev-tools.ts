import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostName } from '../../common/site.ts';
import { isLocalHostName } from './app-url.ts';
import { routeNotFound } from './error-handler.ts';

/** Loopback addresses: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * The /dev tools read everyone's mail: they answer only a connection from the machine itself.
 * The socket's peer address decides, never a header (X-Forwarded-For is the caller's to forge);
 * and the Host must be one of this machine's names, or a web page whose name was rebound to
 * 127.0.0.1 (DNS rebinding) could read them through the visitor's browser. Anyone else gets the
 * 404 of a route that does not exist.
 */
export function answerMachineOnly(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopback(request.socket.remoteAddress) || !isLocalHostName(hostName(request.host))) return routeNotFound(request, reply);
  });
}

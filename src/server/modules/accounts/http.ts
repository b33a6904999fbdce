import type { FastifyRequest } from 'fastify';

/** The caller's address and agent, for rate limits, lockout notes and session records. */
export function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

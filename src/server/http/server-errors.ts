import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorBody } from '../../common/errors.ts';
import { BARE_ERROR_HEADERS } from './security-headers.ts';

const envelope = (code: string, message: string): ErrorBody => ({ errors: [{ code, message }] });

/**
 * Errors Fastify raises before a route runs (a URL that does not decode, a path parameter past its
 * length): passed to Fastify as `frameworkErrors`, so they get the one envelope too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, body] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, envelope(ERROR_CODES.uriTooLong, 'The URL is too long')]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, envelope(ERROR_CODES.badUrl, 'The URL is not valid')]
        : [error.statusCode ?? 400, envelope(ERROR_CODES.badRequest, 'Bad request')];
  void reply.status(status).headers(BARE_ERROR_HEADERS).send(body);
}

/**
 * Errors Node's HTTP parser raises (headers too large, a request too slow, a malformed request):
 * Fastify writes these to the socket itself; passed as `clientErrorHandler`, they carry the envelope.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, envelope(ERROR_CODES.headersTooLarge, 'The request headers are too large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, envelope(ERROR_CODES.requestTimeout, 'The request took too long to arrive')]
        : [400, envelope(ERROR_CODES.badRequest, 'The request is malformed')];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const READS = new Set(['GET', 'HEAD']);

/** A weak entity tag of a body: its SHA-1, as @fastify/etag made them before this plugin. */
const weakTagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64')}"`;

/** Whether an If-None-Match header names this tag, weakly compared (RFC 9110 §13.1.2), or is `*`. */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/**
 * Answers to reads (GET and HEAD, 200) carry an ETag: the route's own when it set one (built from
 * what it knows changes), else a hash of the body; a read sent with a matching If-None-Match is
 * answered 304 without the body. Writes and errors are not hashed: a tag is for a representation a
 * client may cache, and a POST's answer is none (docs/performance.md, "Issue 26, seventeenth session").
 */
export const entityTags = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!READS.has(request.method) || reply.statusCode !== 200) return payload;
      let tag = reply.getHeader('etag');
      if (typeof tag !== 'string') {
        if (!(typeof payload === 'string' || payload instanceof Buffer)) return payload;
        tag = weakTagOf(payload);
        reply.header('etag', tag);
      }
      if (!matches(request.headers['if-none-match'], tag)) return payload;
      reply.code(304);
      return '';
    });
  },
  { name: 'entity-tags' },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from './errors.ts';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character; input carrying one is refused with 422 up front,
 * rather than failing deep inside a query as a 500.
 */
export const rejectNul = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
        throw new Invalid({ code: 'invalid_characters', message: 'The request holds a NUL character' });
      }
    });
  },
  { name: 'reject-nul' },
);

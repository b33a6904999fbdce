import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../common/errors.ts';
import { zod } from '../../common/validators.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig, testServices } from '../test/harness.ts';
import { NotFound, TooManyRequests, Unavailable } from './errors.ts';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), testServices(database));
  // Routes shaped like the ones features add, to exercise the one error handler.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ user: z.object({ email: zod.email(), age: z.number().int().min(18) }) }) } },
    async (request) => request.body,
  );
  typed.get('/api/test/missing', async () => {
    throw new NotFound({ code: 'video_not_found', message: 'Video not found' });
  });
  typed.get('/api/test/slow-down', async () => {
    throw new TooManyRequests(61.2);
  });
  const answer = z.object({ id: z.number(), title: z.string() });
  typed.get('/api/test/answer', { schema: { response: { 200: answer } } }, async () => ({ id: 1, title: 'Floods', secret: 'kept out' }));
  typed.get('/api/test/broken-answer', { schema: { response: { 200: answer } } }, async () => ({ id: 'one' }) as never);
  typed.get('/api/test/bug', async () => {
    throw new Error('secret detail from a bug');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error responses', () => {
  it('answers an unknown API route with 404 and the error body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).errors[0]?.code).toBe('route_not_found');
  });

  it('answers an unknown method on a /users path with JSON, not the app shell', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/users/nothing.json' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('gives 400 malformed_json for a broken body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'malformed_json', message: 'The request body is not valid JSON' }] });
  });

  it('gives 422 with a code per failing field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { user: { email: 'nope', age: 12 } } });
    expect(response.statusCode).toBe(422);
    const { errors } = errorBodySchema.parse(response.json());
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'email', field: 'user.email' }),
        expect.objectContaining({ code: 'invalid', field: 'user.age' }),
      ]),
    );
  });

  it('gives 422 required for a missing field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { user: { age: 20 } } });
    expect(response.statusCode).toBe(422);
    expect(errorBodySchema.parse(response.json()).errors).toEqual([expect.objectContaining({ code: 'required', field: 'user.email' })]);
  });

  it('accepts a valid body (and the schema lower-cases the e-mail)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { user: { email: 'Desk@Agency.com', age: 30 } } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { email: 'desk@agency.com', age: 30 } });
  });

  it('gives 415 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorBodySchema.parse(response.json()).errors[0]?.code).toBe('unsupported_media_type');
  });

  it('maps typed service errors to their status, code and headers', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/test/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ code: 'video_not_found', message: 'Video not found' }] });
    const slow = await app.inject({ method: 'GET', url: '/api/test/slow-down' });
    expect(slow.statusCode).toBe(429);
    expect(slow.headers['retry-after']).toBe('62');
  });

  it('writes an answer as its contract has it: a field outside the contract is not sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/answer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, title: 'Floods' });
  });

  it('answers 500 internal_error, not the data, when an answer breaks its contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/broken-answer' });
    expect(response.statusCode).toBe(500);
    expect(errorBodySchema.parse(response.json()).errors[0]?.code).toBe('internal_error');
    expect(response.body).not.toContain('one');
  });

  it('hides the detail of an unexpected failure behind internal_error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: [{ code: 'internal_error', message: 'Internal error' }] });
  });

  it('refuses a NUL character anywhere in the input with 422, not a database error', async () => {
    const inPath = await app.inject({ method: 'GET', url: '/api/content/video_projects/%00' });
    expect(inPath.statusCode).toBe(422);
    expect(errorBodySchema.parse(inPath.json()).errors[0]?.code).toBe('invalid_characters');
    const inBody = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { user: { email: 'a\u0000@b.co', age: 30 } } });
    expect(inBody.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/content/video_projects?search=a%00b' })).statusCode).toBe(422);
  });

  it('captures no stack for a 4xx answer (a refusal, not a fault), and keeps it for a 5xx', () => {
    const frames = (error: Error) => (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).length;
    expect(frames(new NotFound())).toBe(0);
    expect(new NotFound().stack).toBe('NotFound: Not found');
    expect(frames(new Unavailable())).toBeGreaterThan(0);
    expect(frames(new Error('after a refusal'))).toBeGreaterThan(0);
  });

  it('returns the request id, and echoes one the caller sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

import { describe, expect, it } from 'vitest';
import { answerKey, type FirstAnswer } from '../../common/first-answers.ts';
import { ApiError, createApiClient, errorText } from './api-client.ts';
import { firstAnswerTaker } from './first-answers.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, calls: Call[] = []) {
  const impl = (input: string, init?: RequestInit) => {
    calls.push({ url: input, init: init ?? {} });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json' } }));
  };
  return impl as unknown as typeof fetch;
}

const client = (fetchImpl: typeof fetch, baseUrl = '') =>
  createApiClient({ baseUrl, locale: () => 'ar', site: () => 'ru.localhost:3000', fetch: fetchImpl });

describe('API client (spec: accounts §7)', () => {
  it('adds locale, the Site header and cookies, and prefixes the API host', async () => {
    const calls: Call[] = [];
    await client(fakeFetch(200, [], calls), 'https://api.example.com').get('/api/countries.json', { query: { page: 2, skip: undefined } });
    expect(calls[0]?.url).toBe('https://api.example.com/api/countries.json?page=2&locale=ar');
    expect(calls[0]?.init.credentials).toBe('include');
    expect((calls[0]?.init.headers as Record<string, string>).site).toBe('ru.localhost:3000');
  });

  it('keeps relative URLs relative when the API shares the origin, and sends JSON bodies', async () => {
    const calls: Call[] = [];
    await client(fakeFetch(200, { ok: true }, calls)).post('/users/sign_in.json', { body: { user: { email: 'a@b.co' } } });
    expect(calls[0]?.url).toBe('/users/sign_in.json?locale=ar');
    expect(calls[0]?.init.body).toBe('{"user":{"email":"a@b.co"}}');
    expect((calls[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('answers a GET from the answers the page holds, without a request, and fetches what it does not hold', async () => {
    const calls: Call[] = [];
    const held: Record<string, FirstAnswer> = {
      [answerKey('/api/site?locale=ar')]: { status: 200, body: { variant: 'standard' } },
      [answerKey('/api/current_user?locale=ar')]: { status: 401, body: { errors: [{ code: 'unauthorized', message: 'Sign in' }] } },
    };
    const api = createApiClient({
      baseUrl: '',
      locale: () => 'ar',
      site: () => 'x',
      fetch: fakeFetch(200, { fresh: true }, calls),
      firstAnswer: (url) => held[answerKey(url)],
    });
    await expect(api.get('/api/site')).resolves.toEqual({ variant: 'standard' });
    const error = (await api.get('/api/current_user').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.codes]).toEqual([401, ['unauthorized']]);
    expect(calls).toEqual([]);
    await expect(api.get('/api/content/tags')).resolves.toEqual({ fresh: true });
    await expect(api.post('/api/site')).resolves.toEqual({ fresh: true });
    expect(calls.map((call) => call.url)).toEqual(['/api/content/tags?locale=ar', '/api/site?locale=ar']);
  });

  it('takes an answer the page holds once, whatever the order of its query: the same call again goes to the server', () => {
    const take = firstAnswerTaker(() => JSON.stringify({ [answerKey('/api/x?page=1&locale=en')]: { status: 200, body: 1 } }));
    expect(take('/api/x?locale=en&page=1')).toEqual({ status: 200, body: 1 });
    expect(take('/api/x?locale=en&page=1')).toBeUndefined();
    expect(firstAnswerTaker(() => 'not json')('/api/x')).toBeUndefined();
  });

  it('turns the error body into an ApiError with codes', async () => {
    const error = await client(fakeFetch(422, { errors: [{ code: 'email', message: 'Email is invalid', field: 'user.email' }] }))
      .post('/users')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).codes).toEqual(['email']);
  });

  it('gives a generic ApiError for a body that is not the error shape', async () => {
    const error = (await client(fakeFetch(502, '<html>Bad gateway</html>'))
      .get('/api/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.codes).toEqual(['http_502']);
  });
});

describe('error text (spec: accounts §8)', () => {
  const table: Record<string, string> = { 'errors.user_locked': 'Your account is locked', 'errors.generic': 'Error' };
  const translate = (key: string) => table[key];

  it('uses the translation for the code, else the message, else "Error"', () => {
    expect(errorText(new ApiError(401, [{ code: 'user_locked', message: 'Locked' }]), translate)).toBe('Your account is locked');
    expect(errorText(new ApiError(422, [{ code: 'weird', message: 'Something odd' }]), translate)).toBe('Something odd');
    expect(errorText(new ApiError(500, [{ code: 'weird', message: '' }]), translate)).toBe('Error');
    expect(errorText(new Error('boom'), translate)).toBe('Error');
    expect(errorText(new Error('boom'), () => undefined)).toBe('Error');
  });
});

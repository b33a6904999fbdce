import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../test/http.ts';
import { createTestApp } from '../../test/harness.ts';
import { recaptchaClient } from './recaptcha.ts';

/** A local peer speaking the siteverify API: secret "s3cret", the answer "human" passes. */
let peer: Server;
let url: string;
const seen: URLSearchParams[] = [];
beforeAll(async () => {
  peer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: form.get('secret') === 's3cret' && form.get('response') === 'human' }));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

describe('POST /api/recaptcha_verifications', () => {
  it('passes every answer, marked skipped, on the embedded default', async () => {
    const t = await createTestApp();
    expect((await new Browser(t.app).post('/api/recaptcha_verifications', { recaptcha_response: 'anything' })).json()).toEqual({
      success: true,
      skipped: true,
    });
    await t.close();
  });

  it('asks the verification service when configured', async () => {
    const t = await createTestApp({ services: { recaptcha: recaptchaClient({ secret: 's3cret', verifyUrl: url }) } });
    const browser = new Browser(t.app, { ip: '198.51.100.77' });
    expect((await browser.post('/api/recaptcha_verifications', { recaptcha_response: 'human' })).json()).toEqual({
      success: true,
      skipped: false,
    });
    expect((await browser.post('/api/recaptcha_verifications', { recaptcha_response: 'robot' })).json()).toEqual({
      success: false,
      skipped: false,
    });
    expect(seen.at(-1)?.get('remoteip')).toBe('198.51.100.77');
    expect((await browser.post('/api/recaptcha_verifications', { recaptcha_response: '' })).statusCode).toBe(422);
    await t.close();
  });

  it('answers 503 when the service does not answer', async () => {
    const t = await createTestApp({
      services: { recaptcha: recaptchaClient({ secret: 's3cret', verifyUrl: 'http://127.0.0.1:9/siteverify' }) },
    });
    const response = await new Browser(t.app).post('/api/recaptcha_verifications', { recaptcha_response: 'human' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: [{ code: 'recaptcha_unavailable', message: 'The captcha service does not answer' }] });
    await t.close();
  });
});

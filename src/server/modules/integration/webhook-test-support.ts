import { expect } from 'vitest';
import { webhookCreatedSchema } from '../../../common/webhooks.ts';
import { createTestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { startReceiver } from './webhook-receiver.ts';

/** The user area's webhook endpoints. */
export const HOOKS = '/api/current_user/webhooks';

/** The app, and the tests' local receiver on 127.0.0.1 (plain http is allowed to it for that reason). */
export async function webhookTestApp() {
  const [t, receiver] = await Promise.all([createTestApp({ env: { OUTBOUND_ALLOW: '127.0.0.1' } }), startReceiver()]);
  return { t, receiver, a: agreementFixtures(t), close: async () => void (await Promise.all([t.close(), receiver.close()])) };
}
export type WebhookTestApp = Awaited<ReturnType<typeof webhookTestApp>>;

let paths = 0;
/** A path of the receiver no other endpoint of the run posts to. */
export const nextPath = () => `/hook-${++paths}`;

/** Registers an endpoint at the receiver through the user area, as the browser does. */
export async function registerAt(
  receiver: WebhookTestApp['receiver'],
  browser: Browser,
  events: string[] = ['content.killed', 'content.corrected', 'download.ready'],
  path = nextPath(),
) {
  const answer = await browser.post(HOOKS, { url: receiver.url(path), description: 'Newsroom CMS', events });
  expect(answer.statusCode, answer.body).toBe(201);
  return { ...webhookCreatedSchema.parse(answer.json()), path };
}

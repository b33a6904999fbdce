import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApiDownloadSchema, ninjsItemSchema } from '../../../common/content-api.ts';
import { apiKeyIssuedSchema } from '../../../common/integration.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementBalances } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { videoOf, videosOf } from '../downloads/test-support.ts';
import { rateLimitCounters } from '../security/schema.ts';
import { ninjsErrors } from './ninjs-validator.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

type Caller = Awaited<ReturnType<typeof a.signedIn>>;
async function keyOf(caller: Caller, scopes: string[], extra: Record<string, unknown> = {}) {
  const answer = await caller.browser.post('/api/current_user/api_keys', { name: 'CMS', scopes, ...extra });
  expect(answer.statusCode, answer.body).toBe(201);
  return apiKeyIssuedSchema.parse(answer.json());
}
const auth = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });
const file = { restrictions_accepted: true, quality: 'hd', file_type: 'mp4', video_format: 'clean' };
const download = (secret: string, id: number) => new Browser(t.app).post(`/api/v1/content/${id}/downloads`, file, auth(secret));
const balanceOf = async (agreementId: number) => {
  const [row] = await t.database.db
    .select({ amount: agreementBalances.amount })
    .from(agreementBalances)
    .where(and(eq(agreementBalances.agreementId, agreementId), eq(agreementBalances.kind, 'standard')));
  return row?.amount;
};

describe('who may call the content API (issue 30)', () => {
  it('guest 401; session and read key 200; scopes, revoked, expired and unknown keys refused with their codes', async () => {
    const free = await videoOf(t, 'free');
    const owner = await a.signedIn();
    const read = await keyOf(owner, ['read']);
    const revoked = await keyOf(owner, ['read', 'download']);
    await owner.browser.delete(`/api/current_user/api_keys/${revoked.key.id}`);
    const expiring = await keyOf(owner, ['read'], { expires_in_days: 1 });
    const list = '/api/v1/content?limit=1';
    expect((await new Browser(t.app).get(list)).statusCode).toBe(401);
    expect((await owner.browser.get(list)).statusCode).toBe(200);
    const byKey = await new Browser(t.app).get(`/api/v1/content/${free}`, auth(read.secret));
    expect(byKey.statusCode).toBe(200);
    expect(ninjsErrors(byKey.json())).toEqual([]);
    const noScope = await download(read.secret, free);
    expect([noScope.statusCode, codes(noScope)]).toEqual([403, ['api_key_scope']]);
    const afterRevoke = await new Browser(t.app).get(list, auth(revoked.secret));
    expect([afterRevoke.statusCode, codes(afterRevoke)]).toEqual([401, ['api_key_revoked']]);
    const unknown = await new Browser(t.app).get(list, auth('nr_not-a-key-of-ours'));
    expect([unknown.statusCode, codes(unknown)]).toEqual([401, ['api_key_invalid']]);
    expect((await new Browser(t.app).get(list, auth(expiring.secret))).statusCode).toBe(200);
    t.services.clock.advance(days(2));
    const expired = await new Browser(t.app).get(list, auth(expiring.secret));
    expect([expired.statusCode, codes(expired)]).toEqual([401, ['api_key_expired']]);
  });

  it("another company's key acts with its own owner's rights: the files offered and the download follow that owner's agreements", async () => {
    const { home, master, otherMaster } = await a.team();
    await createAgreement(
      t.database.db,
      { companyId: home.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 5, refill: 5 }] },
      t.services.clock.now(),
    );
    const paid = await videoOf(t, 'paid');
    const mine = await keyOf(master, ['read', 'download']);
    const theirs = await keyOf(otherMaster, ['read', 'download']);
    const seen = async (secret: string) =>
      ninjsItemSchema.parse((await new Browser(t.app).get(`/api/v1/content/${paid}`, auth(secret))).json()).renditions;
    expect((await seen(mine.secret)).length).toBeGreaterThan(0);
    expect(await seen(theirs.secret)).toEqual([]);
    expect((await download(mine.secret, paid)).statusCode).toBe(200);
    const refused = await download(theirs.secret, paid);
    expect(refused.statusCode).toBe(403);
  });

  it('past the per-key rate: 429 with Retry-After, and only the calls within the limit pass when fired at once', async () => {
    const owner = await a.signedIn();
    const { key, secret } = await keyOf(owner, ['read']);
    const now = t.services.clock.now();
    const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    // 595 calls made this minute already: of 20 at once, 5 pass.
    await t.database.db.insert(rateLimitCounters).values({ key: `api-key:${key.id}`, windowStart, count: 595 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => new Browser(t.app).get('/api/v1/content?limit=1', auth(secret))));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(limited).toHaveLength(15);
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});

describe('downloads through a key (the same service as the browser)', () => {
  it('charges the balance as a browser download does, and the request can be polled', async () => {
    const { home, master } = await a.team();
    const agreement = await createAgreement(
      t.database.db,
      { companyId: home.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 5, refill: 5 }] },
      t.services.clock.now(),
    );
    const [byKey = 0, byBrowser = 0] = await videosOf(t, 'paid', 2);
    const { secret } = await keyOf(master, ['read', 'download']);
    const answer = await download(secret, byKey);
    expect(answer.statusCode, answer.body).toBe(200);
    const licensed = contentApiDownloadSchema.parse(answer.json());
    expect(await balanceOf(agreement.id)).toBe(4);
    await master.browser.post(`/api/content/video_projects/${byBrowser}/videos/download`, file);
    expect(await balanceOf(agreement.id)).toBe(3);
    const polled = await new Browser(t.app).get(`/api/v1/downloads/${licensed.id}`, auth(secret));
    expect(contentApiDownloadSchema.parse(polled.json())).toMatchObject({ id: licensed.id, state: licensed.state });
    // The href of a rendition names the file: the body then needs only the restrictions ticked.
    const href = `/api/v1/content/${byKey}/downloads?format=clean&quality=hd&container=mp4`;
    expect((await new Browser(t.app).post(href, { restrictions_accepted: true }, auth(secret))).statusCode).toBe(200);
  });

  it('12 key downloads at once against a balance of 3 charge exactly 3', async () => {
    const { home, master } = await a.team();
    const agreement = await createAgreement(
      t.database.db,
      { companyId: home.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 3, refill: 3 }] },
      t.services.clock.now(),
    );
    const ids = await videosOf(t, 'paid', 12);
    const { secret } = await keyOf(master, ['read', 'download']);
    const answers = await Promise.all(ids.map((id) => download(secret, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(await balanceOf(agreement.id)).toBe(0);
  }, 60_000);
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_RULE_LIMITS, deliveryRuleSchema, deliveryRulesSchema, type DeliveryRuleBody } from '../../../common/delivery-rules.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { deliveryRules, savedSearches } from './schema.ts';
import { destinationSecret } from './delivery-rules.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  // The test peers listen on this machine: the outbound policy lets 127.0.0.1 through, as a deployment names its partners.
  t = await createTestApp({ env: { OUTBOUND_ALLOW: '127.0.0.1' } });
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const RULES = '/api/current_user/delivery_rules';

async function searchOf(user: UserRow, name = 'Floods') {
  const now = t.services.clock.now();
  const [row] = await t.database.db
    .insert(savedSearches)
    .values({ userId: user.id, name, query: { search: 'flood' }, seenAt: now, createdAt: now })
    .returning();
  return row!.id;
}

const sftpRule = (savedSearchId: number, extra: Partial<DeliveryRuleBody> = {}): DeliveryRuleBody => ({
  name: 'Floods to the playout server',
  saved_search_id: savedSearchId,
  video_format: 'clean',
  quality: 'hd',
  file_type: 'mp4',
  destination: {
    protocol: 'sftp',
    host: '127.0.0.1',
    port: 2222,
    username: 'newsroom',
    password: 'pa55-word',
    directory: 'incoming/agency',
  },
  ...extra,
});

describe('delivery rules in the user area', () => {
  it('keeps a rule with its destination, never answering the password, and keeps the password when a change leaves it out', async () => {
    const owner = await a.signedIn();
    const search = await searchOf(owner.user);
    const made = await owner.browser.post(RULES, sftpRule(search));
    expect(made.statusCode, made.body).toBe(201);
    const rule = deliveryRuleSchema.parse(made.json());
    expect(rule).toMatchObject({
      name: 'Floods to the playout server',
      saved_search: { id: search, name: 'Floods' },
      destination: { protocol: 'sftp', host: '127.0.0.1', port: 2222, username: 'newsroom', directory: 'incoming/agency' },
      active: true,
      last_delivery: null,
    });
    expect(made.body).not.toContain('pa55-word');
    const [row] = await t.database.db.select().from(deliveryRules).where(eq(deliveryRules.id, rule.id));
    expect(row?.secretSealed).not.toContain('pa55-word');
    expect(destinationSecret(t.services, row!)).toBe('pa55-word');

    const { password: _kept, ...withoutPassword } = sftpRule(search).destination as { password: string };
    const changed = await owner.browser.put(`${RULES}/${rule.id}`, {
      ...sftpRule(search),
      quality: 'full_hd',
      active: false,
      destination: { ...withoutPassword, directory: 'archive' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(deliveryRuleSchema.parse(changed.json())).toMatchObject({
      quality: 'full_hd',
      active: false,
      destination: { directory: 'archive' },
    });
    const [after] = await t.database.db.select().from(deliveryRules).where(eq(deliveryRules.id, rule.id));
    expect(destinationSecret(t.services, after!)).toBe('pa55-word');

    // Moving to S3 needs the bucket's secret key: the SFTP password is no key for it.
    const s3 = {
      protocol: 's3',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      bucket: 'agency-in',
      prefix: 'wire',
      access_key_id: 'AKIA',
    };
    expect(codes(await owner.browser.put(`${RULES}/${rule.id}`, { ...sftpRule(search), destination: s3 }))).toEqual([
      'destination_secret_required',
    ]);
    const moved = await owner.browser.put(`${RULES}/${rule.id}`, {
      ...sftpRule(search),
      destination: { ...s3, secret_access_key: 's3cret' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(deliveryRuleSchema.parse(moved.json()).destination).toEqual({ ...s3 });

    const listed = deliveryRulesSchema.parse((await owner.browser.get(RULES)).json());
    expect(listed.rules.map((r) => r.id)).toEqual([rule.id]);
    expect((await owner.browser.get(`${RULES}/${rule.id}/deliveries`)).json()).toEqual({ deliveries: [] });
    expect((await owner.browser.delete(`${RULES}/${rule.id}`)).statusCode).toBe(204);
    expect(deliveryRulesSchema.parse((await owner.browser.get(RULES)).json()).rules).toEqual([]);
  });

  it('refuses what cannot be delivered: another user’s search, a branded file without a logo position, a private address, bad input', async () => {
    const owner = await a.signedIn();
    const other = await a.signedIn();
    const search = await searchOf(owner.user);
    const refused = async (body: unknown) => {
      const answer = await owner.browser.post(RULES, body);
      expect(answer.statusCode, answer.body).toBe(422);
      return codes(answer);
    };
    expect(await refused(sftpRule(await searchOf(other.user)))).toEqual(['saved_search_not_found']);
    expect(await refused(sftpRule(search, { video_format: 'branded' }))).toEqual(['required']);
    expect(
      await refused(sftpRule(search, { destination: { protocol: 'ftp', host: '10.1.2.3', username: 'u', password: 'p', directory: '' } })),
    ).toEqual(['outbound_address_refused']);
    expect(
      await refused(
        sftpRule(search, {
          destination: {
            protocol: 's3',
            endpoint: 'http://169.254.169.254',
            region: 'x',
            bucket: 'b',
            prefix: '',
            access_key_id: 'k',
            secret_access_key: 's',
          },
        }),
      ),
    ).toEqual(['outbound_address_refused']);
    expect(await refused(sftpRule(search, { destination: { protocol: 'sftp', host: '127.0.0.1', username: 'u', directory: '' } }))).toEqual(
      ['destination_secret_required'],
    );
    expect(
      await refused(
        sftpRule(search, { destination: { protocol: 'sftp', host: '127.0.0.1', username: 'u', password: 'p', directory: '../etc' } }),
      ),
    ).toHaveLength(1);
    expect((await owner.browser.post(RULES, { ...sftpRule(search), quality: '4k' })).statusCode).toBe(422);
    expect((await owner.browser.post(RULES, { ...sftpRule(search), destination: { protocol: 'gopher' } })).statusCode).toBe(422);
  });

  it('holds the limit of rules under concurrent requests', async () => {
    const owner = await a.signedIn();
    const search = await searchOf(owner.user);
    const answers = await Promise.all(
      Array.from({ length: DELIVERY_RULE_LIMITS.perOwner + 4 }, (_, n) =>
        owner.browser.post(RULES, sftpRule(search, { name: `Rule ${n}` })),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(DELIVERY_RULE_LIMITS.perOwner);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 201).flatMap(codes))).toEqual(
      new Set(['delivery_rules_limit_reached']),
    );
  });
});

describe('who may run delivery rules', () => {
  it('gives each caller exactly their rights', async () => {
    const { master, member, otherMaster } = await a.team();
    const solo = await a.signedIn();
    const admin = await a.signedIn({ isAdmin: true });
    const masterRule = deliveryRuleSchema.parse((await master.browser.post(RULES, sftpRule(await searchOf(master.user)))).json());
    const guest = new Browser(t.app);
    const own = `${RULES}/${masterRule.id}`;
    const cases: [string, Browser, 'GET' | 'POST' | 'PUT' | 'DELETE', string, number, unknown?][] = [
      ['guest lists', guest, 'GET', RULES, 401],
      ['guest makes', guest, 'POST', RULES, 401, sftpRule(1)],
      ['member lists', member.browser, 'GET', RULES, 403],
      ['member makes', member.browser, 'POST', RULES, 403, sftpRule(await searchOf(member.user))],
      ['master lists', master.browser, 'GET', RULES, 200],
      ['master reads the log', master.browser, 'GET', `${own}/deliveries`, 200],
      ['user without company makes', solo.browser, 'POST', RULES, 201, sftpRule(await searchOf(solo.user))],
      ['admin as a user makes', admin.browser, 'POST', RULES, 201, sftpRule(await searchOf(admin.user))],
      ["another company's master reads the log", otherMaster.browser, 'GET', `${own}/deliveries`, 404],
      ["another company's master changes", otherMaster.browser, 'PUT', own, 404, sftpRule(await searchOf(otherMaster.user))],
      ["another company's master deletes", otherMaster.browser, 'DELETE', own, 404],
      ['member deletes', member.browser, 'DELETE', own, 403],
    ];
    for (const [name, browser, method, url, status, payload] of cases) {
      const answer = await browser.request({ method, url, ...(payload ? { payload: payload } : {}) });
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(status);
    }
    expect(deliveryRulesSchema.parse((await master.browser.get(RULES)).json()).rules).toHaveLength(1);
  });
});

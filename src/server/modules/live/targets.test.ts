import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTargetSchema, liveTargetsSchema, liveTokenSchema, MAX_TARGETS_PER_EVENT, type LiveEventInput } from '../../../common/live.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { decrypt } from '../security/crypto.ts';
import { liveTargets } from './schema.ts';
import { checkPlayback } from './stream.ts';
import { createLiveEvent, hoursFrom } from './test-support.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
});
afterAll(async () => t.close());

const event = (fields: Partial<LiveEventInput> = {}) =>
  createLiveEvent(t, admin, { start_at: hoursFrom(t, 1), languages: ['en', 'ar'], ...fields });
const YOUTUBE = { kind: 'youtube', url: 'rtmp://a.rtmp.youtube.com/live2', stream_key: 'abcd-efgh-ijkl' };
const targetsOf = (slug: string) => `/api/content/live/events/${slug}/targets`;

describe('restream targets (spec §1, §7)', () => {
  it('a registered user adds targets to a free event, checked by kind; the key is kept encrypted and never sent back', async () => {
    const { browser } = await a.signedIn();
    const free = await event();
    const made = await browser.post(targetsOf(free.slug), { target: YOUTUBE });
    expect(made.statusCode).toBe(201);
    const target = liveTargetSchema.parse(made.json());
    expect(target).toMatchObject({ kind: 'youtube', url: YOUTUBE.url, stream_key_set: true, state: 'idle' });
    expect(made.body).not.toContain(YOUTUBE.stream_key);
    const [row] = await t.database.db.select().from(liveTargets).where(eq(liveTargets.id, target.id));
    expect(decrypt(row?.streamKeyEncrypted ?? '', t.services.secret)).toBe(YOUTUBE.stream_key);

    const srt = await browser.post(targetsOf(free.slug), { target: { kind: 'srt', url: 'srt://ingest.example.net:9000?latency=200' } });
    expect(srt.statusCode).toBe(201);
    const hls = await browser.post(targetsOf(free.slug), { target: { kind: 'hls_full_hd' } });
    expect(liveTargetSchema.parse(hls.json())).toMatchObject({ kind: 'hls_full_hd', stream_key_set: false });

    // The code is the validator's; the browser shows its translation ('Value is not an RTMP URL').
    for (const [bad, field, code] of [
      [{ kind: 'youtube', url: 'http://a.example.com/live', stream_key: 'k' }, 'url', 'rtmp'],
      [{ kind: 'facebook', url: 'rtmps://live-api-s.facebook.com:443/rtmp/' }, 'stream_key', 'required'],
      [{ kind: 'srt', url: 'rtmp://ingest.example.net/live' }, 'url', 'srt'],
      [{ kind: 'tvu' }, 'tvu_receiver', 'required'],
      [{ kind: 'myspace', url: 'rtmp://x.example.com/live' }, 'kind', undefined],
    ] as const) {
      const answer = await browser.post(targetsOf(free.slug), { target: bad });
      expect(answer.statusCode).toBe(422);
      const error = answer.json<{ errors: { field?: string; code: string }[] }>().errors[0];
      expect(error?.field).toBe(`target.${field}`);
      if (code) expect(error?.code).toBe(code);
    }
    const listed = liveTargetsSchema.parse((await browser.get(targetsOf(free.slug))).json());
    expect(listed.targets.map((item) => item.kind)).toEqual(['youtube', 'srt', 'hls_full_hd']);
  });

  it('an HLS pull target shows its link: the event’s playlist, signed until a day after the start, the same at each read (issue 28)', async () => {
    const { browser } = await a.signedIn();
    const free = await event();
    const made = liveTargetSchema.parse((await browser.post(targetsOf(free.slug), { target: { kind: 'hls_full_hd' } })).json());
    const link = new URL(made.url ?? '', 'http://x');
    expect(link.pathname).toBe(`/live/${free.id}/index.m3u8`);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires).toBe(Date.parse(free.start_at) + 24 * 3600_000);
    const now = t.services.clock.now();
    expect(checkPlayback(t.services.secret, free.id, expires, link.searchParams.get('sig') ?? '', now)).toBe('ok');
    expect(checkPlayback(t.services.secret, free.id + 1, expires, link.searchParams.get('sig') ?? '', now)).toBe('invalid');
    // The same link in the list and the target's own answer: set up once, it holds for the event.
    const listed = liveTargetsSchema.parse((await browser.get(targetsOf(free.slug))).json());
    expect(listed.targets.find((item) => item.id === made.id)?.url).toBe(made.url);
    expect(liveTargetSchema.parse((await browser.get(`/api/content/live/targets/${made.id}`)).json()).url).toBe(made.url);
    // It is the owner's: no one else reads the target.
    expect((await (await a.signedIn()).browser.get(`/api/content/live/targets/${made.id}`)).statusCode).toBe(404);
  });

  it('facebook comes in two kinds: base (server URL and stream key) and api (the Live API stream URL, which carries its key)', async () => {
    const { browser } = await a.signedIn();
    const free = await event();
    const base = await browser.post(targetsOf(free.slug), {
      target: { kind: 'facebook', url: 'rtmps://live-api-s.facebook.com:443/rtmp/', stream_key: 'FB-1-0-Base' },
    });
    expect(liveTargetSchema.parse(base.json())).toMatchObject({ kind: 'facebook', stream_key_set: true });

    const streamUrl = 'rtmps://live-api-s.facebook.com:443/rtmp/FB-2-0-AbCd?s_bl=1&s_vt=api-s&a=Xy';
    const api = await browser.post(targetsOf(free.slug), { target: { kind: 'facebook_api', url: streamUrl } });
    expect(api.statusCode).toBe(201);
    const target = liveTargetSchema.parse(api.json());
    // The key is part of the stream URL: kept encrypted and never sent back, like any key.
    expect(target).toMatchObject({ kind: 'facebook_api', url: 'rtmps://live-api-s.facebook.com:443/rtmp/', stream_key_set: true });
    expect(api.body).not.toContain('FB-2-0-AbCd');
    const [row] = await t.database.db.select().from(liveTargets).where(eq(liveTargets.id, target.id));
    expect(decrypt(row?.streamKeyEncrypted ?? '', t.services.secret)).toBe('FB-2-0-AbCd?s_bl=1&s_vt=api-s&a=Xy');

    const providers = (await browser.get('/api/content/live/transcoder_providers')).json<{
      providers: { kind: string; needs: string[] }[];
    }>();
    expect(providers.providers.filter((provider) => provider.kind.startsWith('facebook'))).toEqual([
      { kind: 'facebook', needs: ['url', 'stream_key'] },
      { kind: 'facebook_api', needs: ['url'] },
    ]);

    for (const [url, code] of [
      [undefined, 'required'],
      ['http://www.facebook.com/live', 'rtmp'],
      ['rtmps://live-api-s.facebook.com:443/rtmp/', 'stream_url'],
      ['rtmps://live-api-s.facebook.com:99999/rtmp/FB-3', 'uri'],
    ] as const) {
      const answer = await browser.post(targetsOf(free.slug), { target: { kind: 'facebook_api', ...(url ? { url } : {}) } });
      expect(answer.statusCode).toBe(422);
      expect(answer.json<{ errors: { field?: string; code: string }[] }>().errors[0]).toMatchObject({ field: 'target.url', code });
    }
  });

  it('an address of the right shape that is no URI answers "Invalid URI" on the address field', async () => {
    const { browser } = await a.signedIn();
    const free = await event();
    for (const target of [
      { kind: 'youtube', url: 'rtmp://a.rtmp.youtube.com:70000/live2', stream_key: 'k' },
      { kind: 'custom_rtmp_hd', url: 'rtmp://ingest[1].example.com/live', stream_key: 'k' },
      { kind: 'srt', url: 'srt://ingest.example.net:99999' },
    ]) {
      const answer = await browser.post(targetsOf(free.slug), { target });
      expect(answer.statusCode).toBe(422);
      // The browser shows the code's translation, "Invalid URI" (validation.uri).
      expect(answer.json<{ errors: { field?: string; code: string }[] }>().errors[0]).toMatchObject({ field: 'target.url', code: 'uri' });
    }
  });

  it(`at most ${MAX_TARGETS_PER_EVENT} targets per customer and event, even when 12 are asked for at once`, async () => {
    const { browser, user } = await a.signedIn();
    const free = await event();
    const answers = await Promise.all(Array.from({ length: 12 }, () => browser.post(targetsOf(free.slug), { target: YOUTUBE })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(MAX_TARGETS_PER_EVENT);
    for (const answer of answers.filter((item) => item.statusCode !== 201)) expect(codes(answer)).toEqual(['targets_limit']);
    expect(await t.database.db.select().from(liveTargets).where(eq(liveTargets.userId, user.id))).toHaveLength(MAX_TARGETS_PER_EVENT);
  });

  it('a pool event needs live access (a pass, a plan with live access or a booking); a client-only event is for clients alone', async () => {
    const { browser, user } = await a.signedIn({ userGroup: 'customer' });
    const pool = await event({ access: 'pool' });
    const refused = await browser.post(targetsOf(pool.slug), { target: YOUTUBE });
    expect([refused.statusCode, codes(refused)]).toEqual([403, ['live_access_required']]);
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'enterprise', liveAccess: true }, t.services.clock.now());
    expect((await browser.post(targetsOf(pool.slug), { target: YOUTUBE })).statusCode).toBe(201);
    // A pass holder is a subscriber: pool events are theirs (spec: content §1).
    const holder = await a.signedIn({ userGroup: 'customer' });
    await createAgreement(t.database.db, { userId: holder.user.id, agreementType: 'pass' }, t.services.clock.now());
    expect((await holder.browser.post(targetsOf(pool.slug), { target: YOUTUBE })).statusCode).toBe(201);

    const clientOnly = await event({ access: 'client' });
    // Live access does not open a client-only event; the client group does.
    expect(codes(await browser.post(targetsOf(clientOnly.slug), { target: YOUTUBE }))).toEqual(['clients_only']);
    const client = await a.signedIn({ userGroup: 'client' });
    expect((await client.browser.post(targetsOf(clientOnly.slug), { target: YOUTUBE })).statusCode).toBe(201);
  });

  it('a target is its owner’s: another user gets 404 reading or deleting it', async () => {
    const owner = await a.signedIn();
    const other = await a.signedIn();
    const free = await event();
    const target = liveTargetSchema.parse((await owner.browser.post(targetsOf(free.slug), { target: YOUTUBE })).json());
    expect(codes(await other.browser.get(`/api/content/live/targets/${target.id}`))).toEqual(['target_not_found']);
    expect((await other.browser.delete(`/api/content/live/targets/${target.id}`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/api/content/live/targets/${target.id}`)).statusCode).toBe(200);
    expect((await owner.browser.delete(`/api/content/live/targets/${target.id}`)).statusCode).toBe(204);
    expect((await owner.browser.get(`/api/content/live/targets/${target.id}`)).statusCode).toBe(404);
  });
});

describe('restream targets and the outbound policy', () => {
  it('refuses targets on the platform’s machine, private networks or listeners, with a 422 naming the field', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const got: Record<string, string> = {};
    for (const target of [
      { kind: 'custom_rtmp_hd', url: 'rtmp://127.0.0.1:6379/x', stream_key: 'k' },
      { kind: 'custom_rtmp_hd', url: 'rtmp://2130706433/live', stream_key: 'k' },
      { kind: 'custom_rtmp_full_hd', url: 'rtmp://localhost/live', stream_key: 'k' },
      { kind: 'youtube', url: 'rtmp://[::1]/live2', stream_key: 'k' },
      { kind: 'facebook', url: 'rtmps://169.254.169.254:443/rtmp/', stream_key: 'k' },
      // Facebook's Live API stream URL carries its key: the address is vetted all the same.
      { kind: 'facebook_api', url: 'rtmps://127.0.0.1:443/rtmp/FB-1234-key' },
      { kind: 'facebook_api', url: 'rtmps://192.168.1.5:443/rtmp/FB-1234-key' },
      { kind: 'srt', url: 'srt://0.0.0.0:9824' },
      { kind: 'srt', url: 'srt://10.0.0.7:9000?latency=200' },
      { kind: 'srt', url: 'srt://0.0.0.0:9824?mode=listener' },
      { kind: 'srt', url: 'srt://ingest.example.net:9000?mode=rendezvous' },
      { kind: 'srt', url: 'srt://ingest.example.net:9000?latency=200&rcvbuf=99999999' },
    ]) {
      // An event each, so that the five-target limit never answers first.
      const answer = await browser.post(targetsOf((await event()).slug), { target });
      const error = answer.json<{ errors?: { field?: string; code: string }[] }>().errors?.[0];
      got[target.url] = `${answer.statusCode} ${error?.code} ${error?.field}`;
    }
    const refused = (code: string) => `422 ${code} target.url`;
    expect(got).toEqual({
      'rtmp://127.0.0.1:6379/x': refused('outbound_address_refused'),
      'rtmp://2130706433/live': refused('outbound_address_refused'),
      'rtmp://localhost/live': refused('outbound_address_refused'),
      'rtmp://[::1]/live2': refused('outbound_address_refused'),
      'rtmps://169.254.169.254:443/rtmp/': refused('outbound_address_refused'),
      'rtmps://127.0.0.1:443/rtmp/FB-1234-key': refused('outbound_address_refused'),
      'rtmps://192.168.1.5:443/rtmp/FB-1234-key': refused('outbound_address_refused'),
      'srt://0.0.0.0:9824': refused('outbound_address_refused'),
      'srt://10.0.0.7:9000?latency=200': refused('outbound_address_refused'),
      'srt://0.0.0.0:9824?mode=listener': refused('srt_options_refused'),
      'srt://ingest.example.net:9000?mode=rendezvous': refused('srt_options_refused'),
      'srt://ingest.example.net:9000?latency=200&rcvbuf=99999999': refused('srt_options_refused'),
    });
    // What a target needs passes: caller mode said or not, a passphrase, a stream id, a latency.
    const srt = { kind: 'srt', url: 'srt://ingest.example.net:9000?mode=caller&passphrase=0123456789ab&streamid=desk&latency=120' };
    expect((await browser.post(targetsOf((await event()).slug), { target: srt })).statusCode).toBe(201);
    expect(await t.database.db.select().from(liveTargets).where(eq(liveTargets.url, 'rtmp://127.0.0.1:6379/x'))).toEqual([]);
  });
});

describe('stream tokens and transcoder providers', () => {
  it('a token for one of the event’s languages, valid six hours; another language is refused', async () => {
    const { browser } = await a.signedIn();
    const free = await event();
    const answer = await browser.post(`/api/content/live/events/${free.slug}/tokens`, { language_id: 'ar' });
    expect(answer.statusCode).toBe(201);
    const token = liveTokenSchema.parse(answer.json());
    expect(Date.parse(token.expires_at) - t.services.clock.now().getTime()).toBe(6 * 3600_000);
    expect(token.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(codes(await browser.post(`/api/content/live/events/${free.slug}/tokens`, { language_id: 'ru' }))).toEqual([
      'language_not_offered',
    ]);
  });

  it('lists every target kind with what it needs', async () => {
    const answer = (await new Browser(t.app).get('/api/content/live/transcoder_providers')).json<{
      providers: { kind: string; needs: string[] }[];
    }>();
    // Spec content §1: facebook (base and api), youtube, periscope, vkontakte, odnoklassniki,
    // custom_rtmp (hd and full_hd), srt, hls_full_hd, tvu.
    expect(answer.providers).toHaveLength(11);
    expect(answer.providers.find((provider) => provider.kind === 'youtube')?.needs).toEqual(['url', 'stream_key']);
    expect(answer.providers.find((provider) => provider.kind === 'tvu')?.needs).toEqual(['tvu_receiver']);
  });
});

describe('who may call what in live targets (one row per caller)', () => {
  it('guest, user, member, master, another company’s master and admin each get exactly their rights', async () => {
    const { master, member, otherMaster } = await a.team();
    const user = await a.signedIn();
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin,
    };
    const free = await event();
    const members = liveTargetSchema.parse((await member.browser.post(targetsOf(free.slug), { target: YOUTUBE })).json());
    type Call = (who: Browser) => Promise<number>;
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number> }> = {
      'GET the targets of an event': {
        call: async (who) => (await who.get(targetsOf(free.slug))).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'GET the member’s target': {
        call: async (who) => (await who.get(`/api/content/live/targets/${members.id}`)).statusCode,
        expected: { guest: 401, user: 404, member: 200, master: 404, otherMaster: 404, admin: 404 },
      },
      'POST a token': {
        call: async (who) => (await who.post(`/api/content/live/events/${free.slug}/tokens`, { language_id: 'en' })).statusCode,
        expected: { guest: 401, user: 201, member: 201, master: 201, otherMaster: 201, admin: 201 },
      },
      'GET the transcoder providers': {
        call: async (who) => (await who.get('/api/content/live/transcoder_providers')).statusCode,
        expected: { guest: 200, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'DELETE the member’s target (the member last)': {
        call: async (who) => (await who.delete(`/api/content/live/targets/${members.id}`)).statusCode,
        expected: { guest: 401, user: 404, member: 204, master: 404, otherMaster: 404, admin: 404 },
      },
    };
    const order: (keyof typeof callers)[] = ['guest', 'user', 'master', 'otherMaster', 'admin', 'member'];
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number> = {};
      for (const who of order) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkResultSchema,
  CONTENT_ACTIONS,
  contentItemSchema,
  contentListSchema,
  type ContentAction,
} from '../../../common/newsroom-desk.ts';
import { CONTENT_STATES, type ContentState } from '../../../common/newsroom.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { codes, errors } from '../../test/http.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { publishDue } from './life-cycle.ts';
import { contentItems } from './schema.ts';
import { publishableFields, storyWithMaster, uniqueWord } from './test-support.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(() => t.close());

const editorActor = () => ({ userId: callers.ids.editor ?? 0, ip: null });
const bodyFor = (action: ContentAction) => ({
  note: action === 'correct' ? 'The death toll was 12, not 21.' : undefined,
  reason: action === 'kill' ? 'The footage was staged.' : undefined,
  at: action === 'schedule' ? new Date(t.services.clock.now().getTime() + minutes(30)).toISOString() : undefined,
});

describe('the newsroom desk: who may call it', () => {
  it('every content call answers editors and admins, 403 to other staff, and does not exist for customers and guests', async () => {
    const story = await storyWithMaster(t, editorActor());
    const calls: Record<string, StatusCall> = {
      'GET list': { call: async (who) => (await who.get('/api/desk/content')).statusCode, expected: deskExpectation('editor', 200) },
      'POST create': {
        call: async (who) => (await who.post('/api/desk/content', { fields: {} })).statusCode,
        expected: deskExpectation('editor', 201),
      },
      'GET one': {
        call: async (who) => (await who.get(`/api/desk/content/${story.id}`)).statusCode,
        expected: deskExpectation('editor', 200),
      },
      'PATCH save': {
        call: async (who) => (await who.patch('/api/desk/content/999999', { version: 1, fields: { city: 'Porto' } })).statusCode,
        expected: deskExpectation('editor', 404),
      },
      'POST action': {
        call: async (who) => (await who.post('/api/desk/content/999999/withhold', {})).statusCode,
        expected: deskExpectation('editor', 404),
      },
      'POST bulk': {
        call: async (who) => (await who.post('/api/desk/content/bulk', { action: 'withhold', ids: [999999] })).statusCode,
        expected: deskExpectation('editor', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });
});

describe('the life cycle', () => {
  it('takes exactly the transitions of the state machine from every state, and refuses every other with 409', async () => {
    // Written out by hand (not derived from the code's table): draft → scheduled → published →
    // corrected → withheld → killed, a withheld story back as it was, killed final.
    const allowed: Record<ContentState, Partial<Record<ContentAction, ContentState>>> = {
      draft: { publish: 'published', schedule: 'scheduled' },
      scheduled: { publish: 'published', schedule: 'scheduled', unschedule: 'draft' },
      published: { correct: 'corrected', withhold: 'withheld', kill: 'killed' },
      corrected: { correct: 'corrected', withhold: 'withheld', kill: 'killed' },
      withheld: { reinstate: 'published', kill: 'killed' },
      killed: {},
    };
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const state of CONTENT_STATES) {
      for (const action of CONTENT_ACTIONS) {
        const story = await storyWithMaster(t, editorActor(), { state });
        const response = await callers.editor.post(`/api/desk/content/${story.id}/${action}`, bodyFor(action));
        const key = `${state} → ${action}`;
        answers[key] =
          response.statusCode === 200
            ? `200 ${contentItemSchema.parse(response.json()).state}`
            : `${response.statusCode} ${codes(response).join(',')}`;
        const to = allowed[state][action];
        expected[key] = to ? `200 ${to}` : '409 transition_not_allowed';
      }
    }
    expect(answers).toEqual(expected);
  });

  it('publishing checks what the catalogue needs and says every problem at once (422)', async () => {
    const created = await callers.editor.post('/api/desk/content', { fields: { access: 'paid' } });
    const draft = contentItemSchema.parse(created.json());
    const refused = await callers.editor.post(`/api/desk/content/${draft.id}/publish`, {});
    expect(refused.statusCode).toBe(422);
    expect(codes(refused).sort()).toEqual(['dateline_date_missing', 'headline_missing', 'master_not_ready', 'price_missing']);
    const inOtherLanguage = await storyWithMaster(t, editorActor(), {
      fields: { language: 'ar', access: 'pool', one_off_price_cents: 500 },
    });
    const again = await callers.editor.post(`/api/desk/content/${inOtherLanguage.id}/publish`, {});
    expect(codes(again).sort()).toEqual(['headline_missing_in_language', 'price_not_paid']);
  });

  it('a correction needs its note and a kill its reason; a correction makes a new revision and moves versioncreated', async () => {
    const story = await storyWithMaster(t, editorActor());
    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    expect(published).toMatchObject({ state: 'published', revision: 1 });
    const noNote = await callers.editor.post(`/api/desk/content/${story.id}/correct`, { note: '  ' });
    expect([noNote.statusCode, codes(noNote)]).toEqual([422, ['correction_note_required']]);
    t.services.clock.advance(minutes(5));
    const corrected = contentItemSchema.parse(
      (await callers.editor.post(`/api/desk/content/${story.id}/correct`, { note: 'Spelling of the minister’s name' })).json(),
    );
    expect(corrected).toMatchObject({ state: 'corrected', revision: 2, correction_note: 'Spelling of the minister’s name' });
    expect(Date.parse(corrected.version_created_at ?? '')).toBeGreaterThan(Date.parse(published.version_created_at ?? ''));
    const noReason = await callers.editor.post(`/api/desk/content/${story.id}/kill`, {});
    expect([noReason.statusCode, codes(noReason)]).toEqual([422, ['kill_reason_required']]);
    const withheld = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/withhold`, {})).json());
    expect(withheld.actions).toEqual(['reinstate', 'kill']);
    const back = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/reinstate`, {})).json());
    expect(back.state).toBe('corrected');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(story.id)));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['content_item.publish', 'content_item.correct', 'content_item.withhold', 'content_item.reinstate']),
    );
  });

  it('a scheduled story is published once its time comes, once, however many workers look at once', async () => {
    const story = await storyWithMaster(t, editorActor());
    const at = new Date(t.services.clock.now().getTime() + minutes(10)).toISOString();
    const scheduled = await callers.editor.post(`/api/desk/content/${story.id}/schedule`, { at });
    expect(contentItemSchema.parse(scheduled.json())).toMatchObject({
      state: 'scheduled',
      scheduled_at: at.replace('Z', '.000Z').replace('.000.000Z', '.000Z'),
    });
    const past = await callers.editor.post(`/api/desk/content/${story.id}/schedule`, { at: '2020-01-01T00:00:00Z' });
    expect(codes(past)).toEqual(['schedule_in_past']);
    const ctx = { db: t.database.db, clock: t.services.clock, jobs: t.services.jobs };
    expect((await publishDue(ctx)).published).toBe(0);
    t.services.clock.advance(minutes(11));
    const runs = await Promise.all([publishDue(ctx), publishDue(ctx), publishDue(ctx)]);
    expect(runs.reduce((sum, run) => sum + run.published, 0)).toBe(1);
    const [row] = await t.database.db.select().from(contentItems).where(eq(contentItems.id, story.id));
    expect(row).toMatchObject({ state: 'published', revision: 1, scheduledAt: null });
    const published = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(story.id)));
    expect(published.filter((entry) => entry.action === 'content_item.publish')).toHaveLength(1);
  });

  it("tells the workers: the tag followers' push once at publication, the downloaders' notice at each correction and at the kill", async () => {
    const story = await storyWithMaster(t, editorActor());
    const jobsOf = async (name: string) =>
      (
        (await t.database.db.execute(sql`select data from pgboss.job where name = ${name} order by created_on`)) as {
          rows: { data: Record<string, unknown> }[];
        }
      ).rows
        .map((row) => row.data)
        .filter((data) => data.itemId === story.id || data.kind === 'video');
    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    await callers.editor.post(`/api/desk/content/${story.id}/correct`, { note: 'Name spelt right' });
    await callers.editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'Legal' });
    const [row] = await t.database.db.select().from(contentItems).where(eq(contentItems.id, story.id));
    expect(published.state).toBe('published');
    expect((await jobsOf('push.notify')).filter((data) => data.id === row?.videoProjectId)).toEqual([
      { kind: 'video', id: row?.videoProjectId },
    ]);
    expect(await jobsOf('newsroom.notify-downloaders')).toEqual([
      { itemId: story.id, kind: 'corrected', revision: 2 },
      { itemId: story.id, kind: 'killed', revision: 2 },
    ]);
  });

  it('bulk actions decide each item on its own', async () => {
    const ready = await storyWithMaster(t, editorActor());
    const published = await storyWithMaster(t, editorActor(), { state: 'published' });
    const killed = await storyWithMaster(t, editorActor(), { state: 'killed' });
    const response = await callers.editor.post('/api/desk/content/bulk', {
      action: 'publish',
      ids: [ready.id, published.id, killed.id, 999999],
    });
    expect(response.json()).toEqual({
      results: [
        { id: ready.id, ok: true, state: 'published', errors: [] },
        { id: published.id, ok: false, state: null, errors: [expect.objectContaining({ code: 'transition_not_allowed' })] },
        { id: killed.id, ok: false, state: null, errors: [expect.objectContaining({ code: 'transition_not_allowed' })] },
        { id: 999999, ok: false, state: null, errors: [expect.objectContaining({ code: 'content_item_not_found' })] },
      ],
    });
    const withheld = await callers.editor.post('/api/desk/content/bulk', { action: 'withhold', ids: [ready.id, killed.id] });
    expect(bulkResultSchema.parse(withheld.json()).results.map((result) => result.ok)).toEqual([true, false]);
    const unknownTag = await callers.editor.post('/api/desk/content/bulk', { action: 'tag', ids: [ready.id], tag_slug: 'no-such-tag' });
    expect([unknownTag.statusCode, codes(unknownTag)]).toEqual([422, ['tag_unknown']]);
  });
});

describe('describing a story', () => {
  it('saves the changed fields and moves the version; a stale version gets 409 naming the current version, who saved it and what changed', async () => {
    const created = contentItemSchema.parse(
      (await callers.editor.post('/api/desk/content', { fields: publishableFields('Storm') })).json(),
    );
    const first = await callers.editor.patch(`/api/desk/content/${created.id}`, { version: created.version, fields: { city: 'Porto' } });
    expect(contentItemSchema.parse(first.json())).toMatchObject({
      version: created.version + 1,
      fields: { city: 'Porto', dateline_place: 'Lisbon' },
    });

    // Two editors save the same version at once: exactly one wins.
    const loaded = created.version + 1;
    const [a, b] = await Promise.all([
      callers.editor.patch(`/api/desk/content/${created.id}`, { version: loaded, fields: { tag_slugs: ['storms'], credit: 'A' } }),
      callers.admin.patch(`/api/desk/content/${created.id}`, { version: loaded, fields: { source: 'Pool' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    const winnerFields = a.statusCode === 409 ? 'source' : 'credit,tag_slugs';
    expect(errors(lost)[0]).toMatchObject({
      code: 'version_conflict',
      meta: { current_version: String(loaded + 1), changed_fields: winnerFields, saved_by: expect.any(String) as unknown },
    });

    // Stale by two saves: the fields of both are named.
    const now = contentItemSchema.parse((await callers.editor.get(`/api/desk/content/${created.id}`)).json());
    await callers.editor.patch(`/api/desk/content/${created.id}`, { version: now.version, fields: { is_360: true } });
    const stale = await callers.admin.patch(`/api/desk/content/${created.id}`, { version: created.version, fields: { city: 'Faro' } });
    expect(errors(stale)[0]?.meta?.changed_fields?.split(',')).toEqual(expect.arrayContaining(['city', 'is_360']));

    const bad = await callers.editor.patch(`/api/desk/content/${created.id}`, { version: now.version, fields: { access: 'gratis' } });
    expect(bad.statusCode).toBe(422);
  });

  it('the desk finds drafts, scheduled, withheld and killed stories by text, state, editor and date', async () => {
    const word = uniqueWord();
    const draft = await storyWithMaster(t, editorActor(), { headline: `Draft ${word}` });
    const killed = await storyWithMaster(t, editorActor(), { headline: `Killed ${word}`, state: 'killed' });
    const all = contentListSchema.parse((await callers.editor.get(`/api/desk/content?q=${word}`)).json());
    expect(all.items.map((item) => item.id).sort()).toEqual([draft.id, killed.id].sort());
    const onlyKilled = contentListSchema.parse((await callers.editor.get(`/api/desk/content?q=${word}&state=killed`)).json());
    expect(onlyKilled.items.map((item) => item.id)).toEqual([killed.id]);
    const byOther = contentListSchema.parse(
      (await callers.editor.get(`/api/desk/content?q=${word}&editor_id=${callers.ids.admin}`)).json(),
    );
    expect(byOther.items).toEqual([]);
    const today = t.services.clock.now().toISOString().slice(0, 10);
    const dated = contentListSchema.parse((await callers.editor.get(`/api/desk/content?q=${word}&from=${today}&to=${today}`)).json());
    expect(dated.count).toBe(2);
    const before = contentListSchema.parse((await callers.editor.get(`/api/desk/content?q=${word}&to=2020-01-01`)).json());
    expect(before.count).toBe(0);
    const wildcard = contentListSchema.parse((await callers.editor.get('/api/desk/content?q=%25%25%25')).json());
    expect(wildcard.count).toBe(0);
  });
});

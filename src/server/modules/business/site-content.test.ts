import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, latestReleaseNoteResponseSchema, termsOfServiceSchema } from '../../../common/accounts.ts';
import { contentPageSchema } from '../../../common/catalogue.ts';
import {
  deskPageSchema,
  deskPagesSchema,
  deskReleaseNoteSchema,
  deskReleaseNotesSchema,
  deskTermsSchema,
  type ReleaseNoteBody,
} from '../../../common/desk-site-content.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { seedCatalogueContent } from '../catalogue/seed.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';

/**
 * The business desk's site content (issue 29): the authorisation table over every call, and what
 * customers and visitors notice: the published note is the one they are asked to accept, a new
 * terms version asks everyone again, an edited page is what the public page answers, in its
 * language only; scripts never reach anyone; each change is in the audit log.
 */
let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(async () => t.close());

const note = (label: string): ReleaseNoteBody => ({
  titles: { en: `${label} in English`, es: `${label} en español`, ru: `${label} по-русски`, ar: `${label} بالعربية` },
  texts: { en: `What is new: ${label}.`, es: `Novedades: ${label}.`, ru: `Что нового: ${label}.`, ar: `ما الجديد: ${label}.` },
});
const writeNote = async (label: string) =>
  deskReleaseNoteSchema.parse((await callers.sales.post('/api/desk/site/release_notes', note(label))).json());
const act = (id: number, action: 'publish' | 'unpublish') => callers.sales.post(`/api/desk/site/release_notes/${id}/${action}`);
const latestNote = async () =>
  latestReleaseNoteResponseSchema.parse((await new Browser(t.app).get('/api/system/latest_release_notes')).json());
const me = async (who: Browser) => currentUserSchema.parse((await who.get('/api/current_user')).json());
const auditOf = (subject: string, subjectId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subject as 'release_note'), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.id));

describe('site content at the business desk', () => {
  it('each caller gets exactly their rights: the sales role and admins; staff without it 403; everyone else finds no desk', async () => {
    const written = await writeNote('Table');
    const terms = deskTermsSchema.parse((await callers.sales.get('/api/desk/site/terms')).json());
    const sales = (ok: number) => deskExpectation('sales', ok);
    const calls: Record<string, StatusCall> = {
      'GET release notes': { call: async (who) => (await who.get('/api/desk/site/release_notes')).statusCode, expected: sales(200) },
      'POST a release note (blank: 422)': {
        call: async (who) => (await who.post('/api/desk/site/release_notes', { titles: {}, texts: {} })).statusCode,
        expected: sales(422),
      },
      'PATCH a release note': {
        call: async (who) => (await who.patch(`/api/desk/site/release_notes/${written.id}`, note('Table'))).statusCode,
        expected: sales(200),
      },
      'POST unpublish (not published: 409)': {
        call: async (who) => (await who.post(`/api/desk/site/release_notes/${written.id}/unpublish`)).statusCode,
        expected: sales(409),
      },
      'GET the terms': { call: async (who) => (await who.get('/api/desk/site/terms')).statusCode, expected: sales(200) },
      'POST terms (an old version: 409)': {
        call: async (who) =>
          (
            await who.post('/api/desk/site/terms', {
              previous_version: terms.version - 1,
              content: { en: '<h2>x</h2>' },
              popup_content: { en: 'x' },
            })
          ).statusCode,
        expected: sales(409),
      },
      'GET pages': { call: async (who) => (await who.get('/api/desk/site/pages')).statusCode, expected: sales(200) },
      'GET a page': { call: async (who) => (await who.get('/api/desk/site/pages/impressum/es')).statusCode, expected: sales(200) },
      'PUT a page (blank: 422)': {
        call: async (who) => (await who.put('/api/desk/site/pages/impressum/es', { title: '', html: '' })).statusCode,
        expected: sales(422),
      },
      'POST a preview': {
        call: async (who) => (await who.post('/api/desk/site/previews', { html: '<h2>A</h2><p>b</p>' })).statusCode,
        expected: sales(200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('a published note is what customers are asked to accept; a newer one asks again; unpublished is not shown', async () => {
    const { browser: customer } = await agreementFixtures(t).signedIn({ userGroup: 'customer' });
    const first = await writeNote('First');
    expect(first).toMatchObject({ published: false, published_at: null, title_ar: 'First بالعربية', accepted_count: 0 });
    expect((await latestNote())?.id).not.toBe(first.id);

    const published = deskReleaseNoteSchema.parse((await act(first.id, 'publish')).json());
    expect(published.published_at).not.toBeNull();
    expect(await latestNote()).toMatchObject({ id: first.id, title_es: 'First en español', text_ru: 'Что нового: First.' });
    expect((await act(first.id, 'publish')).statusCode).toBe(409);
    expect((await customer.post('/api/current_user/accept_release_note', { id: first.id })).statusCode).toBe(200);
    expect(String(first.id) in (await me(customer)).accepted_release_notes).toBe(true);

    const second = await writeNote('Second');
    expect((await latestNote())?.id).toBe(first.id); // written, not yet published
    await act(second.id, 'publish');
    expect((await latestNote())?.id).toBe(second.id);
    expect(String(second.id) in (await me(customer)).accepted_release_notes).toBe(false); // asked again

    await act(second.id, 'unpublish');
    expect((await latestNote())?.id).toBe(first.id);
    // Unpublished while a customer had it open: it can still be dismissed; a draft never shown cannot be accepted.
    expect((await customer.post('/api/current_user/accept_release_note', { id: second.id })).statusCode).toBe(200);
    const draft = await writeNote('Draft');
    expect(codes(await customer.post('/api/current_user/accept_release_note', { id: draft.id }))).toEqual(['release_note_not_found']);
    const listed = deskReleaseNotesSchema.parse((await callers.sales.get('/api/desk/site/release_notes')).json()).release_notes;
    expect(listed.find((row) => row.id === first.id)?.accepted_count).toBe(1);
    expect(listed[0]?.id).toBe(draft.id); // newest first
    expect((await auditOf('release_note', String(second.id))).map((entry) => entry.action)).toEqual([
      'release_note.unpublish',
      'release_note.publish',
      'release_note.create',
    ]);
    const [publishing] = (await auditOf('release_note', String(first.id))).filter((entry) => entry.action === 'release_note.publish');
    expect(publishing?.actorId).toBe(callers.ids.sales);
  });

  it('English is required, lengths are checked, other languages may be blank', async () => {
    const blankEnglish = await callers.sales.post('/api/desk/site/release_notes', { titles: { es: 'Hola' }, texts: { en: 'x' } });
    expect(blankEnglish.statusCode).toBe(422);
    expect(codes(blankEnglish)).toContain('required');
    const long = await callers.sales.post('/api/desk/site/release_notes', { titles: { en: 'x'.repeat(201) }, texts: { en: 'x' } });
    expect(codes(long)).toContain('max_length');
    const only = deskReleaseNoteSchema.parse(
      (
        await callers.sales.post('/api/desk/site/release_notes', { titles: { en: 'Only English' }, texts: { en: 'Line one\r\nLine two' } })
      ).json(),
    );
    expect(only).toMatchObject({ title_ar: '', text_en: 'Line one\nLine two' });
    expect((await callers.sales.patch('/api/desk/site/release_notes/999999', note('Nowhere'))).statusCode).toBe(404);
  });

  it("a new terms version makes the user's terms_accepted false until they accept; the terms page shows it", async () => {
    const { browser: customer } = await agreementFixtures(t).signedIn({ userGroup: 'customer' });
    await customer.post('/api/current_user/accept_terms_of_service');
    expect((await me(customer)).terms_accepted).toBe(true);
    const before = deskTermsSchema.parse((await callers.sales.get('/api/desk/site/terms')).json());
    expect(before.version).toBeGreaterThanOrEqual(1);

    const published = await callers.admin.post('/api/desk/site/terms', {
      previous_version: before.version,
      content: { en: '<h2>1. New rules</h2><p>Read them.</p><script>alert(1)</script>', ar: '<h2>١. قواعد جديدة</h2><p>اقرأها.</p>' },
      popup_content: { en: '<p onclick="steal()">We changed the terms.</p>' },
    });
    expect(published.statusCode).toBe(201);
    const after = deskTermsSchema.parse(published.json());
    expect(after.version).toBe(before.version + 1);
    expect(after.content.en).toBe('<h2>1. New rules</h2><p>Read them.</p>');
    expect(after.popup_content.en).toBe('<p>We changed the terms.</p>');

    expect((await me(customer)).terms_accepted).toBe(false);
    const shown = termsOfServiceSchema.parse((await customer.get('/api/terms_of_service?locale=es')).json());
    expect(shown).toMatchObject({ version: after.version, popup_content: '<p>We changed the terms.</p>' }); // Spanish blank: English
    await customer.post('/api/current_user/accept_terms_of_service');
    expect((await me(customer)).terms_accepted).toBe(true);

    const page = contentPageSchema.parse((await new Browser(t.app).get('/api/content/pages/terms-of-service?locale=ar')).json());
    expect(page.sections[0]?.caption).toBe('١. قواعد جديدة');
    expect(page.title).toBe('شروط الخدمة');
    const again = await callers.sales.post('/api/desk/site/terms', {
      previous_version: before.version,
      content: { en: '<h2>Stale</h2>' },
      popup_content: { en: 'Stale' },
    });
    expect(codes(again)).toEqual(['terms_changed']);
    const [entry] = await auditOf('terms', String(after.version));
    expect(entry).toMatchObject({ action: 'terms.publish', actorId: callers.ids.admin });
  });

  it('an edited page is what the public page answers in that language, at once; the others keep theirs; scripts are stripped', async () => {
    const visitor = new Browser(t.app);
    const publicPage = async (locale: string) =>
      contentPageSchema.parse((await visitor.get(`/api/content/pages/about?locale=${locale}`)).json());
    const englishBefore = await publicPage('en');
    await publicPage('ar'); // in the micro-cache now

    const saved = await callers.sales.put('/api/desk/site/pages/about/ar', {
      title: 'عن نيوزريل',
      html: '<h2>من نحن</h2><p>نص جديد <a href="javascript:alert(1)">رابط</a></p><script>alert(1)</script><img src=x onerror="alert(1)">',
    });
    expect(saved.statusCode).toBe(200);
    const page = deskPageSchema.parse(saved.json());
    expect(page.html).not.toMatch(/script|onerror|javascript:|<img/);

    const arabic = await publicPage('ar');
    expect(arabic.title).toBe('عن نيوزريل');
    expect(arabic.sections).toEqual([{ caption: 'من نحن', body: '<p>نص جديد <a rel="noopener noreferrer">رابط</a></p>' }]);
    expect(await publicPage('en')).toEqual(englishBefore);

    const listed = deskPagesSchema.parse((await callers.sales.get('/api/desk/site/pages')).json()).pages;
    expect(listed).toHaveLength(16);
    expect(listed.find((row) => row.slug === 'about' && row.locale === 'ar')?.title).toBe('عن نيوزريل');

    const onlyScript = await callers.sales.put('/api/desk/site/pages/about/ar', { title: 'x', html: '<script>alert(1)</script>' });
    expect(codes(onlyScript)).toEqual(['page_empty']);
    expect((await callers.sales.put('/api/desk/site/pages/terms-of-service/en', { title: 'x', html: '<p>x</p>' })).statusCode).toBe(422);
    expect((await callers.sales.put('/api/desk/site/pages/about/de', { title: 'x', html: '<p>x</p>' })).statusCode).toBe(422);

    await seedCatalogueContent(t.database.db, new Date()); // a restart's seed keeps what the desk wrote
    expect((await publicPage('ar')).title).toBe('عن نيوزريل');

    const [entry] = await auditOf('content_page', 'about/ar');
    expect(entry).toMatchObject({ action: 'content_page.update', actorId: callers.ids.sales });
    expect((entry?.after as { title: string }).title).toBe('عن نيوزريل');
    expect((entry?.before as { title: string }).title).toBe('من نحن');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CONTENT_FIELDS } from '../../../common/newsroom.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLog } from '../desk/schema.ts';
import { createDraft, getItem } from './items.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('content items', () => {
  it('a new draft has its own guid, the default fields with what was given, and its audit entry', async () => {
    const editor = await createUser(t.database.db, { isAdmin: true, deskRoles: ['editor'] });
    const ctx = { db: t.database.db, clock: t.services.clock };
    const draft = await createDraft(
      ctx,
      { userId: editor.id, ip: '192.0.2.5' },
      { fields: { language: 'ar' }, sourceName: 'storm.mp4', media: true },
    );
    const other = await createDraft(ctx, null, {});
    expect(draft).toMatchObject({ state: 'draft', version: 1, revision: 0, mediaState: 'uploading', sourceName: 'storm.mp4' });
    expect(draft.fields).toEqual({ ...EMPTY_CONTENT_FIELDS, language: 'ar' });
    expect(draft.guid).toMatch(/^urn:newsreel:item:[0-9a-f-]{36}$/);
    expect(other.guid).not.toBe(draft.guid);
    expect((await getItem(ctx, draft.id)).id).toBe(draft.id);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(draft.id)));
    expect(entries).toMatchObject([{ action: 'content_item.create', actorId: editor.id, ip: '192.0.2.5', subjectType: 'content_item' }]);
    await expect(getItem(ctx, 999_999)).rejects.toMatchObject({ status: 404 });
  });
});

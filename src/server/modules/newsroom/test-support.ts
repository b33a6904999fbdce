import { eq } from 'drizzle-orm';
import type { ContentFields, ContentState } from '../../../common/newsroom.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Actor } from '../desk/audit.ts';
import { createDraft } from './items.ts';
import { contentItems, type ContentItemRow } from './schema.ts';

/** A headline with a word of its own, so a search finds this story and no demo one. */
export const uniqueWord = () => `zebra${Math.random().toString(36).slice(2, 8)}`;

/** Fields that pass every publishing rule. */
export function publishableFields(headline: string): Partial<ContentFields> {
  return {
    language: 'en',
    texts: {
      en: { headline, script: 'Rescue teams reached the village at dawn.', shotlist: [{ timecode: '00:04', text: 'Wide of the valley' }] },
    },
    dateline_place: 'Lisbon',
    dateline_date: '2026-11-20',
    tag_slugs: [],
    source: 'Newsreel',
    credit: 'Newsreel / Ana Silva',
    access: 'free',
    one_off_price_cents: null,
    formats: ['clean', 'branded', 'credit'],
  };
}

/**
 * A story whose master is in (as an upload leaves it: ready, probed), in the given state: the way
 * tests reach every state without walking the life cycle each time.
 */
export async function storyWithMaster(
  t: TestApp,
  actor: Actor | null,
  options: { headline?: string; state?: ContentState; revision?: number; fields?: Partial<ContentFields> } = {},
): Promise<ContentItemRow> {
  const ctx = { db: t.database.db, clock: t.services.clock };
  const draft = await createDraft(ctx, actor, { fields: { ...publishableFields(options.headline ?? uniqueWord()), ...options.fields } });
  const [row] = await t.database.db
    .update(contentItems)
    .set({
      mediaState: 'ready',
      masterKey: `masters/desk-test-${draft.id}.mp4`,
      probe: {
        container: 'mov,mp4,m4a,3gp,3g2,mj2',
        duration_seconds: 10,
        video_codec: 'h264',
        width: 1920,
        height: 1080,
        frame_rate: 25,
        audio_codec: 'aac',
        audio_channels: 2,
        size_bytes: 1_000_000,
      },
      state: options.state ?? 'draft',
      revision: options.revision ?? (options.state && !['draft', 'scheduled'].includes(options.state) ? 1 : 0),
    })
    .where(eq(contentItems.id, draft.id))
    .returning();
  if (!row) throw new Error('no story');
  return row;
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EMPTY_CONTENT_FIELDS, type ContentFields } from '../../../common/newsroom.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { contentItems, type ContentItemRow } from './schema.ts';

export type NewsroomContext = Pick<ServiceContext, 'db' | 'clock'>;

export const contentItemNotFound = () => new NotFound({ code: 'content_item_not_found', message: 'No story with this id' });

/**
 * A new draft: a story the desk starts by hand, or one an upload or the drop folder starts with
 * its master on the way (`media`). Written to the audit log with the item.
 */
export async function createDraft(
  ctx: NewsroomContext,
  actor: Actor | null,
  input: { fields?: Partial<ContentFields>; sourceName?: string; media?: boolean },
): Promise<ContentItemRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentItems)
      .values({
        guid: `urn:newsreel:item:${randomUUID()}`,
        fields: { ...EMPTY_CONTENT_FIELDS, ...input.fields },
        mediaState: input.media ? 'uploading' : 'none',
        sourceName: input.sourceName ?? null,
        createdById: actor?.userId ?? null,
        updatedById: actor?.userId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('the content item was not written');
    await recordAudit(tx, actor, { action: 'content_item.create', subject: 'content_item', subjectId: row.id, after: row }, now);
    return row;
  });
}

export async function getItem(ctx: NewsroomContext, id: number): Promise<ContentItemRow> {
  const [row] = await ctx.db.select().from(contentItems).where(eq(contentItems.id, id));
  if (!row) throw contentItemNotFound();
  return row;
}

import { and, eq } from 'drizzle-orm';
import { listIdSchema } from '../../../common/lists.ts';
import type { Db } from '../../db/client.ts';
import { lists } from './schema.ts';

/**
 * The shell's view of /{locale}/lists/{id}: a public list's title, else nothing, so a private list's
 * link answers 404 like an unknown path (docs/decisions.md "Lists").
 */
export function publicListTitle(db: Db) {
  return async (publicId: string): Promise<{ title: string } | null> => {
    if (!listIdSchema.safeParse(publicId).success) return null;
    const [row] = await db
      .select({ title: lists.title })
      .from(lists)
      .where(and(eq(lists.publicId, publicId), eq(lists.isPublic, true)));
    return row ?? null;
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { TERMS_V1 } from './data/terms.ts';
import { termsVersions } from './schema.ts';

/** Content every install needs: the current terms of service. Idempotent. */
export async function seedAccountsContent(db: Db, now: Date): Promise<void> {
  await db
    .insert(termsVersions)
    .values({ version: TERMS_V1.version, publishedAt: now, popupContent: TERMS_V1.popupContent, content: TERMS_V1.content })
    .onConflictDoUpdate({
      target: termsVersions.version,
      set: { popupContent: sql`excluded.popup_content`, content: sql`excluded.content` },
    });
}

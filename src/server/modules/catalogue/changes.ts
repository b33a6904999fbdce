import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueChanges } from './schema.ts';

const ROW = 1;

/** Says the catalogue changed; call it in the transaction of the change, so readers see both at once. */
export async function markCatalogueChanged(tx: Pick<Db, 'insert'>): Promise<void> {
  await tx
    .insert(catalogueChanges)
    .values({ id: ROW, generation: 1 })
    .onConflictDoUpdate({ target: catalogueChanges.id, set: { generation: sql`${catalogueChanges.generation} + 1` } });
}

export async function catalogueGeneration(db: Db): Promise<number> {
  const [row] = await db.select({ generation: catalogueChanges.generation }).from(catalogueChanges).where(eq(catalogueChanges.id, ROW));
  return row?.generation ?? 0;
}

/**
 * This process's view of the generation, read every `intervalMs`: what the micro-cache compares its
 * entries with. A failed read keeps the last value (the next one catches up).
 */
export function watchCatalogueChanges(db: Db, intervalMs = 1000): { generation(): number; stop(): void } {
  let current = 0;
  let reading = false;
  const read = async () => {
    if (reading) return;
    reading = true;
    try {
      current = await catalogueGeneration(db);
    } catch {
      // The database busy or closing: the next tick reads again.
    } finally {
      reading = false;
    }
  };
  void read();
  const timer = setInterval(() => void read(), intervalMs);
  timer.unref();
  return { generation: () => current, stop: () => clearInterval(timer) };
}

import type { Db } from '../db/client.ts';

/**
 * Demo data for the embedded default (never run silently against a configured database).
 * Features add their demo rows here as they land: accounts, catalogue, live events.
 */
export async function seedDemoData(_db: Db): Promise<void> {
  // The foundation has reference data only; it is seeded for every install by prepareDatabase.
}

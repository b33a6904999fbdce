import { seedAccountsContent } from '../modules/accounts/seed.ts';
import { seedCatalogueContent } from '../modules/catalogue/seed.ts';
import { seedReferenceData } from '../modules/reference/seed.ts';
import type { Database } from './client.ts';

/**
 * Brings a database to the current schema and reference data; demo data only when asked. One
 * process at a time: several starting together on a new database would apply the same migration
 * twice (the second crashed on a duplicate key).
 */
export async function prepareDatabase(database: Database, options: { seedDemo: boolean }): Promise<void> {
  await database.exclusively(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedAccountsContent(database.db, new Date());
    await seedCatalogueContent(database.db, new Date());
    if (options.seedDemo) {
      const { seedDemoData } = await import('../seed/demo.ts');
      await seedDemoData(database.db);
    }
  });
}

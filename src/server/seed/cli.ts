import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';

/** `npm run seed`: migrate, then seed reference and demo data into the configured database. */
const config = parseConfig(process.env);
const database = await openDatabase(config);
try {
  await prepareDatabase(database, { seedDemo: true });
  console.log(`Seeded ${database.kind === 'pglite' ? `${config.dataDir}/db` : 'the PostgreSQL database'}.`);
} finally {
  await database.close();
}

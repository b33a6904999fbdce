import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { COMPANY_TYPES } from './data/company-types.ts';
import { COUNTRIES_BY_REGION, COUNTRIES_WITHOUT_REGION } from './data/countries.ts';
import { JOB_TITLES } from './data/job-titles.ts';
import { REGIONS } from './data/regions.ts';
import { companyTypes, countries, jobTitles, regions } from './schema.ts';
import { isEuCountry } from './service.ts';

/**
 * Reference data every install needs (production included). Idempotent: existing rows are
 * updated in place, ids never change, so references from users and videos stay valid.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(regions)
      .values(REGIONS.map((region, position) => ({ slug: region.slug, names: region.names, position })))
      .onConflictDoUpdate({ target: regions.slug, set: { names: sql`excluded.names`, position: sql`excluded.position` } });
    const regionRows = await tx.select({ id: regions.id, slug: regions.slug }).from(regions);
    const regionId = new Map(regionRows.map((row) => [row.slug, row.id]));

    const regionOf = new Map<string, number | null>();
    for (const [slug, codes] of Object.entries(COUNTRIES_BY_REGION))
      for (const code of codes) regionOf.set(code, regionId.get(slug) ?? null);
    for (const code of COUNTRIES_WITHOUT_REGION) regionOf.set(code, null);
    const codes = [...regionOf.keys()].sort();
    await tx
      .insert(countries)
      .values(codes.map((code, index) => ({ id: index + 1, code, eu: isEuCountry(code), regionId: regionOf.get(code) ?? null })))
      .onConflictDoUpdate({ target: countries.code, set: { eu: sql`excluded.eu`, regionId: sql`excluded.region_id` } });

    await tx
      .insert(companyTypes)
      .values(COMPANY_TYPES.map((type, position) => ({ slug: type.slug, names: type.names, position })))
      .onConflictDoUpdate({ target: companyTypes.slug, set: { names: sql`excluded.names`, position: sql`excluded.position` } });
    await tx
      .insert(jobTitles)
      .values(JOB_TITLES.map((title, position) => ({ slug: title.slug, names: title.names, position })))
      .onConflictDoUpdate({ target: jobTitles.slug, set: { names: sql`excluded.names`, position: sql`excluded.position` } });
  });
}

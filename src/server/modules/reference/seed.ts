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
 * updated in place, ids never change, so references from users and videos stay valid. A start
 * whose reference data is already as here writes nothing (rewriting it cost each start a third of a second).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  if (await referenceDataStored(db)) return;
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

/** Names by locale, whatever order the keys come in (jsonb keeps its own). */
const sameNames = (a: unknown, b: unknown) =>
  JSON.stringify(Object.entries(a as object).sort()) === JSON.stringify(Object.entries(b as object).sort());

/** Whether every reference row is stored as the data here says: names, positions, regions and EU membership. */
async function referenceDataStored(db: Db): Promise<boolean> {
  const [storedRegions, storedCountries, storedTypes, storedTitles] = await Promise.all([
    db.select({ slug: regions.slug, names: regions.names, position: regions.position, id: regions.id }).from(regions),
    db.select({ code: countries.code, eu: countries.eu, regionId: countries.regionId }).from(countries),
    db.select({ slug: companyTypes.slug, names: companyTypes.names, position: companyTypes.position }).from(companyTypes),
    db.select({ slug: jobTitles.slug, names: jobTitles.names, position: jobTitles.position }).from(jobTitles),
  ]);
  const named = (rows: { slug: string; names: unknown; position: number }[], wanted: readonly { slug: string; names: unknown }[]) => {
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    return wanted.every((item, position) => {
      const row = bySlug.get(item.slug);
      return row?.position === position && sameNames(row.names, item.names);
    });
  };
  if (!named(storedRegions, REGIONS) || !named(storedTypes, COMPANY_TYPES) || !named(storedTitles, JOB_TITLES)) return false;
  const regionId = new Map(storedRegions.map((row) => [row.slug, row.id]));
  const wantedRegion = new Map<string, number | null>();
  for (const [slug, codes] of Object.entries(COUNTRIES_BY_REGION))
    for (const code of codes) wantedRegion.set(code, regionId.get(slug) ?? null);
  for (const code of COUNTRIES_WITHOUT_REGION) wantedRegion.set(code, null);
  const byCode = new Map(storedCountries.map((row) => [row.code, row]));
  return [...wantedRegion].every(([code, region]) => {
    const row = byCode.get(code);
    return row !== undefined && row.regionId === region && row.eu === isEuCountry(code);
  });
}

import { asc } from 'drizzle-orm';
import {
  EU_COUNTRY_CODES,
  type CompanyType,
  type Country,
  type JobTitle,
  type LocaleEntry,
  type Region,
  type TimeZone,
} from '../../../common/reference.ts';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { TIME_ZONES } from './data/time-zones.ts';
import { companyTypes, countries, jobTitles, regions } from './schema.ts';

export type ReferenceContext = { db: Db; now?: () => Date };

export function listLocales(): LocaleEntry[] {
  return LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] }));
}

/** Current UTC offset of an IANA zone, in minutes east of UTC. */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function zoneName(zone: string): string {
  if (zone === 'Etc/UTC') return 'UTC';
  if (zone.startsWith('Etc/GMT')) return `International Date Line West`;
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/** Time zones sorted by their offset now, then by name (spec: accounts §3). */
export function listTimeZones(at: Date = new Date()): TimeZone[] {
  return TIME_ZONES.map((code) => {
    const minutes = zoneOffsetMinutes(code, at);
    return { code, name: zoneName(code), offset: formatOffset(minutes), offset_minutes: minutes };
  }).sort((a, b) => a.offset_minutes - b.offset_minutes || a.name.localeCompare(b.name));
}

export function isKnownTimeZone(code: string): boolean {
  return TIME_ZONES.includes(code);
}

const regionNames = new Map<Locale, Intl.DisplayNames>();
export function countryName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

export async function listCountries(ctx: ReferenceContext, locale: Locale): Promise<Country[]> {
  const rows = await ctx.db.select().from(countries).orderBy(asc(countries.id));
  const collator = new Intl.Collator(locale);
  return rows
    .map((row) => ({ id: row.id, code: row.code, name: countryName(row.code, locale), eu: row.eu, region_id: row.regionId }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export async function listRegions(ctx: ReferenceContext, locale: Locale): Promise<Region[]> {
  const rows = await ctx.db.select().from(regions).orderBy(asc(regions.position), asc(regions.id));
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.names[locale] }));
}

export async function listCompanyTypes(ctx: ReferenceContext, locale: Locale): Promise<CompanyType[]> {
  const rows = await ctx.db.select().from(companyTypes).orderBy(asc(companyTypes.position), asc(companyTypes.id));
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.names[locale] }));
}

export async function listJobTitles(ctx: ReferenceContext, locale: Locale): Promise<JobTitle[]> {
  const rows = await ctx.db.select().from(jobTitles).orderBy(asc(jobTitles.position), asc(jobTitles.id));
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.names[locale] }));
}

export function isEuCountry(code: string): boolean {
  return (EU_COUNTRY_CODES as readonly string[]).includes(code.toUpperCase());
}

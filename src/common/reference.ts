import { z } from 'zod';
import { LOCALES } from './locales.ts';

/** Reference data payloads (spec: accounts §3 "Locale", "Timezone", "Reference data"). */
export const localeEntrySchema = z.object({ code: z.enum(LOCALES), name: z.string() });
export const localesResponseSchema = z.array(localeEntrySchema);

/** `offset` is the zone's current UTC offset as "+HH:MM"; `offset_minutes` is the same in minutes. */
export const timeZoneSchema = z.object({
  code: z.string(),
  name: z.string(),
  offset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
  offset_minutes: z.number().int(),
});
export const timeZonesResponseSchema = z.array(timeZoneSchema);

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string().length(2),
  name: z.string(),
  /** The 27 EU member states plus the United Kingdom (spec: accounts §3). */
  eu: z.boolean(),
  region_id: z.number().int().nullable(),
});
export const countriesResponseSchema = z.array(countrySchema);

export const regionSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const regionsResponseSchema = z.array(regionSchema);

export const companyTypeSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const companyTypesResponseSchema = z.array(companyTypeSchema);

export const jobTitleSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const jobTitlesResponseSchema = z.array(jobTitleSchema);

export type LocaleEntry = z.infer<typeof localeEntrySchema>;
export type TimeZone = z.infer<typeof timeZoneSchema>;
export type Country = z.infer<typeof countrySchema>;
export type Region = z.infer<typeof regionSchema>;
export type CompanyType = z.infer<typeof companyTypeSchema>;
export type JobTitle = z.infer<typeof jobTitleSchema>;

/** Spec: accounts §3 — EU flag derived from the 27 EU states plus UK. */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'GB',
] as const;

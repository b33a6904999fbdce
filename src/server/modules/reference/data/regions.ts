import type { Locale } from '../../../../common/locales.ts';

export type LocalizedNames = Record<Locale, string>;

/** News regions, in the order they are listed to users. */
export const REGIONS: readonly { slug: string; names: LocalizedNames }[] = [
  { slug: 'europe', names: { en: 'Europe', es: 'Europa', ru: 'Европа', ar: 'أوروبا' } },
  { slug: 'middle-east', names: { en: 'Middle East', es: 'Oriente Medio', ru: 'Ближний Восток', ar: 'الشرق الأوسط' } },
  { slug: 'asia', names: { en: 'Asia', es: 'Asia', ru: 'Азия', ar: 'آسيا' } },
  { slug: 'africa', names: { en: 'Africa', es: 'África', ru: 'Африка', ar: 'أفريقيا' } },
  { slug: 'north-america', names: { en: 'North America', es: 'Norteamérica', ru: 'Северная Америка', ar: 'أمريكا الشمالية' } },
  { slug: 'latin-america', names: { en: 'Latin America', es: 'América Latina', ru: 'Латинская Америка', ar: 'أمريكا اللاتينية' } },
  { slug: 'oceania', names: { en: 'Oceania', es: 'Oceanía', ru: 'Океания', ar: 'أوقيانوسيا' } },
];

import type { Locale } from '../../../../common/locales.ts';

export type LocalizedText = Record<Locale, string>;

/**
 * News categories of the demo catalogue. The first three lead the list because the home page
 * shows them first; the rest follow the order of a typical agency desk.
 */
export const CATEGORIES: readonly { slug: string; names: LocalizedText }[] = [
  { slug: 'politics', names: { en: 'Politics', es: 'Política', ru: 'Политика', ar: 'السياسة' } },
  { slug: 'society', names: { en: 'Society', es: 'Sociedad', ru: 'Общество', ar: 'المجتمع' } },
  {
    slug: 'cultural-events-and-celebrations',
    names: {
      en: 'Cultural events and celebrations',
      es: 'Cultura y celebraciones',
      ru: 'Культурные события и праздники',
      ar: 'الفعاليات الثقافية والاحتفالات',
    },
  },
  { slug: 'economy', names: { en: 'Economy', es: 'Economía', ru: 'Экономика', ar: 'الاقتصاد' } },
  { slug: 'world', names: { en: 'World', es: 'Internacional', ru: 'В мире', ar: 'العالم' } },
  { slug: 'conflicts', names: { en: 'Conflicts', es: 'Conflictos', ru: 'Конфликты', ar: 'النزاعات' } },
  {
    slug: 'disasters-and-accidents',
    names: { en: 'Disasters and accidents', es: 'Catástrofes y accidentes', ru: 'Катастрофы и происшествия', ar: 'الكوارث والحوادث' },
  },
  { slug: 'environment', names: { en: 'Environment', es: 'Medio ambiente', ru: 'Экология', ar: 'البيئة' } },
  {
    slug: 'science-and-technology',
    names: { en: 'Science and technology', es: 'Ciencia y tecnología', ru: 'Наука и технологии', ar: 'العلوم والتكنولوجيا' },
  },
  { slug: 'health', names: { en: 'Health', es: 'Salud', ru: 'Здоровье', ar: 'الصحة' } },
  { slug: 'sport', names: { en: 'Sport', es: 'Deportes', ru: 'Спорт', ar: 'الرياضة' } },
  {
    slug: 'crime-and-justice',
    names: { en: 'Crime and justice', es: 'Justicia y sucesos', ru: 'Криминал и правосудие', ar: 'الجريمة والقضاء' },
  },
];

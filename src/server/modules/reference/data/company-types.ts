import type { LocalizedNames } from './regions.ts';

/** Company types for the enterprise request form (spec: accounts §3); "other" lets the user specify. */
export const COMPANY_TYPES: readonly { slug: string; names: LocalizedNames }[] = [
  { slug: 'tv-broadcaster', names: { en: 'TV broadcaster', es: 'Cadena de televisión', ru: 'Телеканал', ar: 'قناة تلفزيونية' } },
  { slug: 'news-agency', names: { en: 'News agency', es: 'Agencia de noticias', ru: 'Информационное агентство', ar: 'وكالة أنباء' } },
  { slug: 'online-media', names: { en: 'Online media', es: 'Medio digital', ru: 'Интернет-СМИ', ar: 'وسيلة إعلام رقمية' } },
  {
    slug: 'newspaper-magazine',
    names: { en: 'Newspaper or magazine', es: 'Periódico o revista', ru: 'Газета или журнал', ar: 'صحيفة أو مجلة' },
  },
  { slug: 'production-company', names: { en: 'Production company', es: 'Productora', ru: 'Продакшн-компания', ar: 'شركة إنتاج' } },
  { slug: 'radio', names: { en: 'Radio station', es: 'Emisora de radio', ru: 'Радиостанция', ar: 'محطة إذاعية' } },
  {
    slug: 'agency-pr',
    names: {
      en: 'Advertising or PR agency',
      es: 'Agencia de publicidad o RR. PP.',
      ru: 'Рекламное или PR-агентство',
      ar: 'وكالة إعلان أو علاقات عامة',
    },
  },
  {
    slug: 'corporate',
    names: { en: 'Corporate communications', es: 'Comunicación corporativa', ru: 'Корпоративные коммуникации', ar: 'اتصالات مؤسسية' },
  },
  {
    slug: 'education-research',
    names: { en: 'Education or research', es: 'Educación o investigación', ru: 'Образование или наука', ar: 'تعليم أو بحث' },
  },
  {
    slug: 'government-ngo',
    names: { en: 'Government or NGO', es: 'Gobierno u ONG', ru: 'Госорган или НКО', ar: 'جهة حكومية أو منظمة غير حكومية' },
  },
  { slug: 'other', names: { en: 'Other', es: 'Otro', ru: 'Другое', ar: 'أخرى' } },
];

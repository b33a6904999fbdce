import type { LocalizedNames } from './regions.ts';

/** Job titles for the enterprise request and booking forms (spec: accounts §3). */
export const JOB_TITLES: readonly { slug: string; names: LocalizedNames }[] = [
  { slug: 'editor-in-chief', names: { en: 'Editor-in-chief', es: 'Director de informativos', ru: 'Главный редактор', ar: 'رئيس التحرير' } },
  { slug: 'news-editor', names: { en: 'News editor', es: 'Editor de noticias', ru: 'Выпускающий редактор', ar: 'محرر أخبار' } },
  { slug: 'producer', names: { en: 'Producer', es: 'Productor', ru: 'Продюсер', ar: 'منتج' } },
  { slug: 'journalist', names: { en: 'Journalist', es: 'Periodista', ru: 'Журналист', ar: 'صحفي' } },
  { slug: 'video-editor', names: { en: 'Video editor', es: 'Editor de vídeo', ru: 'Видеомонтажёр', ar: 'محرر فيديو' } },
  { slug: 'planning-desk', names: { en: 'Planning desk', es: 'Mesa de planificación', ru: 'Отдел планирования', ar: 'مكتب التخطيط' } },
  {
    slug: 'acquisitions',
    names: { en: 'Content acquisitions', es: 'Adquisición de contenidos', ru: 'Закупка контента', ar: 'شراء المحتوى' },
  },
  {
    slug: 'technical',
    names: { en: 'Technical or broadcast engineer', es: 'Ingeniero técnico', ru: 'Технический специалист', ar: 'مهندس بث' },
  },
  { slug: 'management', names: { en: 'Management', es: 'Dirección', ru: 'Руководство', ar: 'الإدارة' } },
  { slug: 'other', names: { en: 'Other', es: 'Otro', ru: 'Другое', ar: 'أخرى' } },
];

import type { Locale } from '../../../common/locales.ts';

/** The words of a push's title in each locale (the body is the news item's own title). */
export const PUSH_TEXTS: Record<Locale, { breaking: string; liveNow: string; newVideo: string }> = {
  en: { breaking: 'Breaking', liveNow: 'Live now', newVideo: 'New video in #{{tag}}' },
  es: { breaking: 'Última hora', liveNow: 'En directo ahora', newVideo: 'Nuevo vídeo en #{{tag}}' },
  ru: { breaking: 'Срочно', liveNow: 'Сейчас в эфире', newVideo: 'Новое видео в #{{tag}}' },
  ar: { breaking: 'عاجل', liveNow: 'مباشر الآن', newVideo: 'فيديو جديد في #{{tag}}' },
};

import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/** E-mails of saved searches (issue 30): a match told at once, and the daily digest. */
export const SAVED_SEARCH_MAIL_KINDS = ['saved_search_match', 'saved_search_digest'] as const;

/**
 * Match: `{{name}}` is the search's name, `{{item}}` the video's title, `{{link}}` the video.
 * Digest: `{{item}}` is how many videos; each is listed as a fact (the search's name: the title);
 * `{{link}}` is the saved searches page.
 */
export const SAVED_SEARCH_TEXTS: Record<Locale, Record<(typeof SAVED_SEARCH_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    saved_search_match: {
      subject: 'New video for “{{name}}”: {{item}}',
      heading: 'A new video matches your saved search',
      paragraphs: ['“{{item}}” matches your saved search “{{name}}”.'],
      action: 'Watch the video',
      ignore: 'You receive this e-mail because you asked to hear of new matches of this search. Change it in your saved searches.',
    },
    saved_search_digest: {
      subject: 'New videos for your saved searches ({{item}})',
      heading: 'New videos for your saved searches',
      paragraphs: ['Since the last digest, these videos matched your saved searches ({{item}} in all):'],
      action: 'Open my saved searches',
      ignore: 'You receive this daily digest because you asked for it on your saved searches. Change it there.',
    },
  },
  es: {
    saved_search_match: {
      subject: 'Nuevo vídeo para «{{name}}»: {{item}}',
      heading: 'Un vídeo nuevo coincide con tu búsqueda guardada',
      paragraphs: ['«{{item}}» coincide con tu búsqueda guardada «{{name}}».'],
      action: 'Ver el vídeo',
      ignore: 'Recibes este correo porque pediste avisos de esta búsqueda. Puedes cambiarlo en tus búsquedas guardadas.',
    },
    saved_search_digest: {
      subject: 'Vídeos nuevos para tus búsquedas guardadas ({{item}})',
      heading: 'Vídeos nuevos para tus búsquedas guardadas',
      paragraphs: ['Desde el último resumen, estos vídeos coinciden con tus búsquedas guardadas ({{item}} en total):'],
      action: 'Abrir mis búsquedas guardadas',
      ignore: 'Recibes este resumen diario porque lo pediste en tus búsquedas guardadas. Puedes cambiarlo allí.',
    },
  },
  ru: {
    saved_search_match: {
      subject: 'Новое видео по запросу «{{name}}»: {{item}}',
      heading: 'Новое видео по вашему сохранённому поиску',
      paragraphs: ['«{{item}}» подходит под ваш сохранённый поиск «{{name}}».'],
      action: 'Смотреть видео',
      ignore: 'Вы получили это письмо, потому что подписались на новые результаты этого поиска. Изменить это можно в сохранённых поисках.',
    },
    saved_search_digest: {
      subject: 'Новые видео по сохранённым поискам ({{item}})',
      heading: 'Новые видео по вашим сохранённым поискам',
      paragraphs: ['С прошлой сводки под ваши сохранённые поиски подошли эти видео (всего {{item}}):'],
      action: 'Открыть сохранённые поиски',
      ignore: 'Вы получили эту ежедневную сводку, потому что включили её в сохранённых поисках. Изменить это можно там же.',
    },
  },
  ar: {
    saved_search_match: {
      subject: 'فيديو جديد لـ«{{name}}»: {{item}}',
      heading: 'فيديو جديد يطابق بحثك المحفوظ',
      paragraphs: ['«{{item}}» يطابق بحثك المحفوظ «{{name}}».'],
      action: 'شاهد الفيديو',
      ignore: 'تصلك هذه الرسالة لأنك طلبت إعلامك بالنتائج الجديدة لهذا البحث. يمكنك تغيير ذلك في عمليات البحث المحفوظة.',
    },
    saved_search_digest: {
      subject: 'فيديوهات جديدة لعمليات بحثك المحفوظة ({{item}})',
      heading: 'فيديوهات جديدة لعمليات بحثك المحفوظة',
      paragraphs: ['منذ الملخص الأخير، طابقت هذه الفيديوهات عمليات بحثك المحفوظة ({{item}} في المجموع):'],
      action: 'افتح عمليات البحث المحفوظة',
      ignore: 'يصلك هذا الملخص اليومي لأنك طلبته في عمليات البحث المحفوظة. يمكنك تغيير ذلك هناك.',
    },
  },
};

import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/** E-mails to customers who downloaded a story the newsroom then corrected or killed (issue 24). */
export const NEWSROOM_MAIL_KINDS = ['content_corrected', 'content_killed'] as const;

/** `{{item}}` is the story's title, `{{name}}` the correction's note or the kill's reason, `{{link}}` my content. */
export const NEWSROOM_TEXTS: Record<Locale, Record<(typeof NEWSROOM_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    content_corrected: {
      subject: 'Correction: {{item}}',
      heading: 'A video you downloaded has been corrected',
      paragraphs: ['The story "{{item}}" has been corrected.', 'Correction: {{name}}', 'Please use the corrected version from now on.'],
      action: 'Open my content',
      ignore: 'You receive this notice because you downloaded this video.',
    },
    content_killed: {
      subject: 'KILL – do not use: {{item}}',
      heading: 'Do not use this video',
      paragraphs: [
        'The story "{{item}}" has been killed. Do not use it, and remove it from anything not yet published.',
        'Reason: {{name}}',
      ],
      action: 'Open my content',
      ignore: 'You receive this notice because you downloaded this video.',
    },
  },
  es: {
    content_corrected: {
      subject: 'Corrección: {{item}}',
      heading: 'Un vídeo que descargó ha sido corregido',
      paragraphs: ['La noticia «{{item}}» ha sido corregida.', 'Corrección: {{name}}', 'Use a partir de ahora la versión corregida.'],
      action: 'Abrir mi contenido',
      ignore: 'Recibe este aviso porque descargó este vídeo.',
    },
    content_killed: {
      subject: 'ANULADO – no usar: {{item}}',
      heading: 'No use este vídeo',
      paragraphs: [
        'La noticia «{{item}}» ha sido anulada. No la use y retírela de todo lo que aún no se haya publicado.',
        'Motivo: {{name}}',
      ],
      action: 'Abrir mi contenido',
      ignore: 'Recibe este aviso porque descargó este vídeo.',
    },
  },
  ru: {
    content_corrected: {
      subject: 'Исправление: {{item}}',
      heading: 'Скачанное вами видео исправлено',
      paragraphs: ['Материал «{{item}}» исправлен.', 'Исправление: {{name}}', 'С этого момента используйте исправленную версию.'],
      action: 'Открыть мой контент',
      ignore: 'Вы получили это уведомление, потому что скачали это видео.',
    },
    content_killed: {
      subject: 'ОТОЗВАНО – не использовать: {{item}}',
      heading: 'Не используйте это видео',
      paragraphs: ['Материал «{{item}}» отозван. Не используйте его и уберите из всего, что ещё не опубликовано.', 'Причина: {{name}}'],
      action: 'Открыть мой контент',
      ignore: 'Вы получили это уведомление, потому что скачали это видео.',
    },
  },
  ar: {
    content_corrected: {
      subject: 'تصحيح: {{item}}',
      heading: 'تم تصحيح فيديو قمت بتنزيله',
      paragraphs: ['تم تصحيح القصة «{{item}}».', 'التصحيح: {{name}}', 'يُرجى استخدام النسخة المصححة من الآن فصاعدًا.'],
      action: 'افتح المحتوى الخاص بي',
      ignore: 'تصلك هذه الرسالة لأنك نزّلت هذا الفيديو.',
    },
    content_killed: {
      subject: 'سحب – لا تستخدم: {{item}}',
      heading: 'لا تستخدم هذا الفيديو',
      paragraphs: ['تم سحب القصة «{{item}}». لا تستخدمها، وأزلها من كل ما لم يُنشر بعد.', 'السبب: {{name}}'],
      action: 'افتح المحتوى الخاص بي',
      ignore: 'تصلك هذه الرسالة لأنك نزّلت هذا الفيديو.',
    },
  },
};

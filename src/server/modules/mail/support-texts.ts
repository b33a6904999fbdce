import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/**
 * E-mails of the support inbox (spec accounts §2, live chat and feedback): the answer to feedback sent
 * from the bubble (`{{item}}` is the answer; the customer's message follows, labelled), and the notice
 * of a chat reply the customer has not read (`{{item}}` is the reply).
 */
export const SUPPORT_MAIL_KINDS = ['support_reply', 'support_reply_waiting'] as const;

/** The label of the customer's own message under the answer. */
export const SUPPORT_YOUR_MESSAGE: Record<Locale, string> = {
  en: 'Your message',
  es: 'Tu mensaje',
  ru: 'Ваше сообщение',
  ar: 'رسالتك',
};

export const SUPPORT_TEXTS: Record<Locale, Record<(typeof SUPPORT_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    support_reply: {
      subject: 'Newsreel support has answered your message',
      heading: 'An answer from Newsreel support',
      paragraphs: ['Thank you for writing to us. Our answer:', '{{item}}'],
      ignore: 'To write again, reply from the feedback form on our site. If you did not write to Newsreel, you can ignore this e-mail.',
    },
    support_reply_waiting: {
      subject: 'You have a reply from Newsreel support',
      heading: 'A reply in your support chat',
      paragraphs: ['Our support team has replied in your chat:', '{{item}}'],
      action: 'Open the chat',
      ignore: 'You receive this e-mail once for replies you have not read; the chat is on every page of the site.',
    },
  },
  es: {
    support_reply: {
      subject: 'El soporte de Newsreel ha respondido a tu mensaje',
      heading: 'Una respuesta del soporte de Newsreel',
      paragraphs: ['Gracias por escribirnos. Nuestra respuesta:', '{{item}}'],
      ignore:
        'Para volver a escribir, usa el formulario de opinión de nuestro sitio. Si no escribiste a Newsreel, puedes ignorar este correo.',
    },
    support_reply_waiting: {
      subject: 'Tienes una respuesta del soporte de Newsreel',
      heading: 'Una respuesta en tu chat de soporte',
      paragraphs: ['Nuestro equipo de soporte ha respondido en tu chat:', '{{item}}'],
      action: 'Abrir el chat',
      ignore: 'Recibes este correo una vez por las respuestas que no has leído; el chat está en todas las páginas del sitio.',
    },
  },
  ru: {
    support_reply: {
      subject: 'Служба поддержки Newsreel ответила на ваше сообщение',
      heading: 'Ответ службы поддержки Newsreel',
      paragraphs: ['Спасибо, что написали нам. Наш ответ:', '{{item}}'],
      ignore:
        'Чтобы написать снова, воспользуйтесь формой обратной связи на сайте. Если вы не писали в Newsreel, просто проигнорируйте это письмо.',
    },
    support_reply_waiting: {
      subject: 'Вам ответила служба поддержки Newsreel',
      heading: 'Ответ в чате поддержки',
      paragraphs: ['Служба поддержки ответила в вашем чате:', '{{item}}'],
      action: 'Открыть чат',
      ignore: 'Это письмо приходит один раз о непрочитанных ответах; чат доступен на каждой странице сайта.',
    },
  },
  ar: {
    support_reply: {
      subject: 'ردّ فريق دعم Newsreel على رسالتك',
      heading: 'ردّ من فريق دعم Newsreel',
      paragraphs: ['شكرًا لتواصلك معنا. إليك ردّنا:', '{{item}}'],
      ignore: 'للكتابة مجددًا، استخدم نموذج الملاحظات على موقعنا. إذا لم تراسل Newsreel، يمكنك تجاهل هذه الرسالة.',
    },
    support_reply_waiting: {
      subject: 'لديك ردّ من فريق دعم Newsreel',
      heading: 'ردّ في محادثة الدعم',
      paragraphs: ['ردّ فريق الدعم في محادثتك:', '{{item}}'],
      action: 'فتح المحادثة',
      ignore: 'تصلك هذه الرسالة مرة واحدة بشأن الردود غير المقروءة؛ المحادثة متاحة في كل صفحات الموقع.',
    },
  },
};

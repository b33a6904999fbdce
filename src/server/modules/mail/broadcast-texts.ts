import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/** E-mails about broadcast services (issue: broadcast services): the sales desk's notice of a booking. */
export const BROADCAST_MAIL_KINDS = ['broadcast_booking_notice'] as const;

/**
 * Their texts in the four interface languages; `{{item}}` is the studio, `{{name}}` who books, and
 * the booking's fields follow as the message's facts. The notice goes to SALES_EMAIL in English.
 */
export const BROADCAST_TEXTS: Record<Locale, Record<(typeof BROADCAST_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    broadcast_booking_notice: {
      subject: 'Studio booking: {{item}}',
      heading: 'A new studio booking',
      paragraphs: ['{{name}} asks to book {{item}}. The booking’s details:'],
      ignore: 'You receive this notice because this address is the sales address of Newsreel.',
    },
  },
  es: {
    broadcast_booking_notice: {
      subject: 'Reserva de estudio: {{item}}',
      heading: 'Una nueva reserva de estudio',
      paragraphs: ['{{name}} quiere reservar {{item}}. Los datos de la reserva:'],
      ignore: 'Recibes este aviso porque esta es la dirección de ventas de Newsreel.',
    },
  },
  ru: {
    broadcast_booking_notice: {
      subject: 'Бронирование студии: {{item}}',
      heading: 'Новое бронирование студии',
      paragraphs: ['{{name}} хочет забронировать: {{item}}. Данные заявки:'],
      ignore: 'Вы получили это уведомление, потому что этот адрес указан как адрес отдела продаж Newsreel.',
    },
  },
  ar: {
    broadcast_booking_notice: {
      subject: 'حجز استوديو: {{item}}',
      heading: 'حجز استوديو جديد',
      paragraphs: ['يطلب {{name}} حجز {{item}}. تفاصيل الحجز:'],
      ignore: 'تصلك هذه الرسالة لأن هذا العنوان هو عنوان المبيعات في Newsreel.',
    },
  },
};

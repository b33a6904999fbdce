import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/**
 * E-mails about booking a live event (issue 28): the customer's request received, the sales desk's
 * notice of a request or a cancellation, and the desk's answer. `{{item}}` is the event and its
 * start, `{{amount}}` the price or that the customer's agreements cover it; the booking's details
 * follow as the message's facts. The desk's notices go to SALES_EMAIL in English.
 */
export const LIVE_BOOKING_MAIL_KINDS = [
  'live_booking_received',
  'live_booking_notice',
  'live_booking_confirmed',
  'live_booking_declined',
  'live_booking_canceled',
] as const;

export const LIVE_BOOKING_TEXTS: Record<Locale, Record<(typeof LIVE_BOOKING_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    live_booking_received: {
      subject: 'We have your booking: {{item}}',
      heading: 'Your booking waits for the desk',
      paragraphs: [
        'You asked to book {{item}} ({{amount}}).',
        'Our sales desk confirms bookings, usually within a working day; we will e-mail you then.',
      ],
      action: 'Open the event',
      ignore: 'If you did not ask for this booking, reply to this e-mail.',
    },
    live_booking_notice: {
      subject: 'Live booking {{name}}: {{item}}',
      heading: 'A live booking: {{name}}',
      paragraphs: ['The booking’s details:'],
      ignore: 'You receive this notice because this address is the sales address of Newsreel.',
    },
    live_booking_confirmed: {
      subject: 'Your booking is confirmed: {{item}}',
      heading: 'Your booking is confirmed',
      paragraphs: ['The desk confirmed your booking of {{item}} ({{amount}}). You can watch and restream the event when it starts.'],
      action: 'Open the event',
      ignore: 'If you have questions about your booking, reply to this e-mail.',
    },
    live_booking_declined: {
      subject: 'Your booking was declined: {{item}}',
      heading: 'Your booking was declined',
      paragraphs: ['The desk could not confirm your booking of {{item}}.'],
      action: 'Open the event',
      ignore: 'If you have questions about this decision, reply to this e-mail.',
    },
    live_booking_canceled: {
      subject: 'Your booking is canceled: {{item}}',
      heading: 'Your booking is canceled',
      paragraphs: ['You canceled your booking of {{item}}. Nothing is charged for it.'],
      action: 'Open the event',
      ignore: 'If you did not cancel this booking, reply to this e-mail.',
    },
  },
  es: {
    live_booking_received: {
      subject: 'Hemos recibido tu reserva: {{item}}',
      heading: 'Tu reserva espera al equipo de ventas',
      paragraphs: [
        'Has pedido reservar {{item}} ({{amount}}).',
        'Nuestro equipo de ventas confirma las reservas, normalmente en un día laborable; te escribiremos entonces.',
      ],
      action: 'Abrir el evento',
      ignore: 'Si no pediste esta reserva, responde a este correo.',
    },
    live_booking_notice: {
      subject: 'Reserva en directo {{name}}: {{item}}',
      heading: 'Una reserva en directo: {{name}}',
      paragraphs: ['Los datos de la reserva:'],
      ignore: 'Recibes este aviso porque esta es la dirección de ventas de Newsreel.',
    },
    live_booking_confirmed: {
      subject: 'Tu reserva está confirmada: {{item}}',
      heading: 'Tu reserva está confirmada',
      paragraphs: ['El equipo confirmó tu reserva de {{item}} ({{amount}}). Podrás ver y retransmitir el evento cuando empiece.'],
      action: 'Abrir el evento',
      ignore: 'Si tienes preguntas sobre tu reserva, responde a este correo.',
    },
    live_booking_declined: {
      subject: 'Tu reserva fue rechazada: {{item}}',
      heading: 'Tu reserva fue rechazada',
      paragraphs: ['El equipo no pudo confirmar tu reserva de {{item}}.'],
      action: 'Abrir el evento',
      ignore: 'Si tienes preguntas sobre esta decisión, responde a este correo.',
    },
    live_booking_canceled: {
      subject: 'Tu reserva está cancelada: {{item}}',
      heading: 'Tu reserva está cancelada',
      paragraphs: ['Has cancelado tu reserva de {{item}}. No se cobra nada por ella.'],
      action: 'Abrir el evento',
      ignore: 'Si no cancelaste esta reserva, responde a este correo.',
    },
  },
  ru: {
    live_booking_received: {
      subject: 'Мы получили вашу заявку: {{item}}',
      heading: 'Ваша заявка ждёт подтверждения',
      paragraphs: [
        'Вы запросили бронирование: {{item}} ({{amount}}).',
        'Отдел продаж подтверждает заявки обычно в течение рабочего дня; мы сообщим вам по почте.',
      ],
      action: 'Открыть событие',
      ignore: 'Если вы не отправляли эту заявку, ответьте на это письмо.',
    },
    live_booking_notice: {
      subject: 'Бронирование трансляции {{name}}: {{item}}',
      heading: 'Бронирование трансляции: {{name}}',
      paragraphs: ['Данные заявки:'],
      ignore: 'Вы получили это уведомление, потому что этот адрес указан как адрес отдела продаж Newsreel.',
    },
    live_booking_confirmed: {
      subject: 'Бронирование подтверждено: {{item}}',
      heading: 'Бронирование подтверждено',
      paragraphs: ['Отдел продаж подтвердил бронирование: {{item}} ({{amount}}). Смотреть и ретранслировать событие можно с его начала.'],
      action: 'Открыть событие',
      ignore: 'Если у вас есть вопросы о бронировании, ответьте на это письмо.',
    },
    live_booking_declined: {
      subject: 'Бронирование отклонено: {{item}}',
      heading: 'Бронирование отклонено',
      paragraphs: ['Отдел продаж не смог подтвердить бронирование: {{item}}.'],
      action: 'Открыть событие',
      ignore: 'Если у вас есть вопросы об этом решении, ответьте на это письмо.',
    },
    live_booking_canceled: {
      subject: 'Бронирование отменено: {{item}}',
      heading: 'Бронирование отменено',
      paragraphs: ['Вы отменили бронирование: {{item}}. Оплата за него не взимается.'],
      action: 'Открыть событие',
      ignore: 'Если вы не отменяли бронирование, ответьте на это письмо.',
    },
  },
  ar: {
    live_booking_received: {
      subject: 'وصلنا طلب الحجز: {{item}}',
      heading: 'طلب حجزك بانتظار فريق المبيعات',
      paragraphs: ['طلبت حجز {{item}} ({{amount}}).', 'يؤكد فريق المبيعات الحجوزات عادة خلال يوم عمل واحد، وسنراسلك حينها.'],
      action: 'افتح الحدث',
      ignore: 'إذا لم تطلب هذا الحجز، فرد على هذه الرسالة.',
    },
    live_booking_notice: {
      subject: 'حجز بث مباشر {{name}}: {{item}}',
      heading: 'حجز بث مباشر: {{name}}',
      paragraphs: ['تفاصيل الحجز:'],
      ignore: 'تصلك هذه الرسالة لأن هذا العنوان هو عنوان المبيعات في Newsreel.',
    },
    live_booking_confirmed: {
      subject: 'تم تأكيد حجزك: {{item}}',
      heading: 'تم تأكيد حجزك',
      paragraphs: ['أكد الفريق حجزك لـ {{item}} ({{amount}}). يمكنك مشاهدة الحدث وإعادة بثه عند بدئه.'],
      action: 'افتح الحدث',
      ignore: 'إذا كانت لديك أسئلة عن حجزك، فرد على هذه الرسالة.',
    },
    live_booking_declined: {
      subject: 'تم رفض حجزك: {{item}}',
      heading: 'تم رفض حجزك',
      paragraphs: ['لم يتمكن الفريق من تأكيد حجزك لـ {{item}}.'],
      action: 'افتح الحدث',
      ignore: 'إذا كانت لديك أسئلة عن هذا القرار، فرد على هذه الرسالة.',
    },
    live_booking_canceled: {
      subject: 'تم إلغاء حجزك: {{item}}',
      heading: 'تم إلغاء حجزك',
      paragraphs: ['ألغيت حجزك لـ {{item}}. لا تُفرض عليه أي رسوم.'],
      action: 'افتح الحدث',
      ignore: 'إذا لم تلغِ هذا الحجز، فرد على هذه الرسالة.',
    },
  },
};

import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/**
 * E-mails about broadcast services (issue: broadcast services): the sales desk's notice of a
 * booking, and the customer's confirmation that the request arrived (issue 28).
 */
export const BROADCAST_MAIL_KINDS = ['broadcast_booking_notice', 'broadcast_booking_received'] as const;

/**
 * Their texts in the four interface languages; `{{item}}` is the studio, `{{name}}` who books, and
 * the booking's fields follow as the message's facts. The notice goes to SALES_EMAIL in English;
 * the confirmation to the address on the form, in the language the form was sent in.
 */
export const BROADCAST_TEXTS: Record<Locale, Record<(typeof BROADCAST_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    broadcast_booking_notice: {
      subject: 'Studio booking: {{item}}',
      heading: 'A new studio booking',
      paragraphs: ['{{name}} asks to book {{item}}. The booking’s details:'],
      ignore: 'You receive this notice because this address is the sales address of Newsreel.',
    },
    broadcast_booking_received: {
      subject: 'We have your studio booking request: {{item}}',
      heading: 'Your booking request has arrived',
      paragraphs: [
        'Thank you, {{name}}. You asked to book {{item}}; this is a request, not yet a booking.',
        'Our sales desk will contact you to confirm the booking and its price. What you sent us:',
      ],
      ignore: 'If you did not ask for this booking, reply to this e-mail and we will delete it.',
    },
  },
  es: {
    broadcast_booking_notice: {
      subject: 'Reserva de estudio: {{item}}',
      heading: 'Una nueva reserva de estudio',
      paragraphs: ['{{name}} quiere reservar {{item}}. Los datos de la reserva:'],
      ignore: 'Recibes este aviso porque esta es la dirección de ventas de Newsreel.',
    },
    broadcast_booking_received: {
      subject: 'Hemos recibido tu solicitud de reserva de estudio: {{item}}',
      heading: 'Tu solicitud de reserva ha llegado',
      paragraphs: [
        'Gracias, {{name}}. Has pedido reservar {{item}}; es una solicitud, todavía no una reserva.',
        'Nuestro equipo de ventas se pondrá en contacto contigo para confirmar la reserva y su precio. Lo que nos enviaste:',
      ],
      ignore: 'Si no pediste esta reserva, responde a este correo y la borraremos.',
    },
  },
  ru: {
    broadcast_booking_notice: {
      subject: 'Бронирование студии: {{item}}',
      heading: 'Новое бронирование студии',
      paragraphs: ['{{name}} хочет забронировать: {{item}}. Данные заявки:'],
      ignore: 'Вы получили это уведомление, потому что этот адрес указан как адрес отдела продаж Newsreel.',
    },
    broadcast_booking_received: {
      subject: 'Мы получили вашу заявку на бронирование студии: {{item}}',
      heading: 'Ваша заявка на бронирование получена',
      paragraphs: [
        'Спасибо, {{name}}. Вы хотите забронировать: {{item}}. Это заявка, бронирование ещё не подтверждено.',
        'Отдел продаж свяжется с вами, чтобы подтвердить бронирование и его стоимость. Что вы нам отправили:',
      ],
      ignore: 'Если вы не отправляли эту заявку, ответьте на это письмо, и мы её удалим.',
    },
  },
  ar: {
    broadcast_booking_notice: {
      subject: 'حجز استوديو: {{item}}',
      heading: 'حجز استوديو جديد',
      paragraphs: ['يطلب {{name}} حجز {{item}}. تفاصيل الحجز:'],
      ignore: 'تصلك هذه الرسالة لأن هذا العنوان هو عنوان المبيعات في Newsreel.',
    },
    broadcast_booking_received: {
      subject: 'وصلنا طلب حجز الاستوديو: {{item}}',
      heading: 'وصل طلب الحجز',
      paragraphs: [
        'شكرًا لك يا {{name}}. طلبت حجز {{item}}؛ هذا طلب وليس حجزًا مؤكدًا بعد.',
        'سيتواصل معك فريق المبيعات لتأكيد الحجز وسعره. ما أرسلته إلينا:',
      ],
      ignore: 'إذا لم تطلب هذا الحجز، فردّ على هذه الرسالة وسنحذفه.',
    },
  },
};

/** The labels of the facts the customer's confirmation repeats, in the language of the form. */
export const BROADCAST_FACT_LABELS: Record<
  Locale,
  Record<'studio' | 'date' | 'name' | 'phone' | 'email' | 'company' | 'details', string>
> = {
  en: { studio: 'Studio', date: 'Date', name: 'Name', phone: 'Phone', email: 'Business e-mail', company: 'Company', details: 'Details' },
  es: {
    studio: 'Estudio',
    date: 'Fecha',
    name: 'Nombre',
    phone: 'Teléfono',
    email: 'Correo profesional',
    company: 'Empresa',
    details: 'Detalles',
  },
  ru: {
    studio: 'Студия',
    date: 'Дата',
    name: 'Имя',
    phone: 'Телефон',
    email: 'Рабочий e-mail',
    company: 'Компания',
    details: 'Подробности',
  },
  ar: {
    studio: 'الاستوديو',
    date: 'التاريخ',
    name: 'الاسم',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني للعمل',
    company: 'الشركة',
    details: 'التفاصيل',
  },
};

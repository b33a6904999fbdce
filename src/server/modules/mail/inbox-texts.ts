import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/**
 * E-mails the business desk's inboxes send the customer when a request moves (issue 29): a
 * world-exclusive request offered, sold or declined, a studio booking confirmed, declined or
 * canceled. `{{item}}` is the video or the studio; `{{reason}}` the desk's own message (a paragraph
 * left out when empty).
 */
export const INBOX_MAIL_KINDS = [
  'world_exclusive_offered',
  'world_exclusive_sold',
  'world_exclusive_declined',
  'studio_booking_confirmed',
  'studio_booking_declined',
  'studio_booking_canceled',
] as const;

type Texts = Record<(typeof INBOX_MAIL_KINDS)[number], KindTexts>;

const en: Texts = {
  world_exclusive_offered: {
    subject: 'World-exclusive rights: our offer for {{item}}',
    heading: 'Our offer for the world-exclusive rights',
    paragraphs: ['You asked for the world-exclusive rights to {{item}}. Our sales desk makes you this offer:', '{{reason}}'],
    action: 'Open the video',
    ignore: 'Reply to this e-mail to accept the offer or to ask about it.',
  },
  world_exclusive_sold: {
    subject: 'World-exclusive rights sold to you: {{item}}',
    heading: 'The world-exclusive rights are yours',
    paragraphs: ['The world-exclusive rights to {{item}} are yours, on the terms we agreed.', '{{reason}}'],
    action: 'Open the video',
    ignore: 'If you have questions about the rights, reply to this e-mail.',
  },
  world_exclusive_declined: {
    subject: 'World-exclusive rights: {{item}}',
    heading: 'We cannot offer the world-exclusive rights',
    paragraphs: ['We are sorry: we cannot offer you the world-exclusive rights to {{item}}.', '{{reason}}'],
    action: 'Open the video',
    ignore: 'You can still license the video as usual. Reply to this e-mail with any question.',
  },
  studio_booking_confirmed: {
    subject: 'Your studio booking is confirmed: {{item}}',
    heading: 'Your studio booking is confirmed',
    paragraphs: ['We have confirmed your booking of {{item}}.', '{{reason}}'],
    ignore: 'If you have questions about your booking, reply to this e-mail.',
  },
  studio_booking_declined: {
    subject: 'Your studio booking request: {{item}}',
    heading: 'We cannot confirm your booking',
    paragraphs: ['We are sorry: we cannot confirm your booking of {{item}}.', '{{reason}}'],
    ignore: 'Reply to this e-mail if another day or studio would suit you.',
  },
  studio_booking_canceled: {
    subject: 'Your studio booking is canceled: {{item}}',
    heading: 'Your studio booking is canceled',
    paragraphs: ['Your booking of {{item}} is canceled.', '{{reason}}'],
    ignore: 'If you did not expect this, reply to this e-mail.',
  },
};

const es: Texts = {
  world_exclusive_offered: {
    subject: 'Derechos de exclusiva mundial: nuestra oferta por {{item}}',
    heading: 'Nuestra oferta por los derechos de exclusiva mundial',
    paragraphs: ['Pediste los derechos de exclusiva mundial de {{item}}. Nuestro equipo de ventas te ofrece:', '{{reason}}'],
    action: 'Abrir el vídeo',
    ignore: 'Responde a este correo para aceptar la oferta o preguntar por ella.',
  },
  world_exclusive_sold: {
    subject: 'Derechos de exclusiva mundial vendidos: {{item}}',
    heading: 'Los derechos de exclusiva mundial son tuyos',
    paragraphs: ['Los derechos de exclusiva mundial de {{item}} son tuyos, en los términos acordados.', '{{reason}}'],
    action: 'Abrir el vídeo',
    ignore: 'Si tienes preguntas sobre los derechos, responde a este correo.',
  },
  world_exclusive_declined: {
    subject: 'Derechos de exclusiva mundial: {{item}}',
    heading: 'No podemos ofrecer los derechos de exclusiva mundial',
    paragraphs: ['Lo sentimos: no podemos ofrecerte los derechos de exclusiva mundial de {{item}}.', '{{reason}}'],
    action: 'Abrir el vídeo',
    ignore: 'Puedes seguir licenciando el vídeo como siempre. Responde a este correo si tienes preguntas.',
  },
  studio_booking_confirmed: {
    subject: 'Tu reserva de estudio está confirmada: {{item}}',
    heading: 'Tu reserva de estudio está confirmada',
    paragraphs: ['Hemos confirmado tu reserva de {{item}}.', '{{reason}}'],
    ignore: 'Si tienes preguntas sobre tu reserva, responde a este correo.',
  },
  studio_booking_declined: {
    subject: 'Tu solicitud de reserva de estudio: {{item}}',
    heading: 'No podemos confirmar tu reserva',
    paragraphs: ['Lo sentimos: no podemos confirmar tu reserva de {{item}}.', '{{reason}}'],
    ignore: 'Responde a este correo si te sirve otro día u otro estudio.',
  },
  studio_booking_canceled: {
    subject: 'Tu reserva de estudio está cancelada: {{item}}',
    heading: 'Tu reserva de estudio está cancelada',
    paragraphs: ['Tu reserva de {{item}} está cancelada.', '{{reason}}'],
    ignore: 'Si no lo esperabas, responde a este correo.',
  },
};

const ru: Texts = {
  world_exclusive_offered: {
    subject: 'Мировой эксклюзив: наше предложение по {{item}}',
    heading: 'Наше предложение по мировому эксклюзиву',
    paragraphs: ['Вы запросили мировые эксклюзивные права на {{item}}. Наш отдел продаж предлагает:', '{{reason}}'],
    action: 'Открыть видео',
    ignore: 'Ответьте на это письмо, чтобы принять предложение или задать вопрос.',
  },
  world_exclusive_sold: {
    subject: 'Мировой эксклюзив ваш: {{item}}',
    heading: 'Мировые эксклюзивные права ваши',
    paragraphs: ['Мировые эксклюзивные права на {{item}} принадлежат вам на согласованных условиях.', '{{reason}}'],
    action: 'Открыть видео',
    ignore: 'Если у вас есть вопросы о правах, ответьте на это письмо.',
  },
  world_exclusive_declined: {
    subject: 'Мировой эксклюзив: {{item}}',
    heading: 'Мы не можем предложить мировой эксклюзив',
    paragraphs: ['К сожалению, мы не можем предложить вам мировые эксклюзивные права на {{item}}.', '{{reason}}'],
    action: 'Открыть видео',
    ignore: 'Видео по-прежнему можно лицензировать как обычно. Ответьте на это письмо, если есть вопросы.',
  },
  studio_booking_confirmed: {
    subject: 'Бронирование студии подтверждено: {{item}}',
    heading: 'Бронирование студии подтверждено',
    paragraphs: ['Мы подтвердили ваше бронирование: {{item}}.', '{{reason}}'],
    ignore: 'Если у вас есть вопросы о бронировании, ответьте на это письмо.',
  },
  studio_booking_declined: {
    subject: 'Ваш запрос на бронирование студии: {{item}}',
    heading: 'Мы не можем подтвердить бронирование',
    paragraphs: ['К сожалению, мы не можем подтвердить бронирование: {{item}}.', '{{reason}}'],
    ignore: 'Ответьте на это письмо, если вам подойдёт другой день или другая студия.',
  },
  studio_booking_canceled: {
    subject: 'Бронирование студии отменено: {{item}}',
    heading: 'Бронирование студии отменено',
    paragraphs: ['Ваше бронирование отменено: {{item}}.', '{{reason}}'],
    ignore: 'Если вы этого не ожидали, ответьте на это письмо.',
  },
};

const ar: Texts = {
  world_exclusive_offered: {
    subject: 'حقوق الحصرية العالمية: عرضنا لـ {{item}}',
    heading: 'عرضنا لحقوق الحصرية العالمية',
    paragraphs: ['طلبت حقوق الحصرية العالمية لـ {{item}}. يقدم لك فريق المبيعات هذا العرض:', '{{reason}}'],
    action: 'افتح الفيديو',
    ignore: 'رد على هذا البريد لقبول العرض أو للسؤال عنه.',
  },
  world_exclusive_sold: {
    subject: 'بيعت لك حقوق الحصرية العالمية: {{item}}',
    heading: 'حقوق الحصرية العالمية أصبحت لك',
    paragraphs: ['أصبحت حقوق الحصرية العالمية لـ {{item}} لك، وفق الشروط التي اتفقنا عليها.', '{{reason}}'],
    action: 'افتح الفيديو',
    ignore: 'إن كانت لديك أسئلة عن الحقوق، فرد على هذا البريد.',
  },
  world_exclusive_declined: {
    subject: 'حقوق الحصرية العالمية: {{item}}',
    heading: 'لا يمكننا تقديم حقوق الحصرية العالمية',
    paragraphs: ['نأسف: لا يمكننا أن نقدم لك حقوق الحصرية العالمية لـ {{item}}.', '{{reason}}'],
    action: 'افتح الفيديو',
    ignore: 'ما زال بإمكانك ترخيص الفيديو كالمعتاد. رد على هذا البريد إن كان لديك سؤال.',
  },
  studio_booking_confirmed: {
    subject: 'تم تأكيد حجز الاستوديو: {{item}}',
    heading: 'تم تأكيد حجز الاستوديو',
    paragraphs: ['أكدنا حجزك لـ {{item}}.', '{{reason}}'],
    ignore: 'إن كانت لديك أسئلة عن حجزك، فرد على هذا البريد.',
  },
  studio_booking_declined: {
    subject: 'طلب حجز الاستوديو: {{item}}',
    heading: 'لا يمكننا تأكيد حجزك',
    paragraphs: ['نأسف: لا يمكننا تأكيد حجزك لـ {{item}}.', '{{reason}}'],
    ignore: 'رد على هذا البريد إن كان يناسبك يوم آخر أو استوديو آخر.',
  },
  studio_booking_canceled: {
    subject: 'أُلغي حجز الاستوديو: {{item}}',
    heading: 'أُلغي حجز الاستوديو',
    paragraphs: ['أُلغي حجزك لـ {{item}}.', '{{reason}}'],
    ignore: 'إن لم تكن تتوقع ذلك، فرد على هذا البريد.',
  },
};

export const INBOX_TEXTS: Record<Locale, Texts> = { en, es, ru, ar };

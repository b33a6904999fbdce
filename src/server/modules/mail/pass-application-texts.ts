import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/**
 * E-mails about a pass application (spec accounts §4 "processing (order verification, 2-4 hours, up
 * to one working day) leads to approved or failed to qualify"; docs/decisions.md "Applying for a
 * pass (issue 25)"): the order received, approved, failed to qualify.
 */
export const PASS_APPLICATION_MAIL_KINDS = ['pass_application_received', 'pass_application_approved', 'pass_application_failed'] as const;

/** Their texts in the four interface languages; `{{item}}` is what was bought, `{{amount}}` what was paid. */
export const PASS_APPLICATION_TEXTS: Record<Locale, Record<(typeof PASS_APPLICATION_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    pass_application_received: {
      subject: 'We have your Pass order: {{item}}',
      heading: 'Thank you, we are verifying your order',
      paragraphs: [
        'We have received {{amount}} for {{item}}.',
        'We verify every first Pass order. It takes 2–4 hours, up to one working day; we will e-mail you as soon as your Pass is active.',
        'If the order does not qualify, it is cancelled and refunded within 5–15 business days.',
      ],
      action: 'Open your plan details',
      ignore: 'If you did not make this purchase, please tell us by replying to this e-mail.',
    },
    pass_application_approved: {
      subject: 'Your Pass is active: {{item}}',
      heading: 'Your Pass is active',
      paragraphs: ['We have verified your order. Your Pass is active from today, and its term starts now.'],
      action: 'Open your plan details',
      ignore: 'If you have questions about your Pass, reply to this e-mail.',
    },
    pass_application_failed: {
      subject: 'Your Pass order failed to qualify',
      heading: 'Your order failed to qualify',
      paragraphs: [
        'We could not verify your order for {{item}}, and it is cancelled.',
        'We have refunded {{amount}}; the refund reaches you within 5–15 business days.',
      ],
      ignore: 'If you have questions about this decision, reply to this e-mail.',
    },
  },
  es: {
    pass_application_received: {
      subject: 'Hemos recibido tu pedido de Pass: {{item}}',
      heading: 'Gracias, estamos verificando tu pedido',
      paragraphs: [
        'Hemos recibido {{amount}} por {{item}}.',
        'Verificamos cada primer pedido de Pass. Tarda de 2 a 4 horas, como máximo un día hábil; te escribiremos en cuanto tu Pass esté activo.',
        'Si el pedido no cumple los requisitos, se cancela y se reembolsa en un plazo de 5 a 15 días hábiles.',
      ],
      action: 'Abrir los detalles del plan',
      ignore: 'Si no has hecho esta compra, avísanos respondiendo a este correo.',
    },
    pass_application_approved: {
      subject: 'Tu Pass está activo: {{item}}',
      heading: 'Tu Pass está activo',
      paragraphs: ['Hemos verificado tu pedido. Tu Pass está activo desde hoy y su vigencia empieza ahora.'],
      action: 'Abrir los detalles del plan',
      ignore: 'Si tienes preguntas sobre tu Pass, responde a este correo.',
    },
    pass_application_failed: {
      subject: 'Tu pedido de Pass no cumple los requisitos',
      heading: 'Tu pedido no cumple los requisitos',
      paragraphs: [
        'No hemos podido verificar tu pedido de {{item}} y ha sido cancelado.',
        'Hemos reembolsado {{amount}}; el reembolso te llegará en un plazo de 5 a 15 días hábiles.',
      ],
      ignore: 'Si tienes preguntas sobre esta decisión, responde a este correo.',
    },
  },
  ru: {
    pass_application_received: {
      subject: 'Мы получили ваш заказ Pass: {{item}}',
      heading: 'Спасибо, мы проверяем ваш заказ',
      paragraphs: [
        'Мы получили {{amount}} за: {{item}}.',
        'Мы проверяем каждый первый заказ Pass. Это занимает 2–4 часа, не более одного рабочего дня; мы напишем вам, как только Pass станет активным.',
        'Если заказ не пройдёт проверку, он будет отменён, а деньги вернутся в течение 5–15 рабочих дней.',
      ],
      action: 'Открыть сведения о плане',
      ignore: 'Если вы не совершали эту покупку, сообщите нам, ответив на это письмо.',
    },
    pass_application_approved: {
      subject: 'Ваш Pass активен: {{item}}',
      heading: 'Ваш Pass активен',
      paragraphs: ['Мы проверили ваш заказ. Pass активен с сегодняшнего дня, и срок его действия начинается сейчас.'],
      action: 'Открыть сведения о плане',
      ignore: 'Если у вас есть вопросы о Pass, ответьте на это письмо.',
    },
    pass_application_failed: {
      subject: 'Ваш заказ Pass не прошёл проверку',
      heading: 'Заказ не прошёл проверку',
      paragraphs: [
        'Мы не смогли подтвердить ваш заказ: {{item}}; он отменён.',
        'Мы вернули {{amount}}; деньги поступят в течение 5–15 рабочих дней.',
      ],
      ignore: 'Если у вас есть вопросы об этом решении, ответьте на это письмо.',
    },
  },
  ar: {
    pass_application_received: {
      subject: 'استلمنا طلب Pass الخاص بك: {{item}}',
      heading: 'شكرًا لك، نحن نتحقق من طلبك',
      paragraphs: [
        'استلمنا {{amount}} مقابل {{item}}.',
        'نتحقق من كل طلب Pass أول. يستغرق ذلك من ساعتين إلى 4 ساعات، وحتى يوم عمل واحد؛ سنراسلك فور تفعيل Pass.',
        'إذا لم يستوفِ الطلب الشروط، يُلغى ويُسترد المبلغ خلال 5 إلى 15 يوم عمل.',
      ],
      action: 'فتح تفاصيل الخطة',
      ignore: 'إذا لم تقم بهذا الشراء، فأخبرنا بالرد على هذه الرسالة.',
    },
    pass_application_approved: {
      subject: 'اشتراك Pass الخاص بك مفعّل: {{item}}',
      heading: 'اشتراك Pass الخاص بك مفعّل',
      paragraphs: ['تحققنا من طلبك. اشتراك Pass مفعّل اعتبارًا من اليوم، وتبدأ مدته الآن.'],
      action: 'فتح تفاصيل الخطة',
      ignore: 'إذا كانت لديك أسئلة حول اشتراك Pass، فرُدّ على هذه الرسالة.',
    },
    pass_application_failed: {
      subject: 'طلب Pass الخاص بك لم يستوفِ الشروط',
      heading: 'طلبك لم يستوفِ الشروط',
      paragraphs: ['لم نتمكن من التحقق من طلبك لـ {{item}}، وقد أُلغي.', 'رددنا {{amount}}؛ يصلك المبلغ المسترد خلال 5 إلى 15 يوم عمل.'],
      ignore: 'إذا كانت لديك أسئلة حول هذا القرار، فرُدّ على هذه الرسالة.',
    },
  },
};

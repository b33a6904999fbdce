import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/** E-mails about plans, payments and company teams (issues: agreements, checkout, company teams). */
export const COMMERCE_MAIL_KINDS = [
  'plan_request_received',
  'plan_request_approved',
  'plan_request_failed',
  'payment_succeeded',
  'renewal_failed',
  'payment_refunded',
  'team_invitation',
  'stats_report_ready',
] as const;

/** Their texts in the four interface languages; `{{name}}` is filled from the message's values. */
export const COMMERCE_TEXTS: Record<Locale, Record<(typeof COMMERCE_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    plan_request_received: {
      subject: 'We have your plan request',
      heading: 'Thank you, we are verifying your order',
      paragraphs: [
        'We have received the plan request for {{company}}.',
        'Verification takes 2–4 hours, up to one working day. We will write to you as soon as it is decided.',
      ],
      ignore: 'If you did not ask for a plan, you can ignore this e-mail.',
    },
    plan_request_approved: {
      subject: 'Your plan is approved',
      heading: 'Your plan is approved',
      paragraphs: [
        'The plan request for {{company}} is approved. Sign in to Newsreel with this e-mail address and accept the new agreement on your plan details page.',
        'The first balance of the agreement is valid for 2 weeks.',
      ],
      ignore: 'If you did not ask for a plan, please tell us by replying to this e-mail.',
    },
    plan_request_failed: {
      subject: 'Your plan request could not be approved',
      heading: 'Your order failed to qualify',
      paragraphs: [
        'The plan request for {{company}} failed to qualify and the order is cancelled.',
        '{{reason}}',
        'If you paid anything, the refund reaches you within 5–15 business days.',
      ],
      ignore: 'If you did not ask for a plan, you can ignore this e-mail.',
    },
    payment_succeeded: {
      subject: 'Payment received: {{item}}',
      heading: 'Payment Successful',
      paragraphs: ['Thank you. We have received {{amount}} for {{item}}.', 'Your receipt is in your purchase history.'],
      action: 'Open the receipt',
      ignore: 'If you did not make this purchase, please tell us by replying to this e-mail.',
    },
    renewal_failed: {
      subject: 'Your Pass could not be renewed',
      heading: 'Payment required',
      paragraphs: [
        'We could not charge {{amount}} to renew your Pass. We will try again in the coming days.',
        'Check the card in your billing settings so your Pass continues.',
      ],
      action: 'Open billing settings',
      ignore: 'If you no longer want the Pass, you can opt out of auto-renewal on your plan details page.',
    },
    payment_refunded: {
      subject: 'Your payment is refunded: {{item}}',
      heading: 'Your payment is refunded',
      paragraphs: [
        'We have refunded {{amount}} for {{item}}, and the licence has ended.',
        'The refund reaches you within 5–15 business days.',
      ],
      ignore: 'If you have questions about this refund, reply to this e-mail.',
    },
    team_invitation: {
      subject: 'Join {{company}} on Newsreel',
      heading: 'You are invited to join {{company}}',
      paragraphs: [
        '{{company}} licenses news video on Newsreel and invites you to its team.',
        'Choose your password to join; the link works once.',
      ],
      action: 'Join the team',
      ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
    },
    stats_report_ready: {
      subject: 'Your download report is ready',
      heading: 'Your download report is ready',
      paragraphs: ['The CSV of your downloads (date, user, video, rendition, agreement, price) is ready.', 'The link works for 7 days.'],
      action: 'Download the CSV',
      ignore: 'If you did not ask for this report, you can ignore this e-mail.',
    },
  },
  es: {
    plan_request_received: {
      subject: 'Hemos recibido tu solicitud de plan',
      heading: 'Gracias, estamos verificando tu pedido',
      paragraphs: [
        'Hemos recibido la solicitud de plan para {{company}}.',
        'La verificación tarda de 2 a 4 horas, hasta un día laborable. Te escribiremos en cuanto se decida.',
      ],
      ignore: 'Si no has solicitado ningún plan, puedes ignorar este correo.',
    },
    plan_request_approved: {
      subject: 'Tu plan está aprobado',
      heading: 'Tu plan está aprobado',
      paragraphs: [
        'La solicitud de plan para {{company}} está aprobada. Inicia sesión en Newsreel con esta dirección y acepta el nuevo acuerdo en la página de detalles del plan.',
        'El primer saldo del acuerdo es válido durante 2 semanas.',
      ],
      ignore: 'Si no has solicitado ningún plan, avísanos respondiendo a este correo.',
    },
    plan_request_failed: {
      subject: 'No hemos podido aprobar tu solicitud de plan',
      heading: 'Tu pedido no cumple los requisitos',
      paragraphs: [
        'La solicitud de plan para {{company}} no cumple los requisitos y el pedido se ha cancelado.',
        '{{reason}}',
        'Si has pagado algo, el reembolso te llegará en un plazo de 5 a 15 días hábiles.',
      ],
      ignore: 'Si no has solicitado ningún plan, puedes ignorar este correo.',
    },
    payment_succeeded: {
      subject: 'Pago recibido: {{item}}',
      heading: 'Pago realizado',
      paragraphs: ['Gracias. Hemos recibido {{amount}} por {{item}}.', 'Tu recibo está en tu historial de compras.'],
      action: 'Abrir el recibo',
      ignore: 'Si no hiciste esta compra, avísanos respondiendo a este correo.',
    },
    renewal_failed: {
      subject: 'No se pudo renovar tu Pass',
      heading: 'Pago pendiente',
      paragraphs: [
        'No pudimos cobrar {{amount}} para renovar tu Pass. Lo intentaremos de nuevo en los próximos días.',
        'Revisa la tarjeta en tu configuración de facturación para que tu Pass continúe.',
      ],
      action: 'Abrir la configuración de facturación',
      ignore: 'Si ya no quieres el Pass, puedes desactivar la renovación automática en los detalles de tu plan.',
    },
    payment_refunded: {
      subject: 'Tu pago ha sido reembolsado: {{item}}',
      heading: 'Tu pago ha sido reembolsado',
      paragraphs: [
        'Hemos reembolsado {{amount}} por {{item}} y la licencia ha terminado.',
        'El reembolso te llegará en un plazo de 5 a 15 días hábiles.',
      ],
      ignore: 'Si tienes preguntas sobre este reembolso, responde a este correo.',
    },
    team_invitation: {
      subject: 'Únete a {{company}} en Newsreel',
      heading: 'Te invitan a unirte a {{company}}',
      paragraphs: [
        '{{company}} licencia vídeo informativo en Newsreel y te invita a su equipo.',
        'Elige tu contraseña para unirte; el enlace funciona una sola vez.',
      ],
      action: 'Unirme al equipo',
      ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    },
    stats_report_ready: {
      subject: 'Tu informe de descargas está listo',
      heading: 'Tu informe de descargas está listo',
      paragraphs: [
        'El CSV de tus descargas (fecha, usuario, vídeo, versión, acuerdo, precio) está listo.',
        'El enlace funciona durante 7 días.',
      ],
      action: 'Descargar el CSV',
      ignore: 'Si no pediste este informe, puedes ignorar este correo.',
    },
  },
  ru: {
    plan_request_received: {
      subject: 'Мы получили вашу заявку на тариф',
      heading: 'Спасибо, мы проверяем ваш заказ',
      paragraphs: [
        'Мы получили заявку на тариф для {{company}}.',
        'Проверка занимает 2–4 часа, не более одного рабочего дня. Мы напишем вам, как только будет принято решение.',
      ],
      ignore: 'Если вы не запрашивали тариф, просто проигнорируйте это письмо.',
    },
    plan_request_approved: {
      subject: 'Ваш тариф одобрен',
      heading: 'Ваш тариф одобрен',
      paragraphs: [
        'Заявка на тариф для {{company}} одобрена. Войдите в Newsreel с этим адресом и примите новое соглашение на странице сведений о тарифе.',
        'Первый баланс соглашения действует 2 недели.',
      ],
      ignore: 'Если вы не запрашивали тариф, сообщите нам, ответив на это письмо.',
    },
    plan_request_failed: {
      subject: 'Не удалось одобрить заявку на тариф',
      heading: 'Заказ не прошёл проверку',
      paragraphs: [
        'Заявка на тариф для {{company}} не прошла проверку, заказ отменён.',
        '{{reason}}',
        'Если вы что-то оплатили, деньги вернутся в течение 5–15 рабочих дней.',
      ],
      ignore: 'Если вы не запрашивали тариф, просто проигнорируйте это письмо.',
    },
    payment_succeeded: {
      subject: 'Платёж получен: {{item}}',
      heading: 'Оплата прошла успешно',
      paragraphs: ['Спасибо. Мы получили {{amount}} за: {{item}}.', 'Квитанция — в вашей истории покупок.'],
      action: 'Открыть квитанцию',
      ignore: 'Если вы не совершали эту покупку, сообщите нам, ответив на это письмо.',
    },
    renewal_failed: {
      subject: 'Не удалось продлить ваш Pass',
      heading: 'Требуется оплата',
      paragraphs: [
        'Нам не удалось списать {{amount}} для продления Pass. Мы попробуем снова в ближайшие дни.',
        'Проверьте карту в платёжных данных, чтобы Pass продолжил действовать.',
      ],
      action: 'Открыть платёжные данные',
      ignore: 'Если Pass вам больше не нужен, отключите автопродление в сведениях о плане.',
    },
    payment_refunded: {
      subject: 'Платёж возвращён: {{item}}',
      heading: 'Платёж возвращён',
      paragraphs: ['Мы вернули {{amount}} за: {{item}}; лицензия прекращена.', 'Деньги поступят в течение 5–15 рабочих дней.'],
      ignore: 'Если у вас есть вопросы о возврате, ответьте на это письмо.',
    },
    team_invitation: {
      subject: 'Присоединяйтесь к {{company}} в Newsreel',
      heading: 'Вас приглашают в команду {{company}}',
      paragraphs: [
        '{{company}} лицензирует новостное видео в Newsreel и приглашает вас в свою команду.',
        'Задайте пароль, чтобы присоединиться; ссылка работает один раз.',
      ],
      action: 'Присоединиться',
      ignore: 'Если вы не ждали приглашения, просто проигнорируйте это письмо.',
    },
    stats_report_ready: {
      subject: 'Отчёт о загрузках готов',
      heading: 'Отчёт о загрузках готов',
      paragraphs: ['CSV с вашими загрузками (дата, пользователь, видео, версия, соглашение, цена) готов.', 'Ссылка действует 7 дней.'],
      action: 'Скачать CSV',
      ignore: 'Если вы не запрашивали отчёт, просто проигнорируйте это письмо.',
    },
  },
  ar: {
    plan_request_received: {
      subject: 'تلقينا طلب الخطة',
      heading: 'شكرًا لك، نحن نتحقق من طلبك',
      paragraphs: [
        'تلقينا طلب الخطة الخاص بـ {{company}}.',
        'يستغرق التحقق من ساعتين إلى أربع ساعات، وحتى يوم عمل واحد. سنراسلك فور اتخاذ القرار.',
      ],
      ignore: 'إذا لم تطلب أي خطة، يمكنك تجاهل هذه الرسالة.',
    },
    plan_request_approved: {
      subject: 'تمت الموافقة على خطتك',
      heading: 'تمت الموافقة على خطتك',
      paragraphs: [
        'تمت الموافقة على طلب الخطة الخاص بـ {{company}}. سجّل الدخول إلى Newsreel بعنوان البريد هذا واقبل الاتفاقية الجديدة في صفحة تفاصيل الخطة.',
        'الرصيد الأول للاتفاقية صالح لمدة أسبوعين.',
      ],
      ignore: 'إذا لم تطلب أي خطة، يرجى إبلاغنا بالرد على هذه الرسالة.',
    },
    plan_request_failed: {
      subject: 'تعذّرت الموافقة على طلب الخطة',
      heading: 'لم يستوفِ طلبك الشروط',
      paragraphs: [
        'لم يستوفِ طلب الخطة الخاص بـ {{company}} الشروط وتم إلغاء الطلب.',
        '{{reason}}',
        'إذا دفعت أي مبلغ، فسيصلك المبلغ المسترد خلال 5 إلى 15 يوم عمل.',
      ],
      ignore: 'إذا لم تطلب أي خطة، يمكنك تجاهل هذه الرسالة.',
    },
    payment_succeeded: {
      subject: 'تم استلام الدفعة: {{item}}',
      heading: 'تم الدفع بنجاح',
      paragraphs: ['شكرًا لك. استلمنا {{amount}} مقابل {{item}}.', 'إيصالك موجود في سجل مشترياتك.'],
      action: 'فتح الإيصال',
      ignore: 'إذا لم تقم بهذا الشراء، يُرجى إبلاغنا بالرد على هذه الرسالة.',
    },
    renewal_failed: {
      subject: 'تعذّر تجديد اشتراكك Pass',
      heading: 'الدفع مطلوب',
      paragraphs: [
        'تعذّر علينا خصم {{amount}} لتجديد اشتراكك. سنحاول مجددًا خلال الأيام القادمة.',
        'تحقق من البطاقة في إعدادات الفوترة ليستمر اشتراكك.',
      ],
      action: 'فتح إعدادات الفوترة',
      ignore: 'إذا لم تعد ترغب في الاشتراك، يمكنك إيقاف التجديد التلقائي في صفحة تفاصيل خطتك.',
    },
    payment_refunded: {
      subject: 'تم استرداد دفعتك: {{item}}',
      heading: 'تم استرداد دفعتك',
      paragraphs: ['رددنا {{amount}} مقابل {{item}}، وانتهى الترخيص.', 'يصلك المبلغ المسترد خلال 5 إلى 15 يوم عمل.'],
      ignore: 'إذا كانت لديك أسئلة حول هذا الاسترداد، فرُد على هذه الرسالة.',
    },
    team_invitation: {
      subject: 'انضم إلى {{company}} على Newsreel',
      heading: 'أنت مدعو للانضمام إلى {{company}}',
      paragraphs: ['ترخّص {{company}} فيديو الأخبار على Newsreel وتدعوك إلى فريقها.', 'اختر كلمة مرورك للانضمام؛ يعمل الرابط مرة واحدة.'],
      action: 'الانضمام إلى الفريق',
      ignore: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
    },
    stats_report_ready: {
      subject: 'تقرير التنزيلات جاهز',
      heading: 'تقرير التنزيلات جاهز',
      paragraphs: ['ملف CSV لتنزيلاتك (التاريخ، المستخدم، الفيديو، النسخة، الاتفاقية، السعر) جاهز.', 'يعمل الرابط لمدة 7 أيام.'],
      action: 'تنزيل ملف CSV',
      ignore: 'إذا لم تطلب هذا التقرير، يمكنك تجاهل هذه الرسالة.',
    },
  },
};

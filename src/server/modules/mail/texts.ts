import type { Locale } from '../../../common/locales.ts';
import { type COMMERCE_MAIL_KINDS, COMMERCE_TEXTS } from './commerce-texts.ts';
import { type CAREERS_MAIL_KINDS, CAREERS_TEXTS } from './careers-texts.ts';
import { type BROADCAST_MAIL_KINDS, BROADCAST_TEXTS } from './broadcast-texts.ts';
import { type NEWSROOM_MAIL_KINDS, NEWSROOM_TEXTS } from './newsroom-texts.ts';
import { type SUPPORT_MAIL_KINDS, SUPPORT_TEXTS } from './support-texts.ts';
import { type PASS_APPLICATION_MAIL_KINDS, PASS_APPLICATION_TEXTS } from './pass-application-texts.ts';
import { type LIVE_BOOKING_MAIL_KINDS, LIVE_BOOKING_TEXTS } from './live-booking-texts.ts';
import { type INBOX_MAIL_KINDS, INBOX_TEXTS } from './inbox-texts.ts';
import { type SAVED_SEARCH_MAIL_KINDS, SAVED_SEARCH_TEXTS } from './saved-search-texts.ts';

export const MAIL_KINDS = [
  'confirmation',
  'final_step',
  'password_reset',
  'unlock',
  'admin_two_factor',
  'account_transfer',
  'plan_request_received',
  'plan_request_approved',
  'plan_request_failed',
  'payment_succeeded',
  'renewal_failed',
  'payment_refunded',
  'team_invitation',
  'stats_report_ready',
  'career_application_received',
  'career_application_notice',
  'career_application_interview',
  'career_application_declined',
  'broadcast_booking_notice',
  'broadcast_booking_received',
  'content_corrected',
  'content_killed',
  'support_reply',
  'support_reply_waiting',
  'pass_application_received',
  'pass_application_approved',
  'pass_application_failed',
  'live_booking_received',
  'live_booking_notice',
  'live_booking_confirmed',
  'live_booking_declined',
  'live_booking_canceled',
  'world_exclusive_offered',
  'world_exclusive_sold',
  'world_exclusive_declined',
  'studio_booking_confirmed',
  'studio_booking_declined',
  'studio_booking_canceled',
  'saved_search_match',
  'saved_search_digest',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type KindTexts = { subject: string; heading: string; paragraphs: string[]; action?: string; ignore: string };
/** The kinds of e-mail about plans, payments and teams; their texts are in commerce-texts.ts. */
export type CommerceMailKind = (typeof MAIL_KINDS)[number] & (typeof COMMERCE_MAIL_KINDS)[number];
/** The kinds of e-mail about job applications; their texts are in careers-texts.ts. */
export type CareersMailKind = (typeof MAIL_KINDS)[number] & (typeof CAREERS_MAIL_KINDS)[number];
/** The kinds of e-mail about broadcast services; their texts are in broadcast-texts.ts. */
export type BroadcastMailKind = (typeof MAIL_KINDS)[number] & (typeof BROADCAST_MAIL_KINDS)[number];
/** The kinds of e-mail about corrected and killed stories; their texts are in newsroom-texts.ts. */
export type NewsroomMailKind = (typeof MAIL_KINDS)[number] & (typeof NEWSROOM_MAIL_KINDS)[number];
/** The kinds of e-mail of the support inbox; their texts are in support-texts.ts. */
export type SupportMailKind = (typeof MAIL_KINDS)[number] & (typeof SUPPORT_MAIL_KINDS)[number];
/** The kinds of e-mail about pass applications; their texts are in pass-application-texts.ts. */
export type PassApplicationMailKind = (typeof MAIL_KINDS)[number] & (typeof PASS_APPLICATION_MAIL_KINDS)[number];
/** The kinds of e-mail about live bookings; their texts are in live-booking-texts.ts. */
export type LiveBookingMailKind = (typeof MAIL_KINDS)[number] & (typeof LIVE_BOOKING_MAIL_KINDS)[number];
/** The kinds of e-mail of the business desk's inboxes; their texts are in inbox-texts.ts. */
export type InboxMailKind = (typeof MAIL_KINDS)[number] & (typeof INBOX_MAIL_KINDS)[number];
/** The kinds of e-mail of saved searches; their texts are in saved-search-texts.ts. */
export type SavedSearchMailKind = (typeof MAIL_KINDS)[number] & (typeof SAVED_SEARCH_MAIL_KINDS)[number];
type AccountMailKind = Exclude<
  MailKind,
  | CommerceMailKind
  | CareersMailKind
  | BroadcastMailKind
  | NewsroomMailKind
  | SupportMailKind
  | PassApplicationMailKind
  | LiveBookingMailKind
  | InboxMailKind
  | SavedSearchMailKind
>;
type LocaleTexts = Record<AccountMailKind, KindTexts> & { common: { footer: string; linkHelp: string } };

/** The account e-mails (sign-up, passwords, sign-in) in the four interface languages. */
const ACCOUNT_TEXTS: Record<Locale, LocaleTexts> = {
  en: {
    common: {
      footer: 'Newsreel — news video licensing. You receive this e-mail because of an action on your Newsreel account.',
      linkHelp: 'If the button does not work, copy this address into your browser:',
    },
    confirmation: {
      subject: 'Confirm your e-mail address',
      heading: 'Welcome to Newsreel',
      paragraphs: [
        'Please confirm your e-mail address and complete your profile to start licensing news video.',
        'The link is valid for 3 days.',
      ],
      action: 'Confirm e-mail address',
      ignore: 'If you did not sign up for Newsreel, you can ignore this e-mail.',
    },
    final_step: {
      subject: 'Your Newsreel account is ready',
      heading: 'You have been invited to Newsreel',
      paragraphs: [
        '{{company}} has added you to its team on Newsreel.',
        'Complete the final step, your profile and password, to start working with the team.',
      ],
      action: 'Complete the final step',
      ignore: 'If you do not know this team, you can ignore this e-mail.',
    },
    password_reset: {
      subject: 'Reset your password',
      heading: 'Reset your password',
      paragraphs: ['Someone asked to reset the password of your Newsreel account.', 'The link is valid for 1 hour and works once.'],
      action: 'Choose a new password',
      ignore: 'If it was not you, ignore this e-mail: your password stays the same.',
    },
    unlock: {
      subject: 'Your account has been locked',
      heading: 'Your account has been locked',
      paragraphs: [
        'After 10 failed sign-in attempts in a row we locked your account for {{minutes}} minutes to protect it.',
        'If it was you, you can unlock it now. If it was not, consider changing your password after unlocking.',
      ],
      action: 'Unlock my account',
      ignore: 'The lock also ends by itself after {{minutes}} minutes.',
    },
    admin_two_factor: {
      subject: 'Your sign-in code: {{code}}',
      heading: 'Your sign-in code',
      paragraphs: ['Enter this code to finish signing in as an administrator. It is valid for 10 minutes and works once.'],
      ignore: 'If you did not try to sign in, change your password: someone knows it.',
    },
    account_transfer: {
      subject: 'Your account-transfer code: {{code}}',
      heading: 'Choose your password on Newsreel',
      paragraphs: [
        'Your account has moved to the new Newsreel platform. Enter this code on the account-transfer page, with the password you choose, to sign in.',
        'The code is valid for {{minutes}} minutes and works once.',
      ],
      ignore: 'If you did not ask for it, ignore this e-mail: nothing changes on your account.',
    },
  },
  es: {
    common: {
      footer: 'Newsreel — licencias de vídeo informativo. Recibes este correo por una acción en tu cuenta de Newsreel.',
      linkHelp: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    },
    confirmation: {
      subject: 'Confirma tu dirección de correo electrónico',
      heading: 'Te damos la bienvenida a Newsreel',
      paragraphs: [
        'Confirma tu dirección de correo y completa tu perfil para empezar a licenciar vídeo informativo.',
        'El enlace es válido durante 3 días.',
      ],
      action: 'Confirmar correo electrónico',
      ignore: 'Si no te has registrado en Newsreel, puedes ignorar este correo.',
    },
    final_step: {
      subject: 'Tu cuenta de Newsreel está lista',
      heading: 'Te han invitado a Newsreel',
      paragraphs: [
        '{{company}} te ha añadido a su equipo en Newsreel.',
        'Completa el último paso, tu perfil y contraseña, para empezar a trabajar con el equipo.',
      ],
      action: 'Completar el último paso',
      ignore: 'Si no conoces a este equipo, puedes ignorar este correo.',
    },
    password_reset: {
      subject: 'Restablece tu contraseña',
      heading: 'Restablece tu contraseña',
      paragraphs: [
        'Alguien ha pedido restablecer la contraseña de tu cuenta de Newsreel.',
        'El enlace es válido durante 1 hora y solo funciona una vez.',
      ],
      action: 'Elegir una contraseña nueva',
      ignore: 'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
    },
    unlock: {
      subject: 'Tu cuenta ha sido bloqueada',
      heading: 'Tu cuenta ha sido bloqueada',
      paragraphs: [
        'Tras 10 intentos fallidos seguidos de inicio de sesión, hemos bloqueado tu cuenta durante {{minutes}} minutos para protegerla.',
        'Si has sido tú, puedes desbloquearla ahora. Si no, plantéate cambiar la contraseña después de desbloquearla.',
      ],
      action: 'Desbloquear mi cuenta',
      ignore: 'El bloqueo también termina solo al cabo de {{minutes}} minutos.',
    },
    admin_two_factor: {
      subject: 'Tu código de acceso: {{code}}',
      heading: 'Tu código de acceso',
      paragraphs: [
        'Introduce este código para terminar de iniciar sesión como administrador. Es válido durante 10 minutos y solo funciona una vez.',
      ],
      ignore: 'Si no has intentado iniciar sesión, cambia tu contraseña: alguien la conoce.',
    },
    account_transfer: {
      subject: 'Tu código de traspaso de cuenta: {{code}}',
      heading: 'Elige tu contraseña en Newsreel',
      paragraphs: [
        'Tu cuenta se ha trasladado a la nueva plataforma de Newsreel. Introduce este código en la página de traspaso de cuenta, junto con la contraseña que elijas, para iniciar sesión.',
        'El código es válido durante {{minutes}} minutos y solo funciona una vez.',
      ],
      ignore: 'Si no lo has pedido, ignora este correo: tu cuenta no cambia.',
    },
  },
  ru: {
    common: {
      footer: 'Newsreel — лицензирование новостного видео. Вы получили это письмо из-за действия в вашей учётной записи Newsreel.',
      linkHelp: 'Если кнопка не работает, скопируйте этот адрес в браузер:',
    },
    confirmation: {
      subject: 'Подтвердите адрес электронной почты',
      heading: 'Добро пожаловать в Newsreel',
      paragraphs: [
        'Подтвердите адрес электронной почты и заполните профиль, чтобы начать лицензировать новостное видео.',
        'Ссылка действует 3 дня.',
      ],
      action: 'Подтвердить адрес',
      ignore: 'Если вы не регистрировались в Newsreel, просто проигнорируйте это письмо.',
    },
    final_step: {
      subject: 'Ваша учётная запись Newsreel готова',
      heading: 'Вас пригласили в Newsreel',
      paragraphs: [
        '{{company}} добавила вас в свою команду в Newsreel.',
        'Завершите последний шаг — профиль и пароль, — чтобы начать работу с командой.',
      ],
      action: 'Завершить последний шаг',
      ignore: 'Если вы не знаете эту команду, просто проигнорируйте это письмо.',
    },
    password_reset: {
      subject: 'Сброс пароля',
      heading: 'Сброс пароля',
      paragraphs: ['Кто-то запросил сброс пароля вашей учётной записи Newsreel.', 'Ссылка действует 1 час и срабатывает один раз.'],
      action: 'Задать новый пароль',
      ignore: 'Если это были не вы, проигнорируйте письмо: пароль останется прежним.',
    },
    unlock: {
      subject: 'Ваша учётная запись заблокирована',
      heading: 'Ваша учётная запись заблокирована',
      paragraphs: [
        'После 10 неудачных попыток входа подряд мы заблокировали учётную запись на {{minutes}} минут, чтобы защитить её.',
        'Если это были вы, разблокируйте её сейчас. Если нет — после разблокировки смените пароль.',
      ],
      action: 'Разблокировать учётную запись',
      ignore: 'Блокировка также снимется сама через {{minutes}} минут.',
    },
    admin_two_factor: {
      subject: 'Ваш код входа: {{code}}',
      heading: 'Ваш код входа',
      paragraphs: ['Введите этот код, чтобы завершить вход администратора. Он действует 10 минут и срабатывает один раз.'],
      ignore: 'Если вы не пытались войти, смените пароль: он кому-то известен.',
    },
    account_transfer: {
      subject: 'Код переноса учётной записи: {{code}}',
      heading: 'Задайте пароль в Newsreel',
      paragraphs: [
        'Ваша учётная запись перенесена на новую платформу Newsreel. Чтобы войти, введите этот код на странице переноса учётной записи вместе с новым паролем.',
        'Код действует {{minutes}} минут и срабатывает один раз.',
      ],
      ignore: 'Если вы его не запрашивали, проигнорируйте письмо: в учётной записи ничего не изменится.',
    },
  },
  ar: {
    common: {
      footer: 'Newsreel — ترخيص فيديو الأخبار. تلقيت هذه الرسالة بسبب إجراء في حسابك على Newsreel.',
      linkHelp: 'إذا لم يعمل الزر، انسخ هذا العنوان في متصفحك:',
    },
    confirmation: {
      subject: 'أكّد عنوان بريدك الإلكتروني',
      heading: 'مرحبًا بك في Newsreel',
      paragraphs: ['يرجى تأكيد عنوان بريدك الإلكتروني وإكمال ملفك الشخصي لبدء ترخيص فيديو الأخبار.', 'الرابط صالح لمدة 3 أيام.'],
      action: 'تأكيد البريد الإلكتروني',
      ignore: 'إذا لم تسجّل في Newsreel، يمكنك تجاهل هذه الرسالة.',
    },
    final_step: {
      subject: 'حسابك على Newsreel جاهز',
      heading: 'تمت دعوتك إلى Newsreel',
      paragraphs: ['أضافتك {{company}} إلى فريقها على Newsreel.', 'أكمل الخطوة الأخيرة، ملفك الشخصي وكلمة المرور، لبدء العمل مع الفريق.'],
      action: 'إكمال الخطوة الأخيرة',
      ignore: 'إذا كنت لا تعرف هذا الفريق، يمكنك تجاهل هذه الرسالة.',
    },
    password_reset: {
      subject: 'إعادة تعيين كلمة المرور',
      heading: 'إعادة تعيين كلمة المرور',
      paragraphs: ['طلب أحدهم إعادة تعيين كلمة مرور حسابك على Newsreel.', 'الرابط صالح لمدة ساعة واحدة ويعمل مرة واحدة.'],
      action: 'اختيار كلمة مرور جديدة',
      ignore: 'إذا لم تكن أنت، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
    },
    unlock: {
      subject: 'تم قفل حسابك',
      heading: 'تم قفل حسابك',
      paragraphs: [
        'بعد 10 محاولات فاشلة متتالية لتسجيل الدخول، قفلنا حسابك لمدة {{minutes}} دقيقة لحمايته.',
        'إذا كنت أنت، يمكنك فتحه الآن. وإن لم تكن أنت، ففكّر في تغيير كلمة المرور بعد فتحه.',
      ],
      action: 'فتح حسابي',
      ignore: 'ينتهي القفل تلقائيًا أيضًا بعد {{minutes}} دقيقة.',
    },
    admin_two_factor: {
      subject: 'رمز تسجيل الدخول: {{code}}',
      heading: 'رمز تسجيل الدخول',
      paragraphs: ['أدخل هذا الرمز لإكمال تسجيل الدخول كمسؤول. الرمز صالح لمدة 10 دقائق ويعمل مرة واحدة.'],
      ignore: 'إذا لم تحاول تسجيل الدخول، فغيّر كلمة المرور: هناك من يعرفها.',
    },
    account_transfer: {
      subject: 'رمز نقل الحساب: {{code}}',
      heading: 'اختر كلمة مرورك على Newsreel',
      paragraphs: [
        'انتقل حسابك إلى منصة Newsreel الجديدة. أدخل هذا الرمز في صفحة نقل الحساب مع كلمة المرور التي تختارها لتسجيل الدخول.',
        'الرمز صالح لمدة {{minutes}} دقيقة ويعمل مرة واحدة.',
      ],
      ignore: 'إذا لم تطلبه، فتجاهل هذه الرسالة: لن يتغير شيء في حسابك.',
    },
  },
};

/** E-mail texts in the four interface languages, every kind; `{{name}}` is filled from the message's values. */
export const MAIL_TEXTS: Record<
  Locale,
  LocaleTexts &
    Record<
      | CommerceMailKind
      | CareersMailKind
      | BroadcastMailKind
      | NewsroomMailKind
      | SupportMailKind
      | PassApplicationMailKind
      | LiveBookingMailKind
      | InboxMailKind
      | SavedSearchMailKind,
      KindTexts
    >
> = {
  en: {
    ...ACCOUNT_TEXTS.en,
    ...COMMERCE_TEXTS.en,
    ...CAREERS_TEXTS.en,
    ...BROADCAST_TEXTS.en,
    ...NEWSROOM_TEXTS.en,
    ...SUPPORT_TEXTS.en,
    ...PASS_APPLICATION_TEXTS.en,
    ...LIVE_BOOKING_TEXTS.en,
    ...INBOX_TEXTS.en,
    ...SAVED_SEARCH_TEXTS.en,
  },
  es: {
    ...ACCOUNT_TEXTS.es,
    ...COMMERCE_TEXTS.es,
    ...CAREERS_TEXTS.es,
    ...BROADCAST_TEXTS.es,
    ...NEWSROOM_TEXTS.es,
    ...SUPPORT_TEXTS.es,
    ...PASS_APPLICATION_TEXTS.es,
    ...LIVE_BOOKING_TEXTS.es,
    ...INBOX_TEXTS.es,
    ...SAVED_SEARCH_TEXTS.es,
  },
  ru: {
    ...ACCOUNT_TEXTS.ru,
    ...COMMERCE_TEXTS.ru,
    ...CAREERS_TEXTS.ru,
    ...BROADCAST_TEXTS.ru,
    ...NEWSROOM_TEXTS.ru,
    ...SUPPORT_TEXTS.ru,
    ...PASS_APPLICATION_TEXTS.ru,
    ...LIVE_BOOKING_TEXTS.ru,
    ...INBOX_TEXTS.ru,
    ...SAVED_SEARCH_TEXTS.ru,
  },
  ar: {
    ...ACCOUNT_TEXTS.ar,
    ...COMMERCE_TEXTS.ar,
    ...CAREERS_TEXTS.ar,
    ...BROADCAST_TEXTS.ar,
    ...NEWSROOM_TEXTS.ar,
    ...SUPPORT_TEXTS.ar,
    ...PASS_APPLICATION_TEXTS.ar,
    ...LIVE_BOOKING_TEXTS.ar,
    ...INBOX_TEXTS.ar,
    ...SAVED_SEARCH_TEXTS.ar,
  },
};

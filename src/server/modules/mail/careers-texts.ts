import type { Locale } from '../../../common/locales.ts';
import type { KindTexts } from './texts.ts';

/**
 * E-mails about job applications (issue: careers): the applicant's confirmation and the recruiters'
 * notice; from the business desk's careers inbox (issue 29), the invitation to an interview and the
 * decline, each with the desk's message.
 */
export const CAREERS_MAIL_KINDS = [
  'career_application_received',
  'career_application_notice',
  'career_application_interview',
  'career_application_declined',
] as const;

/**
 * Their texts in the four interface languages; `{{item}}` is the vacancy, `{{name}}` the applicant,
 * `{{reason}}` the desk's message (its paragraph is left out when there is none). The notice goes to
 * the recruiting address (RECRUITING_EMAIL) in English; the others in the language the applicant used.
 */
export const CAREERS_TEXTS: Record<Locale, Record<(typeof CAREERS_MAIL_KINDS)[number], KindTexts>> = {
  en: {
    career_application_interview: {
      subject: 'Your application for {{item}}: an interview',
      heading: 'We would like to meet you',
      paragraphs: [
        'Dear {{name}}, thank you for your application for {{item}}. We would like to invite you to an interview.',
        '{{reason}}',
      ],
      ignore: 'If you did not apply for a job at Newsreel, you can ignore this e-mail.',
    },
    career_application_declined: {
      subject: 'Your application for {{item}}',
      heading: 'About your application',
      paragraphs: [
        'Dear {{name}}, thank you for your interest in {{item}}. After careful consideration we will not be taking your application further.',
        '{{reason}}',
        'We wish you every success and hope to hear from you again.',
      ],
      ignore: 'If you did not apply for a job at Newsreel, you can ignore this e-mail.',
    },
    career_application_received: {
      subject: 'We have your application: {{item}}',
      heading: 'Thank you for your application',
      paragraphs: [
        'Dear {{name}}, we have received your application for {{item}} with the files you attached.',
        'Our recruiting team reads every application and will contact you if your profile matches the position.',
      ],
      ignore: 'If you did not apply for a job at Newsreel, you can ignore this e-mail.',
    },
    career_application_notice: {
      subject: 'New application: {{item}}',
      heading: 'A new job application',
      paragraphs: ['{{name}} has applied for {{item}}.', 'The application and its files are in the careers admin calls.'],
      ignore: 'You receive this notice because this address is the recruiting address of Newsreel.',
    },
  },
  es: {
    career_application_interview: {
      subject: 'Tu candidatura para {{item}}: una entrevista',
      heading: 'Nos gustaría conocerte',
      paragraphs: ['Hola, {{name}}: gracias por tu candidatura para {{item}}. Nos gustaría invitarte a una entrevista.', '{{reason}}'],
      ignore: 'Si no has solicitado un empleo en Newsreel, puedes ignorar este correo.',
    },
    career_application_declined: {
      subject: 'Tu candidatura para {{item}}',
      heading: 'Sobre tu candidatura',
      paragraphs: [
        'Hola, {{name}}: gracias por tu interés en {{item}}. Tras estudiarla con atención, no seguiremos adelante con tu candidatura.',
        '{{reason}}',
        'Te deseamos mucho éxito y esperamos volver a saber de ti.',
      ],
      ignore: 'Si no has solicitado un empleo en Newsreel, puedes ignorar este correo.',
    },
    career_application_received: {
      subject: 'Hemos recibido tu candidatura: {{item}}',
      heading: 'Gracias por tu candidatura',
      paragraphs: [
        'Hola, {{name}}: hemos recibido tu candidatura para {{item}} con los archivos adjuntos.',
        'Nuestro equipo de selección lee todas las candidaturas y se pondrá en contacto contigo si tu perfil encaja con el puesto.',
      ],
      ignore: 'Si no has solicitado un empleo en Newsreel, puedes ignorar este correo.',
    },
    career_application_notice: {
      subject: 'Nueva candidatura: {{item}}',
      heading: 'Una nueva candidatura',
      paragraphs: [
        '{{name}} ha enviado una candidatura para {{item}}.',
        'La candidatura y sus archivos están en la administración de empleo.',
      ],
      ignore: 'Recibes este aviso porque esta es la dirección de selección de Newsreel.',
    },
  },
  ru: {
    career_application_interview: {
      subject: 'Ваш отклик на вакансию «{{item}}»: приглашение на собеседование',
      heading: 'Мы хотели бы с вами познакомиться',
      paragraphs: ['{{name}}, спасибо за отклик на вакансию «{{item}}». Приглашаем вас на собеседование.', '{{reason}}'],
      ignore: 'Если вы не откликались на вакансию в Newsreel, просто проигнорируйте это письмо.',
    },
    career_application_declined: {
      subject: 'Ваш отклик на вакансию «{{item}}»',
      heading: 'О вашем отклике',
      paragraphs: [
        '{{name}}, спасибо за интерес к вакансии «{{item}}». Мы внимательно рассмотрели ваш отклик, но, к сожалению, не готовы продолжить.',
        '{{reason}}',
        'Желаем вам успехов и будем рады новым откликам.',
      ],
      ignore: 'Если вы не откликались на вакансию в Newsreel, просто проигнорируйте это письмо.',
    },
    career_application_received: {
      subject: 'Мы получили ваш отклик: {{item}}',
      heading: 'Спасибо за отклик',
      paragraphs: [
        '{{name}}, мы получили ваш отклик на вакансию «{{item}}» вместе с приложенными файлами.',
        'Наша команда по подбору читает каждый отклик и свяжется с вами, если ваш опыт подходит для этой позиции.',
      ],
      ignore: 'Если вы не откликались на вакансию в Newsreel, просто проигнорируйте это письмо.',
    },
    career_application_notice: {
      subject: 'Новый отклик: {{item}}',
      heading: 'Новый отклик на вакансию',
      paragraphs: ['{{name}} откликнулся на вакансию «{{item}}».', 'Отклик и файлы доступны в разделе администрирования вакансий.'],
      ignore: 'Вы получили это уведомление, потому что этот адрес указан как адрес отдела подбора Newsreel.',
    },
  },
  ar: {
    career_application_interview: {
      subject: 'طلبك لوظيفة {{item}}: دعوة إلى مقابلة',
      heading: 'يسعدنا أن نلتقي بك',
      paragraphs: ['عزيزي {{name}}، شكرًا على طلبك لوظيفة {{item}}. يسعدنا أن ندعوك إلى مقابلة.', '{{reason}}'],
      ignore: 'إذا لم تتقدّم لوظيفة في Newsreel، يمكنك تجاهل هذه الرسالة.',
    },
    career_application_declined: {
      subject: 'طلبك لوظيفة {{item}}',
      heading: 'بشأن طلبك',
      paragraphs: [
        'عزيزي {{name}}، شكرًا على اهتمامك بوظيفة {{item}}. بعد دراسة طلبك بعناية، قرّرنا عدم المضي فيه.',
        '{{reason}}',
        'نتمنى لك كل التوفيق ويسعدنا أن نسمع منك مجددًا.',
      ],
      ignore: 'إذا لم تتقدّم لوظيفة في Newsreel، يمكنك تجاهل هذه الرسالة.',
    },
    career_application_received: {
      subject: 'تلقّينا طلبك: {{item}}',
      heading: 'شكرًا على طلبك',
      paragraphs: [
        'عزيزي {{name}}، تلقّينا طلبك لوظيفة {{item}} مع الملفات التي أرفقتها.',
        'يقرأ فريق التوظيف لدينا كل طلب، وسنتواصل معك إذا كان ملفك مناسبًا للوظيفة.',
      ],
      ignore: 'إذا لم تتقدّم لوظيفة في Newsreel، يمكنك تجاهل هذه الرسالة.',
    },
    career_application_notice: {
      subject: 'طلب جديد: {{item}}',
      heading: 'طلب توظيف جديد',
      paragraphs: ['تقدّم {{name}} لوظيفة {{item}}.', 'الطلب وملفاته متاحة في إدارة الوظائف.'],
      ignore: 'تصلك هذه الرسالة لأن هذا العنوان هو عنوان التوظيف في Newsreel.',
    },
  },
};

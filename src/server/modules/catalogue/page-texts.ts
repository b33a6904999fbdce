import type { Locale } from '../../../common/locales.ts';

type Page = { title: string; html: string };

/** The static pages in the four languages (terms of service come from the accounts' terms). */
export const PAGE_TEXTS: Record<'about' | 'privacy-policy' | 'cookie-policy' | 'impressum', Record<Locale, Page>> = {
  about: {
    en: {
      title: 'About Newsreel',
      html: `<h2>What we do</h2><p>Newsreel licenses news video to broadcasters, publishers and agencies: edited stories with shotlists, and live events from around the world.</p>
<h2>How licensing works</h2><p>Buy a single clip, take a subscription pass, or work under an enterprise agreement with limits per team member. Every download names its rights and restrictions.</p>
<h2>Contact</h2><p>Sales: <a href="mailto:sales@newsreel.example">sales@newsreel.example</a>. Newsroom: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>`,
    },
    es: {
      title: 'Quiénes somos',
      html: `<h2>Qué hacemos</h2><p>Newsreel licencia vídeo informativo a cadenas, editores y agencias: piezas editadas con lista de planos y eventos en directo de todo el mundo.</p>
<h2>Cómo funciona la licencia</h2><p>Compra un clip suelto, contrata un pase de suscripción o trabaja con un acuerdo empresarial con límites por miembro del equipo. Cada descarga indica sus derechos y restricciones.</p>
<h2>Contacto</h2><p>Ventas: <a href="mailto:sales@newsreel.example">sales@newsreel.example</a>. Redacción: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>`,
    },
    ru: {
      title: 'О Newsreel',
      html: `<h2>Чем мы занимаемся</h2><p>Newsreel лицензирует новостное видео для телеканалов, издателей и агентств: смонтированные сюжеты с монтажными листами и прямые трансляции со всего мира.</p>
<h2>Как устроено лицензирование</h2><p>Купите отдельный ролик, оформите подписку или работайте по корпоративному договору с лимитами для каждого сотрудника. Для каждого скачивания указаны права и ограничения.</p>
<h2>Контакты</h2><p>Отдел продаж: <a href="mailto:sales@newsreel.example">sales@newsreel.example</a>. Редакция: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>`,
    },
    ar: {
      title: 'من نحن',
      html: `<h2>ماذا نفعل</h2><p>يرخّص Newsreel فيديو الأخبار للقنوات والناشرين والوكالات: قصص محررة مع قوائم اللقطات وأحداث مباشرة من حول العالم.</p>
<h2>كيف يعمل الترخيص</h2><p>اشترِ مقطعًا واحدًا أو اشترك أو اعمل وفق اتفاقية مؤسسية بحدود لكل عضو في الفريق. يذكر كل تنزيل حقوقه وقيوده.</p>
<h2>اتصل بنا</h2><p>المبيعات: <a href="mailto:sales@newsreel.example">sales@newsreel.example</a>. غرفة الأخبار: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>`,
    },
  },
  'privacy-policy': {
    en: {
      title: 'Privacy policy',
      html: `<h2>What we collect</h2><p>Your account details, your company's billing details, what you download and when, and technical data needed to keep the service secure.</p>
<h2>Why</h2><p>To provide and bill the service, to keep licences and quotas, to protect accounts, and, with your consent, to send the newsletter.</p>
<h2>How long</h2><p>Account data while the account exists; download records for as long as the licences they prove.</p>
<h2>Your rights</h2><p>You can see, correct, export or delete your data. Write to <a href="mailto:privacy@newsreel.example">privacy@newsreel.example</a>.</p>`,
    },
    es: {
      title: 'Política de privacidad',
      html: `<h2>Qué recopilamos</h2><p>Los datos de tu cuenta, los datos de facturación de tu empresa, qué descargas y cuándo, y los datos técnicos necesarios para mantener el servicio seguro.</p>
<h2>Para qué</h2><p>Para prestar y facturar el servicio, mantener licencias y cuotas, proteger las cuentas y, con tu consentimiento, enviar el boletín.</p>
<h2>Durante cuánto tiempo</h2><p>Los datos de la cuenta mientras exista; los registros de descargas mientras prueben las licencias.</p>
<h2>Tus derechos</h2><p>Puedes consultar, corregir, exportar o eliminar tus datos. Escribe a <a href="mailto:privacy@newsreel.example">privacy@newsreel.example</a>.</p>`,
    },
    ru: {
      title: 'Политика конфиденциальности',
      html: `<h2>Что мы собираем</h2><p>Данные учётной записи, платёжные реквизиты компании, что и когда вы скачиваете, а также технические данные, необходимые для безопасности сервиса.</p>
<h2>Зачем</h2><p>Чтобы предоставлять и оплачивать сервис, вести лицензии и квоты, защищать учётные записи и, с вашего согласия, присылать рассылку.</p>
<h2>Как долго</h2><p>Данные учётной записи — пока она существует; записи о скачиваниях — пока они подтверждают лицензии.</p>
<h2>Ваши права</h2><p>Вы можете просмотреть, исправить, выгрузить или удалить свои данные. Пишите на <a href="mailto:privacy@newsreel.example">privacy@newsreel.example</a>.</p>`,
    },
    ar: {
      title: 'سياسة الخصوصية',
      html: `<h2>ما الذي نجمعه</h2><p>بيانات حسابك وبيانات الفوترة لشركتك وما تنزّله ومتى، والبيانات التقنية اللازمة لحماية الخدمة.</p>
<h2>لماذا</h2><p>لتقديم الخدمة وفوترتها، وحفظ التراخيص والحصص، وحماية الحسابات، وإرسال النشرة الإخبارية بموافقتك.</p>
<h2>إلى متى</h2><p>بيانات الحساب ما دام الحساب قائمًا، وسجلات التنزيل ما دامت تثبت التراخيص.</p>
<h2>حقوقك</h2><p>يمكنك الاطلاع على بياناتك وتصحيحها وتصديرها وحذفها. راسلنا على <a href="mailto:privacy@newsreel.example">privacy@newsreel.example</a>.</p>`,
    },
  },
  'cookie-policy': {
    en: {
      title: 'Cookie policy',
      html: `<h2>Strictly necessary</h2><p>Your session and your cookie choice. They are always on.</p>
<h2>Performance</h2><p>Anonymous measurements of page speed, only with your consent.</p>
<h2>Functional</h2><p>Your language, time zone, newsletter choice and list view, kept up to a year, only with your consent.</p>
<h2>Marketing</h2><p>Offers on other sites, only with your consent. Change your choice at any time under "Cookie settings" in the footer.</p>`,
    },
    es: {
      title: 'Política de cookies',
      html: `<h2>Estrictamente necesarias</h2><p>Tu sesión y tu elección de cookies. Siempre están activas.</p>
<h2>Rendimiento</h2><p>Mediciones anónimas de la velocidad de las páginas, solo con tu consentimiento.</p>
<h2>Funcionales</h2><p>Tu idioma, zona horaria, elección del boletín y vista de listas, guardados hasta un año, solo con tu consentimiento.</p>
<h2>Marketing</h2><p>Ofertas en otros sitios, solo con tu consentimiento. Cambia tu elección cuando quieras en «Configuración de cookies», en el pie de página.</p>`,
    },
    ru: {
      title: 'Политика в отношении cookie',
      html: `<h2>Необходимые</h2><p>Ваш сеанс и ваш выбор cookie. Они всегда включены.</p>
<h2>Аналитические</h2><p>Анонимные измерения скорости страниц — только с вашего согласия.</p>
<h2>Функциональные</h2><p>Язык, часовой пояс, выбор рассылки и вид списков хранятся до года — только с вашего согласия.</p>
<h2>Маркетинговые</h2><p>Предложения на других сайтах — только с вашего согласия. Изменить выбор можно в любой момент в разделе «Настройки cookie» внизу страницы.</p>`,
    },
    ar: {
      title: 'سياسة ملفات تعريف الارتباط',
      html: `<h2>الضرورية للغاية</h2><p>جلستك واختيارك لملفات تعريف الارتباط. مفعّلة دائمًا.</p>
<h2>الأداء</h2><p>قياسات مجهولة لسرعة الصفحات، بموافقتك فقط.</p>
<h2>الوظيفية</h2><p>لغتك ومنطقتك الزمنية واختيارك للنشرة وطريقة عرض القوائم، تُحفظ حتى سنة، بموافقتك فقط.</p>
<h2>التسويق</h2><p>عروض على مواقع أخرى، بموافقتك فقط. غيّر اختيارك في أي وقت من «إعدادات ملفات تعريف الارتباط» في تذييل الصفحة.</p>`,
    },
  },
  impressum: {
    en: {
      title: 'Impressum',
      html: `<h2>Publisher</h2><p>Newsreel Media Ltd, 18 Example Street, London EC1A 1AA, United Kingdom.</p>
<h2>Represented by</h2><p>The managing director, Jane Example.</p>
<h2>Register and tax</h2><p>Registered in England and Wales, company number 00000000. VAT number GB 000 0000 00.</p>
<h2>Contact</h2><p>E-mail: <a href="mailto:legal@newsreel.example">legal@newsreel.example</a>. Telephone: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>
<h2>Responsible for content</h2><p>The editor-in-chief, at the address above.</p>`,
    },
    es: {
      title: 'Aviso legal',
      html: `<h2>Editor</h2><p>Newsreel Media Ltd, 18 Example Street, Londres EC1A 1AA, Reino Unido.</p>
<h2>Representada por</h2><p>La directora general, Jane Example.</p>
<h2>Registro e impuestos</h2><p>Inscrita en Inglaterra y Gales con el número de sociedad 00000000. Número de IVA GB 000 0000 00.</p>
<h2>Contacto</h2><p>Correo: <a href="mailto:legal@newsreel.example">legal@newsreel.example</a>. Teléfono: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>
<h2>Responsable del contenido</h2><p>El redactor jefe, en la dirección indicada.</p>`,
    },
    ru: {
      title: 'Выходные данные',
      html: `<h2>Издатель</h2><p>Newsreel Media Ltd, 18 Example Street, Лондон EC1A 1AA, Великобритания.</p>
<h2>Представитель</h2><p>Генеральный директор Джейн Экзампл.</p>
<h2>Регистрация и налоги</h2><p>Зарегистрирована в Англии и Уэльсе, номер компании 00000000. Номер плательщика НДС GB 000 0000 00.</p>
<h2>Контакты</h2><p>Почта: <a href="mailto:legal@newsreel.example">legal@newsreel.example</a>. Телефон: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>
<h2>Ответственный за содержание</h2><p>Главный редактор, по адресу выше.</p>`,
    },
    ar: {
      title: 'بيانات الناشر',
      html: `<h2>الناشر</h2><p>Newsreel Media Ltd، ‏18 Example Street، لندن EC1A 1AA، المملكة المتحدة.</p>
<h2>يمثلها</h2><p>المديرة العامة جين إكزامبل.</p>
<h2>السجل والضرائب</h2><p>مسجلة في إنجلترا وويلز برقم الشركة 00000000. رقم ضريبة القيمة المضافة GB 000 0000 00.</p>
<h2>اتصل بنا</h2><p>البريد: <a href="mailto:legal@newsreel.example">legal@newsreel.example</a>. الهاتف: <a href="tel:+442079460018">+44 20 7946 0018</a>.</p>
<h2>المسؤول عن المحتوى</h2><p>رئيس التحرير، على العنوان أعلاه.</p>`,
    },
  },
};

import type { LocalizedNames } from '../../reference/data/regions.ts';

/** Version 1 of the terms of service; a new version makes every user accept again. */
export const TERMS_V1: { version: number; popupContent: LocalizedNames; content: LocalizedNames } = {
  version: 1,
  popupContent: {
    en: '<p>We have updated our Terms of Service. Please read and accept them to keep licensing and downloading video.</p>',
    es: '<p>Hemos actualizado nuestras Condiciones del servicio. Léelas y acéptalas para seguir licenciando y descargando vídeo.</p>',
    ru: '<p>Мы обновили Условия использования. Прочитайте и примите их, чтобы продолжить лицензировать и скачивать видео.</p>',
    ar: '<p>حدّثنا شروط الخدمة. يرجى قراءتها والموافقة عليها لمواصلة ترخيص الفيديو وتنزيله.</p>',
  },
  content: {
    en: `<h2>1. The service</h2><p>Newsreel gives registered business customers access to news video and live events, and grants licences to use that material under the plan or agreement they hold.</p>
<h2>2. Licences</h2><p>Every download is licensed for the platforms named in your plan or agreement. One-off licences include archival rights for up to 7 days. Material may not be resold or redistributed as footage.</p>
<h2>3. Restrictions</h2><p>Some material carries restrictions (territories, broadcast only, embargo times). You must agree to the restrictions of an item before you download it and respect them when you publish.</p>
<h2>4. Accounts and teams</h2><p>You are responsible for the accounts of your company's members and for keeping passwords secret. Master users and admins manage members and their limits.</p>
<h2>5. Payments and refunds</h2><p>Prices are shown before payment. A pass can be refunded within 14 days of payment if nothing was downloaded.</p>`,
    es: `<h2>1. El servicio</h2><p>Newsreel ofrece a clientes empresariales registrados acceso a vídeo informativo y eventos en directo, y concede licencias para usar ese material según el plan o acuerdo que tengan.</p>
<h2>2. Licencias</h2><p>Cada descarga se licencia para las plataformas indicadas en tu plan o acuerdo. Las licencias puntuales incluyen derechos de archivo de hasta 7 días. El material no puede revenderse ni redistribuirse como imágenes.</p>
<h2>3. Restricciones</h2><p>Parte del material tiene restricciones (territorios, solo emisión, embargos). Debes aceptar las restricciones de cada elemento antes de descargarlo y respetarlas al publicar.</p>
<h2>4. Cuentas y equipos</h2><p>Eres responsable de las cuentas de los miembros de tu empresa y de mantener en secreto las contraseñas. Los usuarios principales y administradores gestionan los miembros y sus límites.</p>
<h2>5. Pagos y reembolsos</h2><p>Los precios se muestran antes del pago. Un pase puede reembolsarse en los 14 días siguientes al pago si no se ha descargado nada.</p>`,
    ru: `<h2>1. Сервис</h2><p>Newsreel предоставляет зарегистрированным корпоративным клиентам доступ к новостному видео и прямым трансляциям и выдаёт лицензии на использование материалов по их тарифу или договору.</p>
<h2>2. Лицензии</h2><p>Каждое скачивание лицензируется для площадок, указанных в тарифе или договоре. Разовые лицензии включают право архивного хранения до 7 дней. Материалы нельзя перепродавать или распространять как исходники.</p>
<h2>3. Ограничения</h2><p>Некоторые материалы имеют ограничения (территории, только эфир, эмбарго). Перед скачиванием нужно согласиться с ограничениями материала и соблюдать их при публикации.</p>
<h2>4. Учётные записи и команды</h2><p>Вы отвечаете за учётные записи сотрудников своей компании и за сохранность паролей. Основные пользователи и администраторы управляют участниками и их лимитами.</p>
<h2>5. Оплата и возврат</h2><p>Цены показываются до оплаты. Подписку можно вернуть в течение 14 дней после оплаты, если ничего не было скачано.</p>`,
    ar: `<h2>1. الخدمة</h2><p>يتيح Newsreel لعملاء الأعمال المسجلين الوصول إلى فيديو الأخبار والأحداث المباشرة، ويمنح تراخيص لاستخدام هذه المواد وفق الخطة أو الاتفاقية التي لديهم.</p>
<h2>2. التراخيص</h2><p>كل تنزيل مرخّص للمنصات المذكورة في خطتك أو اتفاقيتك. تشمل تراخيص المرة الواحدة حقوق الأرشفة لمدة تصل إلى 7 أيام. لا يجوز إعادة بيع المواد أو إعادة توزيعها كلقطات.</p>
<h2>3. القيود</h2><p>تخضع بعض المواد لقيود (مناطق، للبث فقط، أوقات حظر). يجب الموافقة على قيود أي مادة قبل تنزيلها واحترامها عند النشر.</p>
<h2>4. الحسابات والفرق</h2><p>أنت مسؤول عن حسابات أعضاء شركتك وعن الحفاظ على سرية كلمات المرور. يدير المستخدمون الرئيسيون والمسؤولون الأعضاء وحدودهم.</p>
<h2>5. الدفع والاسترداد</h2><p>تُعرض الأسعار قبل الدفع. يمكن استرداد قيمة الاشتراك خلال 14 يومًا من الدفع إذا لم يُنزَّل أي شيء.</p>`,
  },
};

/** The first release note, published with accounts. */
export const RELEASE_NOTE_ACCOUNTS = {
  titles: {
    en: 'Accounts, teams and two-step sign-in',
    es: 'Cuentas, equipos y acceso en dos pasos',
    ru: 'Учётные записи, команды и двухэтапный вход',
    ar: 'الحسابات والفرق وتسجيل الدخول بخطوتين',
  },
  texts: {
    en: 'You can now sign up, complete your profile and choose your notification language and time zone. Administrators confirm each sign-in with a code sent by e-mail.',
    es: 'Ya puedes registrarte, completar tu perfil y elegir el idioma de las notificaciones y tu zona horaria. Los administradores confirman cada acceso con un código enviado por correo.',
    ru: 'Теперь можно зарегистрироваться, заполнить профиль и выбрать язык уведомлений и часовой пояс. Администраторы подтверждают каждый вход кодом из письма.',
    ar: 'يمكنك الآن التسجيل وإكمال ملفك الشخصي واختيار لغة الإشعارات والمنطقة الزمنية. يؤكد المسؤولون كل تسجيل دخول برمز يُرسل بالبريد الإلكتروني.',
  },
};

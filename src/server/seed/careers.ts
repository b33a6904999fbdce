import type { VacancyInput } from '../../common/careers.ts';
import type { Db } from '../db/client.ts';
import { createVacancy } from '../modules/careers/vacancies.ts';
import { vacancies } from '../modules/careers/schema.ts';

/** The demo's open positions, in the four content languages (issue: careers). */
export const DEMO_VACANCIES: VacancyInput[] = [
  {
    employment_type: 'full_time',
    translations: {
      en: {
        title: 'Video Editor, Night Desk',
        department: 'Newsroom',
        location: 'London, United Kingdom',
        summary: 'Cut breaking news packages for broadcasters around the world while Europe sleeps.',
        description:
          'You edit raw footage from our correspondents into clean, branded and credit versions within minutes of it arriving.\n\nWhat you will do:\n- Cut and grade news packages under tight deadlines\n- Check every clip for rights, faces and captions\n- Work with producers in four languages\n\nWhat you bring:\n- Two years of news editing\n- Fluency with a professional editing suite\n- Calm under pressure',
      },
      ar: {
        title: 'محرر فيديو، المناوبة الليلية',
        department: 'غرفة الأخبار',
        location: 'لندن، المملكة المتحدة',
        summary: 'حرّر تقارير الأخبار العاجلة للقنوات حول العالم بينما تنام أوروبا.',
        description:
          'تحرّر اللقطات الخام من مراسلينا إلى نسخ نظيفة وموسومة بالشعار ونسخ بحقوق النشر خلال دقائق من وصولها.\n\nمهامك:\n- مونتاج التقارير الإخبارية ضمن مواعيد ضيقة\n- التحقق من الحقوق والوجوه والتعليقات في كل مقطع\n- العمل مع المنتجين بأربع لغات\n\nما نطلبه:\n- خبرة سنتين في مونتاج الأخبار\n- إتقان برنامج مونتاج احترافي\n- الهدوء تحت الضغط',
      },
      es: {
        title: 'Editor de vídeo, turno de noche',
        department: 'Redacción',
        location: 'Londres, Reino Unido',
        summary: 'Edita piezas de última hora para cadenas de todo el mundo mientras Europa duerme.',
        description:
          'Editas el material de nuestros corresponsales en versiones limpias, con logotipo y con créditos a los pocos minutos de llegar.\n\nQué harás:\n- Editar y etalonar piezas informativas con plazos ajustados\n- Revisar derechos, rostros y rótulos de cada clip\n- Trabajar con productores en cuatro idiomas\n\nQué aportas:\n- Dos años de edición de informativos\n- Dominio de un programa de edición profesional\n- Calma bajo presión',
      },
      ru: {
        title: 'Видеомонтажёр, ночная смена',
        department: 'Редакция',
        location: 'Лондон, Великобритания',
        summary: 'Монтируйте срочные новостные сюжеты для телеканалов по всему миру, пока Европа спит.',
        description:
          'Вы монтируете исходники наших корреспондентов в чистые, брендированные и титрованные версии за считаные минуты.\n\nЧем предстоит заниматься:\n- Монтаж и цветокоррекция сюжетов в сжатые сроки\n- Проверка прав, лиц и титров в каждом ролике\n- Работа с продюсерами на четырёх языках\n\nЧто мы ждём:\n- Два года опыта монтажа новостей\n- Уверенная работа в профессиональном монтажном пакете\n- Спокойствие в условиях дедлайнов',
      },
    },
  },
  {
    employment_type: 'full_time',
    translations: {
      en: {
        title: 'Arabic-speaking Field Producer',
        department: 'Live events',
        location: 'Dubai, United Arab Emirates',
        summary: 'Plan and run live coverage of summits and press conferences across the Gulf.',
        description:
          'You plan live events with our partners, book crews and satellite or SRT links, and stay on the line with the newsroom until the last frame.\n\nWhat you bring:\n- Native Arabic and fluent English\n- Experience producing live news\n- A valid passport and readiness to travel',
      },
      ar: {
        title: 'منتج ميداني يتحدث العربية',
        department: 'الأحداث المباشرة',
        location: 'دبي، الإمارات العربية المتحدة',
        summary: 'خطّط وأدِر التغطية المباشرة للقمم والمؤتمرات الصحفية في منطقة الخليج.',
        description:
          'تخطّط للأحداث المباشرة مع شركائنا، وتحجز الطواقم ووصلات الأقمار الصناعية أو SRT، وتبقى على اتصال مع غرفة الأخبار حتى آخر لقطة.\n\nما نطلبه:\n- العربية لغة أم وإتقان الإنجليزية\n- خبرة في إنتاج الأخبار المباشرة\n- جواز سفر ساري المفعول والاستعداد للسفر',
      },
      es: {
        title: 'Productor de campo de habla árabe',
        department: 'Eventos en directo',
        location: 'Dubái, Emiratos Árabes Unidos',
        summary: 'Planifica y dirige la cobertura en directo de cumbres y ruedas de prensa en el Golfo.',
        description:
          'Planificas los directos con nuestros socios, reservas equipos y enlaces por satélite o SRT, y sigues en contacto con la redacción hasta el último fotograma.\n\nQué aportas:\n- Árabe nativo e inglés fluido\n- Experiencia en producción de noticias en directo\n- Pasaporte en vigor y disponibilidad para viajar',
      },
      ru: {
        title: 'Выездной продюсер со знанием арабского',
        department: 'Прямые трансляции',
        location: 'Дубай, ОАЭ',
        summary: 'Планируйте и ведите прямые трансляции саммитов и пресс-конференций в странах Залива.',
        description:
          'Вы планируете трансляции с партнёрами, бронируете съёмочные группы и спутниковые или SRT-каналы и остаётесь на связи с редакцией до последнего кадра.\n\nЧто мы ждём:\n- Родной арабский и свободный английский\n- Опыт продюсирования новостных трансляций\n- Действующий загранпаспорт и готовность к командировкам',
      },
    },
  },
  {
    employment_type: 'internship',
    translations: {
      en: {
        title: 'Archive and Metadata Intern',
        department: 'Archive',
        location: 'Madrid, Spain (hybrid)',
        summary: 'Six months tagging, describing and restoring two decades of news footage.',
        description:
          'You help our archivists tag and describe footage so customers find it in search, and you learn how a licensing catalogue works from the inside.\n\nWhat you bring:\n- Studies in journalism, history or information science\n- Spanish and English; another language is a plus\n- An eye for detail',
      },
      ar: {
        title: 'متدرب في الأرشيف والبيانات الوصفية',
        department: 'الأرشيف',
        location: 'مدريد، إسبانيا (عمل مختلط)',
        summary: 'ستة أشهر من وسم ووصف وترميم عقدين من اللقطات الإخبارية.',
        description:
          'تساعد أمناء الأرشيف لدينا في وسم اللقطات ووصفها ليجدها العملاء في البحث، وتتعلم كيف يعمل كتالوج الترخيص من الداخل.\n\nما نطلبه:\n- دراسة الصحافة أو التاريخ أو علوم المعلومات\n- الإسبانية والإنجليزية، ولغة أخرى ميزة إضافية\n- الانتباه للتفاصيل',
      },
      es: {
        title: 'Becario de archivo y metadatos',
        department: 'Archivo',
        location: 'Madrid, España (híbrido)',
        summary: 'Seis meses etiquetando, describiendo y restaurando dos décadas de imágenes informativas.',
        description:
          'Ayudas a nuestros documentalistas a etiquetar y describir imágenes para que los clientes las encuentren, y aprendes desde dentro cómo funciona un catálogo de licencias.\n\nQué aportas:\n- Estudios de periodismo, historia o documentación\n- Español e inglés; otro idioma es un plus\n- Atención al detalle',
      },
      ru: {
        title: 'Стажёр архива и метаданных',
        department: 'Архив',
        location: 'Мадрид, Испания (гибридный формат)',
        summary: 'Полгода разметки, описания и восстановления новостных съёмок за двадцать лет.',
        description:
          'Вы помогаете архивистам размечать и описывать материалы, чтобы клиенты находили их в поиске, и изнутри узнаёте, как устроен каталог лицензий.\n\nЧто мы ждём:\n- Образование в журналистике, истории или информационных науках\n- Испанский и английский; ещё один язык будет плюсом\n- Внимание к деталям',
      },
    },
  },
];

/** Seeds the demo vacancies once: a database that has any vacancy keeps what it has. */
export async function seedDemoVacancies(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ id: vacancies.id }).from(vacancies).limit(1);
  if (existing) return;
  // Each a minute older than the one before, so the list (newest first) shows them in this order.
  for (const [index, vacancy] of DEMO_VACANCIES.entries())
    await createVacancy({ db, clock: { now: () => new Date(now.getTime() - index * 60_000) } }, vacancy);
}

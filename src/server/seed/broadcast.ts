import { desc } from 'drizzle-orm';
import type { BroadcastTownIcon } from '../../common/broadcast.ts';
import type { Locale } from '../../common/locales.ts';
import type { Db } from '../db/client.ts';
import { broadcastEvents, broadcastTowns, type BroadcastPhotoScene } from '../modules/broadcast/schema.ts';
import { videoProjects } from '../modules/catalogue/schema.ts';

type Texts = Record<Locale, string>;

/** The studios' features, each said in the four interface languages. */
const FEATURES = {
  hdStudio: {
    en: 'Full HD studio with a city backdrop',
    es: 'Estudio Full HD con fondo de la ciudad',
    ru: 'Студия Full HD с видом на город',
    ar: 'استوديو بدقة Full HD بخلفية المدينة',
  },
  standUp: {
    en: 'Live stand-up position on the roof',
    es: 'Posición de directo en la azotea',
    ru: 'Позиция для прямых включений на крыше',
    ar: 'موقع للبث المباشر على السطح',
  },
  controlRoom: {
    en: 'Control room with vision mixer and graphics',
    es: 'Control de realización con mezclador y grafismo',
    ru: 'Аппаратная с видеомикшером и графикой',
    ar: 'غرفة تحكم مع جهاز مزج الصورة والرسومات',
  },
  uplinks: {
    en: 'SRT, RTMP and satellite uplinks',
    es: 'Enlaces SRT, RTMP y por satélite',
    ru: 'Каналы SRT, RTMP и спутниковая связь',
    ar: 'وصلات SRT وRTMP والأقمار الصناعية',
  },
  makeUp: {
    en: 'Make-up and green room for guests',
    es: 'Maquillaje y sala de espera para invitados',
    ru: 'Гримёрная и комната для гостей',
    ar: 'غرفة مكياج واستراحة للضيوف',
  },
  interpreters: {
    en: 'Interpreters for English, Arabic, Spanish and Russian',
    es: 'Intérpretes de inglés, árabe, español y ruso',
    ru: 'Переводчики английского, арабского, испанского и русского',
    ar: 'مترجمون للإنجليزية والعربية والإسبانية والروسية',
  },
  crews: {
    en: 'Camera crews and producers on call',
    es: 'Equipos de cámara y productores disponibles',
    ru: 'Съёмочные группы и продюсеры по запросу',
    ar: 'طواقم تصوير ومنتجون عند الطلب',
  },
  editSuite: {
    en: 'Edit suite and fast file delivery',
    es: 'Sala de edición y entrega rápida de archivos',
    ru: 'Монтажная и быстрая доставка файлов',
    ar: 'غرفة مونتاج وتسليم سريع للملفات',
  },
  multicam: {
    en: 'Four-camera outside-broadcast van',
    es: 'Unidad móvil con cuatro cámaras',
    ru: 'Передвижная телестанция на четыре камеры',
    ar: 'عربة بث خارجي بأربع كاميرات',
  },
  anywhere: {
    en: 'Anywhere in Europe within 48 hours',
    es: 'En cualquier lugar de Europa en 48 horas',
    ru: 'В любую точку Европы за 48 часов',
    ar: 'إلى أي مكان في أوروبا خلال 48 ساعة',
  },
  launchView: {
    en: 'Camera positions facing the launch pads',
    es: 'Posiciones de cámara frente a las plataformas de lanzamiento',
    ru: 'Камерные позиции с видом на стартовые площадки',
    ar: 'مواقع للكاميرات مقابل منصات الإطلاق',
  },
  launchLive: {
    en: 'Live coverage of launches, day and night',
    es: 'Cobertura en directo de lanzamientos, de día y de noche',
    ru: 'Прямые трансляции пусков днём и ночью',
    ar: 'تغطية مباشرة لعمليات الإطلاق ليلًا ونهارًا',
  },
} satisfies Record<string, Texts>;
type Feature = keyof typeof FEATURES;

type DemoTown = { slug: string; icon: BroadcastTownIcon; names: Texts; features: Feature[]; text?: Texts; photos: BroadcastPhotoScene[] };
const ALL_SCENES: BroadcastPhotoScene[] = ['studio', 'control_room', 'skyline'];
const CITY_STUDIO: Feature[] = ['hdStudio', 'standUp', 'controlRoom', 'uplinks', 'makeUp'];

/** The nine studio towns of the issue, in the page's order. */
export const DEMO_TOWNS: DemoTown[] = [
  {
    slug: 'moscow',
    icon: 'studio',
    names: { en: 'Moscow', es: 'Moscú', ru: 'Москва', ar: 'موسكو' },
    features: [...CITY_STUDIO, 'interpreters'],
    photos: ALL_SCENES,
  },
  {
    slug: 'berlin',
    icon: 'studio',
    names: { en: 'Berlin', es: 'Berlín', ru: 'Берлин', ar: 'برلين' },
    features: [...CITY_STUDIO, 'crews'],
    photos: ALL_SCENES,
  },
  {
    slug: 'london',
    icon: 'studio',
    names: { en: 'London', es: 'Londres', ru: 'Лондон', ar: 'لندن' },
    features: [...CITY_STUDIO, 'editSuite'],
    photos: ALL_SCENES,
  },
  {
    slug: 'paris',
    icon: 'studio',
    names: { en: 'Paris', es: 'París', ru: 'Париж', ar: 'باريس' },
    features: [...CITY_STUDIO, 'interpreters'],
    photos: ALL_SCENES,
  },
  {
    slug: 'madrid',
    icon: 'studio',
    names: { en: 'Madrid', es: 'Madrid', ru: 'Мадрид', ar: 'مدريد' },
    features: ['hdStudio', 'standUp', 'uplinks', 'crews'],
    photos: ALL_SCENES,
  },
  {
    slug: 'new-york',
    icon: 'studio',
    names: { en: 'New York', es: 'Nueva York', ru: 'Нью-Йорк', ar: 'نيويورك' },
    features: [...CITY_STUDIO, 'editSuite'],
    photos: ALL_SCENES,
  },
  {
    slug: 'washington',
    icon: 'studio',
    names: { en: 'Washington', es: 'Washington', ru: 'Вашингтон', ar: 'واشنطن' },
    features: ['hdStudio', 'standUp', 'controlRoom', 'uplinks', 'crews'],
    photos: ALL_SCENES,
  },
  {
    slug: 'ob-van',
    icon: 'ob_van',
    names: { en: 'OB van', es: 'Unidad móvil', ru: 'ПТС', ar: 'عربة البث الخارجي' },
    features: ['multicam', 'anywhere', 'uplinks', 'crews'],
    text: {
      en: 'Our outside-broadcast van takes a full control room to summits, matches and breaking news.',
      es: 'Nuestra unidad móvil lleva un control completo a cumbres, partidos y noticias de última hora.',
      ru: 'Наша ПТС привозит полноценную аппаратную на саммиты, матчи и к месту срочных новостей.',
      ar: 'تنقل عربة البث الخارجي غرفة تحكم كاملة إلى القمم والمباريات والأخبار العاجلة.',
    },
    photos: ['control_room', 'skyline'],
  },
  {
    slug: 'baikonur',
    icon: 'launch_site',
    names: { en: 'Baikonur', es: 'Baikonur', ru: 'Байконур', ar: 'بايكونور' },
    features: ['launchView', 'launchLive', 'uplinks', 'interpreters'],
    text: {
      en: 'Camera positions and a live studio at the cosmodrome, for every crewed and cargo launch.',
      es: 'Posiciones de cámara y un estudio en directo en el cosmódromo, para cada lanzamiento tripulado o de carga.',
      ru: 'Камерные позиции и студия прямого эфира на космодроме — для каждого пилотируемого и грузового пуска.',
      ar: 'مواقع للكاميرات واستوديو للبث المباشر في قاعدة الإطلاق، لكل إطلاق مأهول أو للشحن.',
    },
    photos: ['skyline', 'studio'],
  },
];

type DemoEvent = { inDays: number; hours: number; country: string; city: Texts; title: Texts };
/** Events the studios will cover, from a few days after seeding on. */
export const DEMO_BROADCAST_EVENTS: DemoEvent[] = [
  {
    inDays: 3,
    hours: 6,
    country: 'DE',
    city: { en: 'Berlin', es: 'Berlín', ru: 'Берлин', ar: 'برلين' },
    title: {
      en: 'European energy ministers meet',
      es: 'Reunión de ministros de energía europeos',
      ru: 'Встреча министров энергетики ЕС',
      ar: 'اجتماع وزراء الطاقة الأوروبيين',
    },
  },
  {
    inDays: 8,
    hours: 4,
    country: 'KZ',
    city: { en: 'Baikonur', es: 'Baikonur', ru: 'Байконур', ar: 'بايكونور' },
    title: {
      en: 'Crewed launch to the space station',
      es: 'Lanzamiento tripulado a la estación espacial',
      ru: 'Пилотируемый пуск к космической станции',
      ar: 'إطلاق مأهول إلى المحطة الفضائية',
    },
  },
  {
    inDays: 12,
    hours: 10,
    country: 'US',
    city: { en: 'New York', es: 'Nueva York', ru: 'Нью-Йорк', ar: 'نيويورك' },
    title: {
      en: 'United Nations General Assembly debate',
      es: 'Debate de la Asamblea General de la ONU',
      ru: 'Дебаты Генеральной Ассамблеи ООН',
      ar: 'مناقشة الجمعية العامة للأمم المتحدة',
    },
  },
  {
    inDays: 19,
    hours: 3,
    country: 'GB',
    city: { en: 'London', es: 'Londres', ru: 'Лондон', ar: 'لندن' },
    title: { en: 'Budget statement', es: 'Presentación de los presupuestos', ru: 'Представление бюджета', ar: 'عرض الميزانية' },
  },
  {
    inDays: 26,
    hours: 8,
    country: 'FR',
    city: { en: 'Paris', es: 'París', ru: 'Париж', ar: 'باريس' },
    title: { en: 'Climate summit', es: 'Cumbre del clima', ru: 'Климатический саммит', ar: 'قمة المناخ' },
  },
  {
    inDays: 33,
    hours: 5,
    country: 'ES',
    city: { en: 'Madrid', es: 'Madrid', ru: 'Мадрид', ar: 'مدريد' },
    title: {
      en: 'Ibero-American leaders’ summit',
      es: 'Cumbre Iberoamericana',
      ru: 'Иберо-американский саммит',
      ar: 'القمة الأيبيرية الأمريكية',
    },
  },
  {
    inDays: 40,
    hours: 2,
    country: 'US',
    city: { en: 'Washington', es: 'Washington', ru: 'Вашингтон', ar: 'واشنطن' },
    title: {
      en: 'Central bank rate decision',
      es: 'Decisión de tipos del banco central',
      ru: 'Решение центробанка по ставке',
      ar: 'قرار البنك المركزي بشأن الفائدة',
    },
  },
];

/**
 * The studio towns and the future events (issue: broadcast services). Each town shows two of the
 * newest catalogue videos, whose preview clips the demo makes at start-up (media/demo-clips.ts).
 * Idempotent: nothing is added once a town exists.
 */
export async function seedDemoBroadcast(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ id: broadcastTowns.id }).from(broadcastTowns).limit(1);
  if (existing) return;
  const newest = await db
    .select({ slug: videoProjects.projectSlug })
    .from(videoProjects)
    .orderBy(desc(videoProjects.publishedAt))
    .limit(DEMO_TOWNS.length * 2);
  await db.insert(broadcastTowns).values(
    DEMO_TOWNS.map((town, index) => ({
      slug: town.slug,
      icon: town.icon,
      names: town.names,
      features: {
        en: town.features.map((feature) => FEATURES[feature].en),
        es: town.features.map((feature) => FEATURES[feature].es),
        ru: town.features.map((feature) => FEATURES[feature].ru),
        ar: town.features.map((feature) => FEATURES[feature].ar),
      },
      texts: town.text ?? {},
      photos: town.photos,
      videos: [newest[index]?.slug, newest[index + DEMO_TOWNS.length]?.slug].filter((slug): slug is string => slug !== undefined),
      position: index,
    })),
  );
  const day = (inDays: number) => {
    const start = new Date(now.getTime() + inDays * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    return start;
  };
  await db.insert(broadcastEvents).values(
    DEMO_BROADCAST_EVENTS.map((event) => ({
      startsAt: day(event.inDays),
      endsAt: new Date(day(event.inDays).getTime() + event.hours * 3_600_000),
      country: event.country,
      city: event.city,
      titles: event.title,
    })),
  );
}

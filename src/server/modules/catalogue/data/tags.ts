import type { LocalizedText } from './categories.ts';

export type TagViewType = 'default' | 'landing' | 'hot';

export type DemoTag = {
  slug: string;
  names: LocalizedText;
  viewType: TagViewType;
  /** The tag's landing page lives outside the catalogue (an editorial special), so links leave the list view. */
  externalLanding: boolean;
  /** Category slugs the tag fits; the first is its home category, from which the generator draws extra tags. */
  categories: readonly string[];
};

type TagOptions = { viewType?: TagViewType; externalLanding?: boolean };

function tag(slug: string, names: LocalizedText, categories: readonly string[], options: TagOptions = {}): DemoTag {
  return { slug, names, categories, viewType: options.viewType ?? 'default', externalLanding: options.externalLanding ?? false };
}

/** Running coverage gets a landing page; breaking subjects are flagged hot. */
const LANDING = { viewType: 'landing', externalLanding: true } as const;
const HOT = { viewType: 'hot' } as const;

export const TAGS: readonly DemoTag[] = [
  // Politics
  tag('elections', { en: 'Elections', es: 'Elecciones', ru: 'Выборы', ar: 'الانتخابات' }, ['politics'], LANDING),
  tag('protests', { en: 'Protests', es: 'Protestas', ru: 'Протесты', ar: 'الاحتجاجات' }, ['politics', 'society', 'environment'], HOT),
  tag('parliament', { en: 'Parliament', es: 'Parlamento', ru: 'Парламент', ar: 'البرلمان' }, ['politics']),
  tag('government', { en: 'Government', es: 'Gobierno', ru: 'Правительство', ar: 'الحكومة' }, ['politics', 'economy']),
  // Society
  tag('royals', { en: 'Royals', es: 'Realeza', ru: 'Королевские семьи', ar: 'العائلات المالكة' }, [
    'society',
    'cultural-events-and-celebrations',
  ]),
  tag('migration', { en: 'Migration', es: 'Migración', ru: 'Миграция', ar: 'الهجرة' }, ['society', 'world']),
  tag('education', { en: 'Education', es: 'Educación', ru: 'Образование', ar: 'التعليم' }, ['society', 'science-and-technology']),
  tag('strikes', { en: 'Strikes', es: 'Huelgas', ru: 'Забастовки', ar: 'الإضرابات' }, ['society', 'economy', 'health']),
  tag('housing', { en: 'Housing', es: 'Vivienda', ru: 'Жильё', ar: 'الإسكان' }, ['society', 'economy']),
  tag('transport', { en: 'Transport', es: 'Transporte', ru: 'Транспорт', ar: 'النقل' }, ['society', 'economy', 'disasters-and-accidents']),
  tag('human-rights', { en: 'Human rights', es: 'Derechos humanos', ru: 'Права человека', ar: 'حقوق الإنسان' }, [
    'society',
    'world',
    'crime-and-justice',
  ]),
  // Culture
  tag('religion', { en: 'Religion', es: 'Religión', ru: 'Религия', ar: 'الدين' }, ['cultural-events-and-celebrations', 'society']),
  tag('festivals', { en: 'Festivals', es: 'Festivales', ru: 'Фестивали', ar: 'المهرجانات' }, ['cultural-events-and-celebrations']),
  tag('music', { en: 'Music', es: 'Música', ru: 'Музыка', ar: 'الموسيقى' }, ['cultural-events-and-celebrations']),
  tag('film', { en: 'Film', es: 'Cine', ru: 'Кино', ar: 'السينما' }, ['cultural-events-and-celebrations']),
  tag('art-and-exhibitions', { en: 'Art and exhibitions', es: 'Arte y exposiciones', ru: 'Искусство и выставки', ar: 'الفنون والمعارض' }, [
    'cultural-events-and-celebrations',
  ]),
  tag('heritage', { en: 'Heritage', es: 'Patrimonio', ru: 'Культурное наследие', ar: 'التراث' }, ['cultural-events-and-celebrations']),
  tag('holidays', { en: 'Holidays and traditions', es: 'Fiestas y tradiciones', ru: 'Праздники и традиции', ar: 'الأعياد والتقاليد' }, [
    'cultural-events-and-celebrations',
    'society',
  ]),
  // Economy
  tag('inflation', { en: 'Inflation', es: 'Inflación', ru: 'Инфляция', ar: 'التضخم' }, ['economy', 'society']),
  tag('energy', { en: 'Energy', es: 'Energía', ru: 'Энергетика', ar: 'الطاقة' }, ['economy', 'environment']),
  tag('trade', { en: 'Trade', es: 'Comercio', ru: 'Торговля', ar: 'التجارة' }, ['economy', 'world']),
  tag('tourism', { en: 'Tourism', es: 'Turismo', ru: 'Туризм', ar: 'السياحة' }, ['economy', 'cultural-events-and-celebrations']),
  tag('jobs', { en: 'Jobs', es: 'Empleo', ru: 'Занятость', ar: 'سوق العمل' }, ['economy', 'society']),
  tag('agriculture', { en: 'Agriculture', es: 'Agricultura', ru: 'Сельское хозяйство', ar: 'الزراعة' }, [
    'economy',
    'environment',
    'science-and-technology',
  ]),
  // World
  tag('diplomacy', { en: 'Diplomacy', es: 'Diplomacia', ru: 'Дипломатия', ar: 'الدبلوماسية' }, ['world', 'politics']),
  tag('summits', { en: 'Summits', es: 'Cumbres', ru: 'Саммиты', ar: 'القمم' }, ['world', 'politics']),
  tag(
    'un-general-assembly',
    { en: 'UN General Assembly', es: 'Asamblea General de la ONU', ru: 'Генассамблея ООН', ar: 'الجمعية العامة للأمم المتحدة' },
    ['world'],
    LANDING,
  ),
  tag(
    'middle-east-talks',
    { en: 'Middle East talks', es: 'Negociaciones sobre Oriente Medio', ru: 'Ближневосточные переговоры', ar: 'محادثات الشرق الأوسط' },
    ['world', 'conflicts'],
    LANDING,
  ),
  tag('sanctions', { en: 'Sanctions', es: 'Sanciones', ru: 'Санкции', ar: 'العقوبات' }, ['world', 'economy']),
  // Conflicts
  tag('refugees', { en: 'Refugees', es: 'Refugiados', ru: 'Беженцы', ar: 'اللاجئون' }, ['conflicts', 'society', 'world']),
  tag('ceasefire', { en: 'Ceasefire', es: 'Alto el fuego', ru: 'Перемирие', ar: 'وقف إطلاق النار' }, ['conflicts', 'world']),
  tag('humanitarian-aid', { en: 'Humanitarian aid', es: 'Ayuda humanitaria', ru: 'Гуманитарная помощь', ar: 'المساعدات الإنسانية' }, [
    'conflicts',
    'disasters-and-accidents',
    'world',
  ]),
  tag('military', { en: 'Military', es: 'Fuerzas armadas', ru: 'Армия', ar: 'الجيش' }, ['conflicts', 'politics']),
  // Disasters and accidents
  tag('earthquakes', { en: 'Earthquakes', es: 'Terremotos', ru: 'Землетрясения', ar: 'الزلازل' }, ['disasters-and-accidents'], HOT),
  tag('floods', { en: 'Floods', es: 'Inundaciones', ru: 'Наводнения', ar: 'الفيضانات' }, ['disasters-and-accidents', 'environment']),
  tag(
    'wildfires',
    { en: 'Wildfires', es: 'Incendios forestales', ru: 'Лесные пожары', ar: 'حرائق الغابات' },
    ['disasters-and-accidents', 'environment'],
    HOT,
  ),
  tag('storms', { en: 'Storms', es: 'Temporales', ru: 'Штормы и ураганы', ar: 'العواصف' }, ['disasters-and-accidents']),
  tag('accidents', { en: 'Accidents', es: 'Accidentes', ru: 'Аварии', ar: 'الحوادث' }, ['disasters-and-accidents']),
  tag('heatwaves', { en: 'Heatwaves', es: 'Olas de calor', ru: 'Аномальная жара', ar: 'موجات الحر' }, [
    'disasters-and-accidents',
    'health',
    'environment',
  ]),
  // Environment
  tag('climate', { en: 'Climate', es: 'Clima', ru: 'Климат', ar: 'المناخ' }, ['environment', 'world'], LANDING),
  tag('wildlife', { en: 'Wildlife', es: 'Fauna', ru: 'Дикая природа', ar: 'الحياة البرية' }, ['environment']),
  tag('pollution', { en: 'Pollution', es: 'Contaminación', ru: 'Загрязнение', ar: 'التلوث' }, ['environment', 'health']),
  tag('renewables', { en: 'Renewable energy', es: 'Energías renovables', ru: 'Возобновляемая энергетика', ar: 'الطاقة المتجددة' }, [
    'environment',
    'economy',
    'science-and-technology',
  ]),
  // Science and technology
  tag('space', { en: 'Space', es: 'Espacio', ru: 'Космос', ar: 'الفضاء' }, ['science-and-technology']),
  tag(
    'ai',
    { en: 'Artificial intelligence', es: 'Inteligencia artificial', ru: 'Искусственный интеллект', ar: 'الذكاء الاصطناعي' },
    ['science-and-technology', 'economy'],
    HOT,
  ),
  tag('cybersecurity', { en: 'Cybersecurity', es: 'Ciberseguridad', ru: 'Кибербезопасность', ar: 'الأمن السيبراني' }, [
    'science-and-technology',
    'crime-and-justice',
  ]),
  tag('research', { en: 'Research', es: 'Investigación', ru: 'Исследования', ar: 'البحث العلمي' }, ['science-and-technology', 'health']),
  // Health
  tag('vaccines', { en: 'Vaccines', es: 'Vacunas', ru: 'Вакцины', ar: 'اللقاحات' }, ['health']),
  tag('hospitals', { en: 'Hospitals', es: 'Hospitales', ru: 'Больницы', ar: 'المستشفيات' }, ['health', 'science-and-technology']),
  tag('outbreaks', { en: 'Outbreaks', es: 'Brotes', ru: 'Вспышки заболеваний', ar: 'تفشي الأمراض' }, ['health']),
  // Sport
  tag('football', { en: 'Football', es: 'Fútbol', ru: 'Футбол', ar: 'كرة القدم' }, ['sport'], { viewType: 'landing' }),
  tag('olympics', { en: 'Olympics', es: 'Juegos Olímpicos', ru: 'Олимпийские игры', ar: 'الألعاب الأولمبية' }, ['sport'], LANDING),
  tag('athletics', { en: 'Athletics', es: 'Atletismo', ru: 'Лёгкая атлетика', ar: 'ألعاب القوى' }, ['sport']),
  tag('tennis', { en: 'Tennis', es: 'Tenis', ru: 'Теннис', ar: 'التنس' }, ['sport']),
  tag('motorsport', { en: 'Motorsport', es: 'Automovilismo', ru: 'Автоспорт', ar: 'رياضة السيارات' }, ['sport']),
  // Crime and justice
  tag('courts', { en: 'Courts', es: 'Tribunales', ru: 'Суды', ar: 'المحاكم' }, ['crime-and-justice', 'politics']),
  tag('police', { en: 'Police', es: 'Policía', ru: 'Полиция', ar: 'الشرطة' }, ['crime-and-justice', 'society']),
  tag('corruption', { en: 'Corruption', es: 'Corrupción', ru: 'Коррупция', ar: 'الفساد' }, ['crime-and-justice', 'politics']),
  tag('drug-trafficking', { en: 'Drug trafficking', es: 'Narcotráfico', ru: 'Наркоторговля', ar: 'تهريب المخدرات' }, ['crime-and-justice']),
];

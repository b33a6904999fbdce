import type { StoryTemplate } from './stories.ts';

export const SCIENCE_STORIES: readonly StoryTemplate[] = [
  {
    category: 'science-and-technology',
    tags: ['space', 'education'],
    title: {
      en: 'Pupils in {city} talk to astronauts on space station',
      es: 'Escolares de {city} hablan por radio con los astronautas de la Estación Espacial Internacional',
      ru: '{city}: школьники поговорили по радио с экипажем МКС',
      ar: 'تلاميذ في {city} يتحدثون عبر اللاسلكي مع رواد محطة الفضاء الدولية',
    },
    story: {
      en: "Schoolchildren in {city} spoke to astronauts aboard the International Space Station on {date} during a ten-minute amateur radio link. The pupils asked about sleeping in zero gravity, growing plants in orbit and what the Earth looks like at night. The contact was organised by a local radio club and the city's science museum.",
      es: 'Un grupo de escolares de {city} habló el {date} con los astronautas a bordo de la Estación Espacial Internacional durante una conexión de radioaficionados de diez minutos. Los alumnos preguntaron cómo se duerme en ingravidez, cómo crecen las plantas en órbita y cómo se ve la Tierra de noche. El contacto fue organizado por un radioclub local y el museo de ciencias de la ciudad.',
      ru: '{date} школьники в течение десяти минут по любительской радиосвязи разговаривали с космонавтами на борту Международной космической станции. Ребята спрашивали, как спать в невесомости, как растут растения на орбите и как выглядит Земля ночью. Сеанс связи организовали местный радиоклуб и городской музей науки.',
      ar: 'تحدث تلاميذ مدارس في {city} يوم {date} مع رواد الفضاء على متن محطة الفضاء الدولية، خلال اتصال لاسلكي للهواة استمر عشر دقائق. وسأل التلاميذ عن النوم في انعدام الجاذبية، وزراعة النباتات في المدار، وكيف تبدو الأرض ليلاً. ونظم الاتصال نادٍ محلي لهواة اللاسلكي ومتحف العلوم في المدينة.',
    },
    shots: [
      {
        en: 'Pupils gathered around radio equipment',
        es: 'Alumnos reunidos en torno al equipo de radio',
        ru: 'Школьники у радиоаппаратуры',
        ar: 'تلاميذ متجمعون حول أجهزة اللاسلكي',
      },
      {
        en: 'Close of screen tracking space station over map',
        es: 'Primer plano de una pantalla que sigue la trayectoria de la estación sobre un mapa',
        ru: 'Крупный план: экран с траекторией станции на карте',
        ar: 'لقطة قريبة لشاشة تتبع مسار المحطة على الخريطة',
      },
      {
        en: 'Girl asking question into microphone',
        es: 'Una niña hace su pregunta por el micrófono',
        ru: 'Девочка задаёт вопрос в микрофон',
        ar: 'طفلة تطرح سؤالها عبر الميكروفون',
      },
      {
        en: "Children cheering as astronaut's voice is heard",
        es: 'Los niños aplauden al oír la voz del astronauta',
        ru: 'Дети радуются, услышав голос космонавта',
        ar: 'الأطفال يهتفون عند سماع صوت رائد الفضاء',
      },
      {
        en: 'SOUNDBITE ({language}) Pupil, aged 11: "He said the Earth at night looks like a map of cities made of gold. I want to see it myself one day."',
        es: 'DECLARACIONES (en {language}) alumna de 11 años: «Nos ha dicho que de noche la Tierra parece un mapa de ciudades hecho de oro. Algún día quiero verlo yo misma».',
        ru: 'СИНХРОН (язык: {language}) школьница, 11 лет: «Он сказал, что ночью Земля похожа на карту городов из золота. Когда-нибудь я хочу увидеть это сама».',
        ar: 'تصريح (باللغة {language}) تلميذة في الحادية عشرة: «قال إن الأرض في الليل تبدو كخريطة مدن مصنوعة من الذهب. أريد أن أرى ذلك بنفسي يوماً ما».',
      },
      {
        en: 'Radio club volunteer adjusting antenna on roof',
        es: 'Un voluntario del radioclub ajusta la antena en la azotea',
        ru: 'Радиолюбитель настраивает антенну на крыше',
        ar: 'متطوع من نادي اللاسلكي يضبط الهوائي على السطح',
      },
    ],
  },
  {
    category: 'science-and-technology',
    tags: ['ai', 'hospitals'],
    title: {
      en: 'Hospital in {city} tests AI tool that reads X-rays',
      es: 'Un hospital de {city} prueba una herramienta de inteligencia artificial para leer radiografías',
      ru: '{city}: в больнице тестируют ИИ для анализа рентгеновских снимков',
      ar: 'مستشفى في {city} يختبر أداة ذكاء اصطناعي لقراءة صور الأشعة',
    },
    story: {
      en: 'A public hospital in {city} began testing an artificial intelligence system on {date} that flags possible fractures and lung problems on X-rays. Radiologists still review every image, but the hospital says the tool helps them prioritise urgent cases. The six-month trial will compare waiting times and accuracy with and without the software.',
      es: 'Un hospital público de {city} comenzó el {date} a probar un sistema de inteligencia artificial que señala posibles fracturas y problemas pulmonares en las radiografías. Los radiólogos siguen revisando todas las imágenes, pero el hospital asegura que la herramienta les ayuda a priorizar los casos urgentes. El ensayo, de seis meses, comparará los tiempos de espera y la precisión con y sin el programa.',
      ru: '{date} в городской больнице начали испытывать систему искусственного интеллекта, которая отмечает на рентгеновских снимках возможные переломы и патологии лёгких. Радиологи по-прежнему просматривают каждый снимок, но, по словам руководства больницы, программа помогает в первую очередь заниматься срочными случаями. В ходе шестимесячного эксперимента сравнят сроки ожидания и точность диагностики с программой и без неё.',
      ar: 'بدأ مستشفى حكومي في {city} يوم {date} اختبار نظام للذكاء الاصطناعي يرصد الكسور المحتملة ومشكلات الرئة في صور الأشعة السينية. ولا يزال أطباء الأشعة يراجعون كل صورة، لكن المستشفى يقول إن الأداة تساعدهم على إعطاء الأولوية للحالات العاجلة. وستقارن التجربة، التي تستمر ستة أشهر، أوقات الانتظار ودقة التشخيص مع البرنامج ومن دونه.',
    },
    shots: [
      {
        en: 'Radiologist looking at X-ray on screen',
        es: 'Un radiólogo observa una radiografía en la pantalla',
        ru: 'Радиолог изучает снимок на мониторе',
        ar: 'طبيب أشعة يتفحص صورة على الشاشة',
      },
      {
        en: 'Close of screen with highlighted area on chest X-ray',
        es: 'Primer plano de la pantalla con una zona resaltada en una radiografía de tórax',
        ru: 'Крупный план: выделенный участок на рентгеновском снимке грудной клетки',
        ar: 'لقطة قريبة لشاشة تُظهر منطقة محددة في صورة أشعة للصدر',
      },
      {
        en: 'Patient being positioned for X-ray',
        es: 'Colocan a un paciente para hacerle una radiografía',
        ru: 'Пациента готовят к рентгену',
        ar: 'تجهيز مريض لالتقاط صورة بالأشعة',
      },
      { en: 'Hospital corridor', es: 'Pasillo del hospital', ru: 'Больничный коридор', ar: 'ممر في المستشفى' },
      {
        en: 'SOUNDBITE ({language}) Head of radiology: "The machine does not decide anything. It puts the most worrying images at the top of my list, and I look at them first."',
        es: 'DECLARACIONES (en {language}) jefa de radiología: «La máquina no decide nada. Coloca las imágenes más preocupantes al principio de mi lista y yo las miro primero».',
        ru: 'СИНХРОН (язык: {language}) заведующая отделением лучевой диагностики: «Машина ничего не решает. Она ставит самые тревожные снимки в начало списка, и я смотрю их первыми».',
        ar: 'تصريح (باللغة {language}) رئيسة قسم الأشعة: «الآلة لا تقرر شيئاً. هي فقط تضع الصور الأكثر إثارة للقلق في أعلى قائمتي، فأنظر فيها أولاً».',
      },
      {
        en: 'Doctors discussing case at workstation',
        es: 'Médicos comentan un caso ante el ordenador',
        ru: 'Врачи обсуждают случай у компьютера',
        ar: 'أطباء يناقشون حالة أمام جهاز الحاسوب',
      },
    ],
  },
  {
    category: 'science-and-technology',
    tags: ['cybersecurity'],
    title: {
      en: 'Cyber attack knocks out city services in {city}',
      es: 'Un ciberataque paraliza los servicios municipales en {city}',
      ru: '{city}: кибератака нарушила работу городских онлайн-сервисов',
      ar: 'هجوم إلكتروني يعطل خدمات البلدية في {city}',
    },
    story: {
      en: "A cyber attack disrupted online services run by the city authorities in {city} on {date}, including parking payments and appointment booking. Officials said there was no evidence that residents' personal data had been stolen, but some systems were taken offline as a precaution. National cyber security specialists are helping to investigate.",
      es: 'Un ciberataque dejó fuera de servicio el {date} varios servicios en línea del Ayuntamiento de {city}, entre ellos el pago del aparcamiento y la solicitud de citas. Las autoridades aseguraron que no hay indicios de robo de datos personales, aunque algunos sistemas se desconectaron por precaución. Especialistas nacionales en ciberseguridad colaboran en la investigación.',
      ru: '{date} в результате кибератаки перестали работать онлайн-сервисы городской администрации, в том числе оплата парковки и запись на приём. По словам чиновников, признаков кражи персональных данных жителей нет, однако часть систем отключили в качестве меры предосторожности. К расследованию привлечены специалисты национального центра кибербезопасности.',
      ar: 'تسبب هجوم إلكتروني يوم {date} في تعطيل الخدمات الإلكترونية التي تديرها سلطات {city}، ومنها دفع رسوم المواقف وحجز المواعيد. وقال مسؤولون إنه لا يوجد دليل على سرقة البيانات الشخصية للسكان، لكن بعض الأنظمة أوقفت عن العمل احترازياً. ويساعد خبراء وطنيون في الأمن السيبراني في التحقيق.',
    },
    shots: [
      {
        en: 'Close of error message on city website',
        es: 'Primer plano de un mensaje de error en la web del ayuntamiento',
        ru: 'Крупный план: сообщение об ошибке на сайте мэрии',
        ar: 'لقطة قريبة لرسالة خطأ على موقع البلدية الإلكتروني',
      },
      {
        en: 'Residents queuing at service counter',
        es: 'Vecinos hacen cola en una ventanilla de atención',
        ru: 'Жители в очереди к окну приёма',
        ar: 'سكان يصطفون أمام شباك الخدمات',
      },
      { en: 'Out-of-service parking meter', es: 'Parquímetro fuera de servicio', ru: 'Неработающий паркомат', ar: 'عداد مواقف معطل' },
      {
        en: 'IT specialists working in server room',
        es: 'Informáticos trabajan en la sala de servidores',
        ru: 'IT-специалисты в серверной',
        ar: 'متخصصون في تقنية المعلومات يعملون في غرفة الخوادم',
      },
      {
        en: 'SOUNDBITE ({language}) City spokesperson: "We switched systems off ourselves to protect them. Paper forms are available at every district office."',
        es: 'DECLARACIONES (en {language}) portavoz del ayuntamiento: «Hemos apagado nosotros mismos los sistemas para protegerlos. Hay formularios en papel en todas las oficinas de distrito».',
        ru: 'СИНХРОН (язык: {language}) представитель мэрии: «Мы сами отключили системы, чтобы их защитить. Бумажные бланки есть в каждой районной администрации».',
        ar: 'تصريح (باللغة {language}) متحدث باسم البلدية: «أوقفنا الأنظمة بأنفسنا لحمايتها، والاستمارات الورقية متاحة في جميع المكاتب الفرعية».',
      },
      {
        en: 'Close of hands typing on keyboard',
        es: 'Primer plano de manos tecleando',
        ru: 'Крупный план: руки на клавиатуре',
        ar: 'لقطة قريبة ليدين تكتبان على لوحة المفاتيح',
      },
    ],
  },
  {
    category: 'science-and-technology',
    tags: ['research', 'agriculture'],
    title: {
      en: 'Scientists in {city} unveil wheat that needs less water',
      es: 'Científicos de {city} presentan una variedad de trigo resistente a la sequía',
      ru: '{city}: учёные представили засухоустойчивый сорт пшеницы',
      ar: 'علماء في {city} يكشفون عن صنف من القمح مقاوم للجفاف',
    },
    story: {
      en: 'Researchers at a university in {city} presented a new wheat variety on {date} that they say needs about a third less water than common varieties. The plant was developed over eight years using conventional cross-breeding, without genetic modification. Field trials with local farmers are due to begin next season.',
      es: 'Investigadores de una universidad de {city} presentaron el {date} una nueva variedad de trigo que, según aseguran, necesita aproximadamente un tercio menos de agua que las variedades habituales. La planta se desarrolló durante ocho años mediante cruces convencionales, sin modificación genética. Los ensayos de campo con agricultores de la zona comenzarán la próxima campaña.',
      ru: '{date} исследователи местного университета представили новый сорт пшеницы, которому, по их словам, требуется примерно на треть меньше воды, чем обычным сортам. Его выводили восемь лет методом традиционной селекции, без генной модификации. Полевые испытания вместе с местными фермерами начнутся в следующем сезоне.',
      ar: 'قدّم باحثون في إحدى جامعات {city} يوم {date} صنفاً جديداً من القمح يقولون إنه يحتاج إلى كمية مياه أقل بنحو الثلث من الأصناف الشائعة. وطُوّر الصنف على مدى ثماني سنوات باستخدام التهجين التقليدي ومن دون تعديل وراثي. ومن المقرر أن تبدأ التجارب الميدانية مع مزارعين محليين في الموسم المقبل.',
    },
    shots: [
      {
        en: 'Researchers in greenhouse examining wheat plants',
        es: 'Investigadores examinan plantas de trigo en un invernadero',
        ru: 'Исследователи осматривают пшеницу в теплице',
        ar: 'باحثون يفحصون نباتات القمح في دفيئة',
      },
      {
        en: 'Close of wheat ears',
        es: 'Primer plano de espigas de trigo',
        ru: 'Крупный план: колосья пшеницы',
        ar: 'لقطة قريبة لسنابل القمح',
      },
      {
        en: 'Scientist measuring soil moisture',
        es: 'Una científica mide la humedad del suelo',
        ru: 'Учёный измеряет влажность почвы',
        ar: 'عالمة تقيس رطوبة التربة',
      },
      {
        en: 'Laboratory with seed samples in jars',
        es: 'Laboratorio con muestras de semillas en frascos',
        ru: 'Лаборатория с образцами семян в банках',
        ar: 'مختبر يضم عينات بذور في أوعية زجاجية',
      },
      {
        en: 'SOUNDBITE ({language}) Lead researcher, plant geneticist: "We did not invent anything magic. We crossed old local varieties that survived dry years, patiently, for eight seasons."',
        es: 'DECLARACIONES (en {language}) investigadora principal, genetista vegetal: «No hemos inventado nada mágico. Hemos cruzado con paciencia, durante ocho campañas, variedades locales antiguas que sobrevivieron a años secos».',
        ru: 'СИНХРОН (язык: {language}) руководитель исследования, генетик растений: «Мы не изобрели ничего волшебного. Восемь сезонов мы терпеливо скрещивали старые местные сорта, которые пережили засушливые годы».',
        ar: 'تصريح (باللغة {language}) الباحثة الرئيسية، المتخصصة في علم الوراثة النباتية: «لم نخترع شيئاً سحرياً. كل ما فعلناه أننا هجّنّا بصبر، على مدى ثمانية مواسم، أصنافاً محلية قديمة صمدت في سنوات الجفاف».',
      },
      {
        en: 'Farmer visiting test plot',
        es: 'Un agricultor visita la parcela de ensayo',
        ru: 'Фермер на опытном участке',
        ar: 'مزارع يزور قطعة الأرض التجريبية',
      },
    ],
  },
  {
    category: 'science-and-technology',
    tags: ['research', 'ai'],
    title: {
      en: 'Students in {city} build robots to find earthquake survivors',
      es: 'Estudiantes de {city} crean robots para buscar supervivientes entre escombros',
      ru: '{city}: студенты создали роботов для поиска людей под завалами',
      ar: 'طلاب في {city} يطورون روبوتات للبحث عن ناجين تحت الأنقاض',
    },
    story: {
      en: 'Engineering students in {city} demonstrated small tracked robots on {date} designed to search collapsed buildings for survivors. The robots carry thermal cameras and microphones and can squeeze through gaps too narrow for rescuers. The team hopes to test them with the local fire brigade later this year.',
      es: 'Estudiantes de ingeniería de {city} presentaron el {date} unos pequeños robots de orugas diseñados para buscar supervivientes en edificios derrumbados. Los robots llevan cámaras térmicas y micrófonos y pueden colarse por huecos demasiado estrechos para los rescatistas. El equipo espera probarlos con los bomberos de la ciudad a finales de este año.',
      ru: '{date} студенты инженерного факультета показали небольших гусеничных роботов, предназначенных для поиска выживших в обрушившихся зданиях. Роботы оснащены тепловизорами и микрофонами и способны пробираться в щели, слишком узкие для спасателей. Команда надеется испытать их вместе с городской пожарной службой до конца года.',
      ar: 'عرض طلاب هندسة في {city} يوم {date} روبوتات صغيرة مجنزرة صُممت للبحث عن ناجين في المباني المنهارة. وتحمل الروبوتات كاميرات حرارية وميكروفونات، ويمكنها التسلل عبر فتحات أضيق من أن يعبرها عمال الإنقاذ. ويأمل الفريق في اختبارها مع فرق الإطفاء المحلية في وقت لاحق من هذا العام.',
    },
    shots: [
      {
        en: 'Robot crawling through pile of concrete blocks',
        es: 'Un robot avanza entre bloques de hormigón',
        ru: 'Робот пробирается между бетонными блоками',
        ar: 'روبوت يزحف بين كتل خرسانية',
      },
      {
        en: 'Close of thermal camera image showing human shape',
        es: 'Primer plano de una imagen térmica con una silueta humana',
        ru: 'Крупный план: силуэт человека на изображении тепловизора',
        ar: 'لقطة قريبة لصورة حرارية تُظهر هيئة إنسان',
      },
      {
        en: 'Students controlling robot with tablet',
        es: 'Estudiantes manejan el robot con una tableta',
        ru: 'Студенты управляют роботом с планшета',
        ar: 'طلاب يتحكمون بالروبوت عبر جهاز لوحي',
      },
      {
        en: 'Workshop with robot parts on bench',
        es: 'Taller con piezas de robots sobre la mesa',
        ru: 'Мастерская, детали роботов на верстаке',
        ar: 'ورشة تتناثر فيها قطع الروبوتات على طاولة العمل',
      },
      {
        en: 'SOUNDBITE ({language}) Engineering student, team leader: "A rescuer cannot fit into a gap of twenty centimetres. Our robot can, and it can hear a person breathing."',
        es: 'DECLARACIONES (en {language}) estudiante de ingeniería, jefa del equipo: «Un rescatista no cabe por un hueco de veinte centímetros. Nuestro robot sí, y puede oír respirar a una persona».',
        ru: 'СИНХРОН (язык: {language}) студентка инженерного факультета, руководитель команды: «Спасатель не пролезет в щель шириной двадцать сантиметров. А наш робот пролезет — и услышит, как дышит человек».',
        ar: 'تصريح (باللغة {language}) طالبة هندسة وقائدة الفريق: «لا يستطيع عامل الإنقاذ أن يمر عبر فتحة عرضها عشرون سنتيمتراً، أما روبوتنا فيستطيع، بل ويمكنه سماع أنفاس إنسان».',
      },
      {
        en: 'Professor watching demonstration',
        es: 'Un profesor observa la demostración',
        ru: 'Преподаватель наблюдает за демонстрацией',
        ar: 'أستاذ يتابع العرض',
      },
    ],
  },
];

import type { LocalizedText } from './categories.ts';

/** The editor's notes a generated project's additional_info is made from, in the four languages. */
export const NATURAL_SOUND_NOTE: LocalizedText = {
  en: 'Natural sound throughout.',
  es: 'Sonido ambiente en todo el material.',
  ru: 'Естественный звук на протяжении всего материала.',
  ar: 'الصوت طبيعي طوال المادة.',
};
/** Notes that only make sense when the shotlist has soundbites. */
export const SOUNDBITE_NOTES: readonly LocalizedText[] = [
  {
    en: 'Soundbite translations provided by the field producer.',
    es: 'Traducción de las declaraciones a cargo del productor sobre el terreno.',
    ru: 'Перевод синхронов предоставлен продюсером на месте съёмок.',
    ar: 'ترجمة التصريحات من إعداد المنتج الميداني.',
  },
  {
    en: 'Updates earlier version with additional soundbites.',
    es: 'Actualiza la versión anterior con nuevas declaraciones.',
    ru: 'Обновлённая версия: добавлены синхроны.',
    ar: 'تحديث للنسخة السابقة بإضافة تصريحات جديدة.',
  },
];
export const DRONE_NOTE: LocalizedText = {
  en: 'Drone footage filmed with permission from local authorities.',
  es: 'Imágenes de dron grabadas con permiso de las autoridades locales.',
  ru: 'Съёмка с дрона согласована с местными властями.',
  ar: 'صُوّرت اللقطات الجوية بإذن من السلطات المحلية.',
};
export const DISTRESSING_NOTE: LocalizedText = {
  en: 'Some images may be distressing to viewers.',
  es: 'Algunas imágenes pueden herir la sensibilidad del espectador.',
  ru: 'Некоторые кадры могут шокировать зрителей.',
  ar: 'قد تتضمن المادة مشاهد مؤلمة لبعض المشاهدين.',
};
export const POOL_NOTE: LocalizedText = {
  en: 'Pool material shared by member broadcasters.',
  es: 'Material de pool compartido entre las cadenas participantes.',
  ru: 'Пуловый материал для вещателей — участников пула.',
  ar: 'مادة مشتركة متاحة للمؤسسات الإعلامية الأعضاء في التجمع.',
};
export const EMBARGO_NOTE: LocalizedText = {
  en: 'Embargoed: do not publish before the time stated in the restrictions.',
  es: 'Embargo: no publicar antes de la hora indicada en las restricciones.',
  ru: 'Эмбарго: не публиковать раньше времени, указанного в ограничениях.',
  ar: 'محظور النشر قبل الموعد المحدد في القيود.',
};

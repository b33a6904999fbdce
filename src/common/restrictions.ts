import { z } from 'zod';
import type { VideoFormat } from './catalogue-values.ts';
import type { Locale } from './locales.ts';

/**
 * Machine-readable usage restrictions on news material, and the dictionary editors pick them
 * from (spec: content §6 "the admin notes dictionary is under an admin path").
 */
export const RESTRICTION_CODES = [
  'no_access_countries',
  'broadcast_only',
  'digital_only',
  'no_social_media',
  'embargo',
  'editorial_use_only',
  'credit_required',
  'no_archive',
  'no_resale',
] as const;
export type RestrictionCode = (typeof RESTRICTION_CODES)[number];

export const RESTRICTION_NAMES: Record<RestrictionCode, Record<Locale, string>> = {
  no_access_countries: {
    en: 'No access in listed countries',
    es: 'Sin acceso en los países indicados',
    ru: 'Нет доступа в указанных странах',
    ar: 'لا وصول في الدول المذكورة',
  },
  broadcast_only: { en: 'Broadcast use only', es: 'Solo para emisión', ru: 'Только для эфира', ar: 'للبث التلفزيوني فقط' },
  digital_only: { en: 'Digital use only', es: 'Solo uso digital', ru: 'Только для цифровых платформ', ar: 'للاستخدام الرقمي فقط' },
  no_social_media: {
    en: 'No social media',
    es: 'Prohibido en redes sociales',
    ru: 'Запрещено в соцсетях',
    ar: 'يُمنع على وسائل التواصل الاجتماعي',
  },
  embargo: {
    en: 'Embargoed until a set time',
    es: 'Embargado hasta una hora fijada',
    ru: 'Эмбарго до указанного времени',
    ar: 'محظور النشر حتى وقت محدد',
  },
  editorial_use_only: {
    en: 'Editorial use only',
    es: 'Solo uso editorial',
    ru: 'Только для редакционного использования',
    ar: 'للاستخدام التحريري فقط',
  },
  credit_required: {
    en: 'On-screen credit required',
    es: 'Crédito en pantalla obligatorio',
    ru: 'Обязательна ссылка на источник в кадре',
    ar: 'يلزم ذكر المصدر على الشاشة',
  },
  no_archive: { en: 'No archiving', es: 'Prohibido archivar', ru: 'Архивирование запрещено', ar: 'يُمنع الأرشفة' },
  no_resale: { en: 'No resale', es: 'Prohibida la reventa', ru: 'Перепродажа запрещена', ar: 'يُمنع إعادة البيع' },
};

export const restrictionDictionaryValueSchema = z.object({ code: z.enum(RESTRICTION_CODES), name: z.string() });
export const restrictionDictionaryResponseSchema = z.array(restrictionDictionaryValueSchema);

/**
 * The formats a story is offered in: only the file with the on-screen credit when its restrictions
 * require one (issue 28), however the desk set its formats; otherwise the desk's formats.
 */
export function formatsAllowedBy(formats: readonly VideoFormat[], restrictions: readonly { code: RestrictionCode }[]): VideoFormat[] {
  return restrictions.some((restriction) => restriction.code === 'credit_required') ? ['credit'] : [...formats];
}

/**
 * Slug rule (spec: content §5): transliterate, keep letters, digits, hyphen and Arabic letters,
 * collapse repeated hyphens, trim a leading hyphen, lower-case. Spaces and punctuation become
 * hyphens first; we also trim a trailing hyphen so a title ending in "!" gives a clean URL.
 */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
};
const LATIN_EXTRA: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd' };

/** Arabic letters and digits (U+0600–U+06FF, supplement U+0750–U+077F), without Arabic punctuation. */
const ARABIC_LETTER = /[\u0621-\u064A\u0660-\u0669\u066E-\u06D3\u06D5\u06FA-\u06FC\u06FF\u0750-\u077F]/;

export function transliterate(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const lower = char.toLowerCase();
    const mapped = CYRILLIC[lower] ?? LATIN_EXTRA[lower];
    if (mapped !== undefined) out += char === lower ? mapped : mapped.toUpperCase();
    else out += char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out;
}

export function slugify(text: string): string {
  const transliterated = transliterate(text).toLowerCase();
  let slug = '';
  for (const char of transliterated) {
    if (/[a-z0-9]/.test(char) || ARABIC_LETTER.test(char)) slug += char;
    else if (char === '-' || /[\s_.,:;!?/\\|'"()[\]{}+&–—]/.test(char)) slug += '-';
  }
  return slug.replace(/-{2,}/g, '-').replace(/^-/, '').replace(/-$/, '');
}

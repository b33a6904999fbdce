/** A language code by its name in the reader's language; a code Intl cannot name stays as it is. */
export function languageName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch (error) {
    if (error instanceof RangeError) return code;
    throw error;
  }
}

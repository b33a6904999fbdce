/**
 * A notice's values as its text takes them: a value kept in several languages (`title` with
 * `title_es`, `title_ar`…) in the page's where there is one, and each value isolated (Unicode
 * first-strong isolate), so an English title in an Arabic sentence keeps its own direction and
 * leaves the sentence's order alone.
 */
export function noticeValues(values: Record<string, string>, locale: string): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (/_[a-z]{2}$/.test(name)) continue;
    chosen[name] = `\u2068${values[`${name}_${locale}`] || value}\u2069`;
  }
  return chosen;
}

import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation.ts';

/**
 * A text whose parts are elements: `<terms>the terms</terms>` in the catalogue becomes the
 * `terms` element of `components` holding "the terms" (`<card/>` the element as it is); `{{name}}`
 * takes its value from `values`.
 */
export function Trans({
  i18nKey,
  values = {},
  components,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;
  let at = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const name = match[1] ?? match[2] ?? '';
    const element = components[name];
    parts.push(text.slice(at, match.index));
    parts.push(element ? cloneElement(element, { key: parts.length }, ...(match[2] ? [match[3]] : [])) : match[0]);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}

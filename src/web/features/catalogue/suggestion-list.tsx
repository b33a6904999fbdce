import type { Suggestion } from '../../../common/catalogue.ts';
import { isLocale, localeDirection } from '../../../common/locales.ts';
import { formatDay } from '../../lib/money.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { formatDuration } from './format.ts';

/**
 * The search box's suggestions: title, publication date, length and poster of each video (issue 28
 * "Discovery"). Loaded with the first suggestions asked for, not with the header. The poster's box
 * has a fixed size, so a poster arriving late moves nothing.
 */
export function SuggestionList({
  items,
  listId,
  active,
  locale,
  onChoose,
}: {
  items: Suggestion[];
  listId: string;
  active: number;
  locale: string;
  onChoose: (index: number) => void;
}) {
  const timeZone = useTimeZone();
  const direction = isLocale(locale) ? localeDirection(locale) : 'auto';
  return (
    <ul className="search-box__suggestions" id={listId} role="listbox" data-testid="suggestions">
      {items.map((item, index) => (
        <li
          key={item.id}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          className="search-box__suggestion"
          data-testid="suggestion"
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(index);
          }}
        >
          <span className="search-box__thumb" aria-hidden>
            {item.selected_preview_image ? (
              <img src={item.selected_preview_image} alt="" width={64} height={36} loading="lazy" decoding="async" />
            ) : null}
          </span>
          <span className="search-box__text">
            {/* The title in the video's language and direction; the date and length in the page's. */}
            <span
              className="search-box__title"
              lang={item.language}
              dir={item.language ? localeDirection(item.language) : 'auto'}
              data-testid="suggestion-title"
            >
              {item.title}
            </span>
            {item.published_at !== undefined || item.duration !== undefined ? (
              <span className="search-box__meta" lang={locale} dir={direction}>
                {item.published_at ? (
                  <time dateTime={item.published_at} data-testid="suggestion-date">
                    {formatDay(item.published_at, locale, timeZone)}
                  </time>
                ) : null}
                {item.published_at && item.duration !== undefined ? <span aria-hidden> · </span> : null}
                {item.duration !== undefined ? (
                  <span className="search-box__length" dir="ltr" data-testid="suggestion-length">
                    {formatDuration(item.duration)}
                  </span>
                ) : null}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

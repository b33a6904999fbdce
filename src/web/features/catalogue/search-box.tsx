import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';
import { useLocation, useNavigate, useParams } from 'react-router';
import { stripLocale } from '../../../common/locales.ts';
import { LINKS } from '../../../common/routes.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { isVideoPath } from './query-params.ts';
import { normalizeSearch, searchTarget, SUGGEST_DEBOUNCE_MS, wantsSuggestions, type SearchScope } from './search-rules.ts';
import { useSearchShortcut } from './search-shortcut.ts';
import './search-box.css';

// The list (posters, dates, lengths) loads with the first suggestions, not with the header.
const loadSuggestionList = () => import('./suggestion-list.tsx');
const SuggestionList = lazyRetry(() => loadSuggestionList().then((module) => ({ default: module.SuggestionList })));

/**
 * The header search (spec: content §2 "Search"): scope everywhere or this page, suggestions for
 * text longer than 3 characters after a 500 ms pause, a single space ignored, an empty submit
 * resetting the search. "/" anywhere else on the page puts the keyboard here.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  useSearchShortcut(input);
  const onVideoList = isVideoPath(location.pathname) && !/^\/videos\/[^/]+$/.test(stripLocale(location.pathname));
  const [text, setText] = useState(() => new URLSearchParams(location.search).get('search') ?? '');
  const [scope, setScope] = useState<SearchScope>('everywhere');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebounced(normalizeSearch(text), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['suggests', settled],
    // The catalogue calls load with the first suggestion asked for, not with the header.
    queryFn: ({ signal }) =>
      Promise.all([import('./api.ts'), loadSuggestionList()]).then(([{ catalogueApi }]) => catalogueApi.suggest(settled, signal)),
    enabled: open && wantsSuggestions(settled),
    staleTime: 60_000,
  });
  const items = wantsSuggestions(settled) ? (suggestions.data ?? []) : [];
  const expanded = open && items.length > 0;

  const submit = () => {
    setOpen(false);
    void navigate(searchTarget({ text, scope, locale, pathname: location.pathname, search: location.search, onVideoList }));
  };
  const choose = (index: number) => {
    const item = items[index];
    if (!item) return submit();
    setOpen(false);
    void navigate(`/${locale}${LINKS.video(item.project_slug)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="search-box"
    >
      <input
        ref={input}
        className="search-box__input"
        type="search"
        value={text}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      {onVideoList ? (
        <select
          className="search-box__scope"
          value={scope}
          onChange={(event) => setScope(event.target.value as SearchScope)}
          aria-label={t('search.scope')}
          data-testid="search-scope"
        >
          <option value="everywhere">{t('search.everywhere')}</option>
          <option value="page">{t('search.thisPage')}</option>
        </select>
      ) : null}
      <button type="submit" className="search-box__submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </button>
      {expanded ? (
        <Suspense fallback={null}>
          <SuggestionList items={items} listId={listId} active={active} locale={locale} onChoose={choose} />
        </Suspense>
      ) : null}
    </form>
  );
}

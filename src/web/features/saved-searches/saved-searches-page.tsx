import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { SAVED_SEARCH_LIMITS, searchPageQuery, type SavedSearch } from '../../../common/saved-searches.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { AlertChoices, type Alerts } from './alert-choices.tsx';
import { SAVED_SEARCHES_KEY, savedSearchesApi, savedSearchesKey } from './api.ts';
import { QuerySummary } from './query-summary.tsx';
import { SavedSearchMatches } from './saved-search-matches.tsx';
import './saved-searches.css';

type Modal = { kind: 'alerts' | 'remove'; search: SavedSearch };

/** /{locale}/user/saved-searches (issue 30): each saved search with its new matches, opened, its alerts changed, removed. */
export function SavedSearchesPage() {
  const { t } = useTranslation();
  const userId = useSignedInUserId();
  const locale = useLocale();
  const [modal, setModal] = useState<Modal | null>(null);
  useScreenMeta(t('savedSearches.title'));
  const list = useQuery({ queryKey: savedSearchesKey(userId), queryFn: ({ signal }) => savedSearchesApi.list(signal) });
  if (list.isError) throw list.error;
  if (!list.data) return <LoadingFallback />;
  const searches = list.data.saved_searches;
  return (
    <div className="page saved-searches-page" data-testid="saved-searches-page">
      <header className="saved-searches-page__header">
        <h1 className="saved-searches-page__title">{t('savedSearches.title')}</h1>
        <p className="saved-searches-page__lead">{t('savedSearches.lead', { count: SAVED_SEARCH_LIMITS.perUser })}</p>
      </header>
      {searches.length ? (
        <ul className="saved-search-list" data-testid="saved-search-list">
          {searches.map((search) => (
            <SavedSearchRow key={search.id} search={search} onModal={setModal} />
          ))}
        </ul>
      ) : (
        <p className="saved-searches-page__empty" data-testid="saved-searches-empty">
          {t('savedSearches.empty')} <Link to={`/${locale}${LINKS.search}`}>{t('savedSearches.toSearch')}</Link>
        </p>
      )}
      {modal?.kind === 'alerts' ? <AlertsDialog search={modal.search} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'remove' ? <RemoveDialog search={modal.search} onClose={() => setModal(null)} /> : null}
    </div>
  );
}

function useLocale() {
  return useParams().locale ?? 'en';
}

function SavedSearchRow({ search, onModal }: { search: SavedSearch; onModal: (modal: Modal) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const [showMatches, setShowMatches] = useState(false);
  const matchesId = useId();
  // Opening the search is looking at its news: the count goes back to 0 (the call outlives the page).
  const open = () =>
    void savedSearchesApi
      .seen(search.id)
      .then(() => client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }))
      .catch(() => undefined);
  const query = searchPageQuery(search.query);
  return (
    <li className="saved-search" data-testid="saved-search">
      <div className="saved-search__main">
        <h2 className="saved-search__name">
          <Link to={`/${locale}${LINKS.search}${query ? `?${query}` : ''}`} onClick={open} data-testid="saved-search-open">
            {search.name}
          </Link>
        </h2>
        <QuerySummary query={search.query} />
        <p className="saved-search__alerts" data-testid="saved-search-alerts">
          {alertsText(t, search)}
        </p>
      </div>
      <p
        className={search.new_matches ? 'saved-search__count saved-search__count--new' : 'saved-search__count'}
        data-testid="saved-search-count"
      >
        {search.new_matches ? t('savedSearches.newMatches', { count: search.new_matches }) : t('savedSearches.noNew')}
      </p>
      <div className="saved-search__actions">
        <Button
          size="small"
          aria-expanded={showMatches}
          aria-controls={showMatches ? matchesId : undefined}
          onClick={() => setShowMatches((shown) => !shown)}
          data-testid="saved-search-matches-toggle"
        >
          {showMatches
            ? t('savedSearches.hideMatches')
            : search.new_matches
              ? t('savedSearches.showMatchesNew', { count: search.new_matches })
              : t('savedSearches.showMatches')}
        </Button>
        <Link className={buttonClass('secondary', 'small')} to={`/${locale}${LINKS.search}${query ? `?${query}` : ''}`} onClick={open}>
          {t('savedSearches.open')}
        </Link>
        <Button variant="secondary" size="small" onClick={() => onModal({ kind: 'alerts', search })} data-testid="saved-search-edit">
          {t('savedSearches.alerts')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => onModal({ kind: 'remove', search })} data-testid="saved-search-remove">
          {t('savedSearches.remove')}
        </Button>
      </div>
      {showMatches ? <SavedSearchMatches search={search} id={matchesId} /> : null}
    </li>
  );
}

/** "In the app · e-mail daily · push": the ways the search tells, in the reader's language. */
function alertsText(t: (key: string) => string, search: Alerts): string {
  const ways = [
    search.notify_in_app ? t('savedSearches.inApp') : null,
    search.notify_email !== 'off' ? t(`savedSearches.email_${search.notify_email}`) : null,
    search.notify_push ? t('savedSearches.push') : null,
    search.notify_webhook ? t('savedSearches.webhook') : null,
  ].filter((way): way is string => way !== null);
  return ways.length ? ways.join(' · ') : t('savedSearches.silent');
}

function AlertsDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [alerts, setAlerts] = useState<Alerts>(search);
  const save = useMutation({
    mutationFn: () => savedSearchesApi.change(search.id, alerts),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      notifications.notify({ type: 'success', children: t('savedSearches.alertsDone', { name: search.name }) });
      onClose();
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('savedSearches.alertsTitle', { name: search.name })}
      size="small"
      testId="saved-search-alerts-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('savedSearches.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()} data-testid="saved-search-alerts-submit">
            {t('savedSearches.alertsSubmit')}
          </Button>
        </>
      }
    >
      <AlertChoices value={alerts} onChange={setAlerts} />
    </Dialog>
  );
}

function RemoveDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => savedSearchesApi.remove(search.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      notifications.notify({ type: 'success', children: t('savedSearches.removeDone', { name: search.name }) });
      onClose();
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('savedSearches.removeTitle')}
      description={t('savedSearches.removeLead', { name: search.name })}
      size="small"
      testId="saved-search-remove-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('savedSearches.cancel')}
          </Button>
          <Button variant="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="saved-search-remove-confirm">
            {t('savedSearches.removeSubmit')}
          </Button>
        </>
      }
    />
  );
}

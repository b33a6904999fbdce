import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LIVE_EVENT_STATUSES, type LiveEventStatus } from '../../../../common/live.ts';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { LIVE_DESK_KEYS, liveDeskApi } from './api.ts';
import './desk-live.css';

type Filters = { status: LiveEventStatus | ''; from: string; to: string; q: string; page: number };

/** /{locale}/desk/live (role live): every event, hidden and gone ones too, by status, date and title. */
export function LiveEventsPage() {
  const { t, i18n } = useTranslation();
  const { locale = 'en' } = useParams();
  const [draft, setDraft] = useState<Filters>({ status: '', from: '', to: '', q: '', page: 1 });
  const [filters, setFilters] = useState<Filters>(draft);
  const query = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    page: filters.page,
  };
  const events = useQuery({ queryKey: LIVE_DESK_KEYS.events(query), queryFn: ({ signal }) => liveDeskApi.events(query, signal) });
  const apply = (form: FormEvent) => {
    form.preventDefault();
    setFilters({ ...draft, page: 1 });
  };
  return (
    <section className="desk-live" data-testid="desk-live-events">
      <header className="desk-live__head">
        <h1>{t('deskLive.events.title')}</h1>
        <Link className="button button--primary button--small" to={`/${locale}/desk/live/new`} data-testid="live-new">
          <span className="button__label">{t('deskLive.events.new')}</span>
        </Link>
      </header>
      <form className="desk-filters" onSubmit={apply}>
        <SelectField
          label={t('deskLive.events.status')}
          value={draft.status}
          placeholder={t('deskLive.events.anyStatus')}
          options={LIVE_EVENT_STATUSES.map((status) => ({ value: status, label: t(`deskLive.status.${status}`) }))}
          onChange={(change) => setDraft({ ...draft, status: change.target.value as Filters['status'] })}
        />
        <TextField
          type="date"
          label={t('deskLive.events.from')}
          value={draft.from}
          onChange={(c) => setDraft({ ...draft, from: c.target.value })}
        />
        <TextField
          type="date"
          label={t('deskLive.events.to')}
          value={draft.to}
          onChange={(c) => setDraft({ ...draft, to: c.target.value })}
        />
        <TextField label={t('deskLive.events.words')} value={draft.q} onChange={(c) => setDraft({ ...draft, q: c.target.value })} />
        <Button type="submit" size="small">
          {t('deskLive.events.filter')}
        </Button>
      </form>
      {events.isPending ? (
        <LoadingFallback label={t('common.loading')} />
      ) : events.isError ? (
        <p role="alert">{t('deskLive.loadFailed')}</p>
      ) : events.data.events.length === 0 ? (
        <p className="desk__lead">{t('deskLive.events.none')}</p>
      ) : (
        <div className="desk-table__scroll">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">{t('deskLive.events.event')}</th>
                <th scope="col">{t('deskLive.events.start')}</th>
                <th scope="col">{t('deskLive.events.status')}</th>
                <th scope="col">{t('deskLive.form.access')}</th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((event) => (
                <tr key={event.id} data-testid="live-event-row">
                  <th scope="row">
                    <Link to={`/${locale}/desk/live/${event.id}`}>{event.title}</Link>
                    {event.visible ? null : <span className="desk-live__tag">{t('deskLive.events.hidden')}</span>}
                  </th>
                  <td>{new Date(event.start_at).toLocaleString(i18n.language)}</td>
                  <td>
                    <span className={`desk-live__status desk-live__status--${event.status}`}>{t(`deskLive.status.${event.status}`)}</span>
                  </td>
                  <td>{t(`deskLive.access.${event.access}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {events.data && events.data.pages > 1 ? (
        <nav className="desk-live__pages" aria-label={t('deskLive.events.pages')}>
          <Button
            size="small"
            variant="secondary"
            disabled={filters.page <= 1}
            onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
          >
            {t('deskLive.events.previous')}
          </Button>
          <span>{t('deskLive.events.pageOf', { page: filters.page, pages: events.data.pages })}</span>
          <Button
            size="small"
            variant="secondary"
            disabled={filters.page >= events.data.pages}
            onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
          >
            {t('deskLive.events.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

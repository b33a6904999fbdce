import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { BROADCAST_KEYS, broadcastApi } from './api.ts';

/**
 * The future-events table (spec §2): start, end, country, city, event; the soonest first. On a phone
 * each event is a card, its title first and each cell labelled (broadcast.css).
 */
export function EventsTable({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const events = useQuery({ queryKey: BROADCAST_KEYS.events(locale), queryFn: ({ signal }) => broadcastApi.events(signal) });
  if (events.isError) throw events.error;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });

  return (
    <section className="broadcast-events" aria-labelledby="broadcast-events-title">
      <h2 id="broadcast-events-title" className="broadcast-page__section-title">
        {t('broadcast.events.title')}
      </h2>
      {!events.data ? (
        <LoadingFallback />
      ) : events.data.events.length === 0 ? (
        <p className="broadcast-page__empty">{t('broadcast.events.empty')}</p>
      ) : (
        <div className="broadcast-events__scroll">
          <table className="broadcast-events__table" data-testid="broadcast-events">
            <thead>
              <tr>
                <th scope="col">{t('broadcast.events.start')}</th>
                <th scope="col">{t('broadcast.events.end')}</th>
                <th scope="col">{t('broadcast.events.country')}</th>
                <th scope="col">{t('broadcast.events.city')}</th>
                <th scope="col">{t('broadcast.events.event')}</th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((event) => (
                <tr key={event.id}>
                  <td data-label={t('broadcast.events.start')}>
                    <time dateTime={event.start_at}>{format.format(new Date(event.start_at))}</time>
                  </td>
                  <td data-label={t('broadcast.events.end')}>
                    <time dateTime={event.finish_at}>{format.format(new Date(event.finish_at))}</time>
                  </td>
                  <td data-label={t('broadcast.events.country')}>{event.country.name}</td>
                  <td data-label={t('broadcast.events.city')}>{event.city}</td>
                  <td data-label={t('broadcast.events.event')}>{event.title}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

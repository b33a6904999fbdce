import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { BROADCAST_KEYS, broadcastApi } from './api.ts';
import { BookingSection } from './booking-form.tsx';
import { EventsTable } from './events-table.tsx';
import { TownView } from './town-view.tsx';
import './broadcast.css';

/**
 * /{locale}/broadcast-services (spec: content §2 "Broadcast services"): the studio towns as tabs,
 * the chosen town's features, pictures and videos, the future events, and the booking form for
 * the chosen studio.
 */
export function BroadcastPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  useScreenMeta(t('broadcast.title'), t('broadcast.lead'));
  const towns = useQuery({ queryKey: BROADCAST_KEYS.towns(locale), queryFn: ({ signal }) => broadcastApi.towns(signal) });
  const [chosen, setChosen] = useState<string | null>(null);
  if (towns.isError) throw towns.error;
  if (!towns.data) return <LoadingFallback />;
  const list = towns.data.towns;
  const current = list.find((town) => town.slug === chosen) ?? list[0];

  return (
    <div className="page broadcast-page" data-testid="broadcast-page">
      <header className="broadcast-page__header">
        <h1 className="broadcast-page__title">{t('broadcast.title')}</h1>
        <p className="broadcast-page__lead">{t('broadcast.lead')}</p>
      </header>
      {current ? (
        <>
          <div className="broadcast-towns" role="tablist" aria-label={t('broadcast.towns')} data-testid="broadcast-towns">
            {list.map((town) => {
              const selected = town.slug === current.slug;
              return (
                <button
                  key={town.slug}
                  type="button"
                  role="tab"
                  id={`town-tab-${town.slug}`}
                  aria-selected={selected}
                  aria-controls="town-panel"
                  tabIndex={selected ? 0 : -1}
                  className={`broadcast-towns__tab${selected ? ' broadcast-towns__tab--current' : ''}`}
                  data-testid={`town-tab-${town.slug}`}
                  onClick={() => setChosen(town.slug)}
                  onKeyDown={(event) => {
                    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
                    if (!step) return;
                    const rtl = document.documentElement.dir === 'rtl';
                    const index = list.findIndex((item) => item.slug === town.slug);
                    const next = list[(index + (rtl ? -step : step) + list.length) % list.length];
                    if (!next) return;
                    setChosen(next.slug);
                    document.getElementById(`town-tab-${next.slug}`)?.focus();
                  }}
                >
                  <TownIcon icon={town.icon} />
                  {town.title}
                </button>
              );
            })}
          </div>
          <div id="town-panel" role="tabpanel" aria-labelledby={`town-tab-${current.slug}`}>
            <TownView slug={current.slug} locale={locale} />
          </div>
        </>
      ) : (
        <p className="broadcast-page__empty">{t('broadcast.noTowns')}</p>
      )}
      <EventsTable locale={locale} />
      {current ? <BookingSection key={current.slug} town={current} locale={locale} /> : null}
    </div>
  );
}

function TownIcon({ icon }: { icon: 'studio' | 'ob_van' | 'launch_site' }) {
  const paths = {
    studio: 'M4 7h11v10H4z M15 10l5-3v10l-5-3',
    ob_van: 'M2 8h12v8H2z M14 11h4l3 3v2h-7z M6 18a1.5 1.5 0 1 0 0.01 0 M17 18a1.5 1.5 0 1 0 0.01 0',
    launch_site: 'M12 2c3 3 4 7 3 12h-6c-1-5 0-9 3-12z M9 14l-3 4h4 M15 14l3 4h-4 M11 18h2v3h-2z',
  } as const;
  return (
    <svg className="broadcast-towns__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden>
      <path d={paths[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { LoadingFallback } from '../../ui/loading.tsx';
import { BROADCAST_KEYS, broadcastApi } from './api.ts';

/** One town (spec §3 "Broadcast town"): its text, features, pictures and videos. */
export function TownView({ slug, locale }: { slug: string; locale: string }) {
  const { t } = useTranslation();
  const town = useQuery({ queryKey: BROADCAST_KEYS.town(locale, slug), queryFn: ({ signal }) => broadcastApi.town(slug, signal) });
  if (town.isError) throw town.error;
  if (!town.data) return <LoadingFallback />;
  const { title, text, features, photos, videos } = town.data;

  return (
    <section className="broadcast-town" data-testid="broadcast-town" aria-labelledby="broadcast-town-title">
      <div className="broadcast-town__about">
        <h2 id="broadcast-town-title" className="broadcast-town__title">
          {title}
        </h2>
        {text ? <p className="broadcast-town__text">{text}</p> : null}
        <h3 className="broadcast-town__subtitle">{t('broadcast.features')}</h3>
        <ul className="broadcast-town__features" data-testid="town-features">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      {photos.length > 0 ? (
        <ul className="broadcast-town__photos" aria-label={t('broadcast.photos')} data-testid="town-photos">
          {photos.map((photo) => (
            <li key={photo.url}>
              <img src={photo.url} alt={photo.alt} width={960} height={540} loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
      {videos.length > 0 ? (
        <div className="broadcast-town__videos">
          <h3 className="broadcast-town__subtitle">{t('broadcast.videos')}</h3>
          <ul data-testid="town-videos">
            {videos.map((video) => (
              <li key={video.link} className="broadcast-video">
                {video.src ? (
                  <video src={video.src} poster={video.poster} controls muted playsInline preload="none" aria-label={video.title} />
                ) : (
                  <img src={video.poster} alt="" width={640} height={360} loading="lazy" />
                )}
                <Link to={`/${locale}${video.link}`}>{video.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

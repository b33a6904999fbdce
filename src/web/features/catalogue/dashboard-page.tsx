import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Banner } from '../../../common/catalogue.ts';
import { withScheme } from '../../../common/links.ts';
import { LINKS } from '../../../common/routes.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { formatDuration } from './format.ts';
import { catalogueQueries } from './queries.ts';
import { VideoGrid } from './video-card.tsx';
import { LiveStrip, useLivePages } from './live-strip.tsx';
import { useLiveEventsAfterFirstLoad } from './live-updates.ts';
import './catalogue.css';
import './dashboard.css';

function bannerHref(banner: Banner, locale: string, livePages: boolean): { href: string; external: boolean } {
  if (banner.target_link_to === 'custom' && banner.custom_url) return { href: withScheme(banner.custom_url), external: true };
  // Where the variant has no Live pages (the landing site), a live banner leads to the videos.
  if (banner.target_link_to === 'live_event' && banner.live_event_extid && livePages)
    return { href: `/${locale}/events/${banner.live_event_extid}`, external: false };
  if (banner.target_link_to === 'video_project' && banner.video_project_extid)
    return { href: `/${locale}${LINKS.video(banner.video_project_extid)}`, external: false };
  return { href: `/${locale}${LINKS.videos}`, external: false };
}

function Banners({ banners, locale }: { banners: Banner[]; locale: string }) {
  const { t } = useTranslation();
  const livePages = useLivePages();
  return (
    <section className="banners" aria-label={t('dashboard.banners')} data-testid="banners">
      {banners.map((banner, index) => {
        const { href, external } = bannerHref(banner, locale, livePages);
        const content = (
          <>
            <img src={index === 0 ? banner.image.url : banner.image.small.url} alt="" loading={index === 0 ? 'eager' : 'lazy'} />
            <span className="banner__shade" />
            <span className="banner__text">
              {banner.breaking ? <span className="badge badge--breaking">{t('dashboard.breaking')}</span> : null}
              <span className="banner__title">{banner.title}</span>
            </span>
          </>
        );
        const className = `banner${index === 0 ? ' banner--lead' : ''}${banner.breaking ? ' banner--breaking' : ''}`;
        return external ? (
          <a key={banner.id} className={className} href={href} rel="noopener noreferrer" target="_blank" data-testid="banner">
            {content}
          </a>
        ) : (
          <Link key={banner.id} className={className} to={href} data-testid="banner">
            {content}
          </Link>
        );
      })}
    </section>
  );
}

/**
 * Dashboard at /{locale} (spec: content §1, §2): live banners, the video feed, trending downloads of
 * the last 24 hours, live events (once there are any, kept current by the live-events channel), tags
 * and the editors' hotbox.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [params] = useSearchParams();
  const mix = params.get('with_international_mix');
  const query = mix ? { with_international_mix: mix } : {};
  const dashboard = useQuery(catalogueQueries.dashboard(locale, query));
  const live = useLiveEventsAfterFirstLoad();
  if (!dashboard.data) return <LoadingFallback />;
  const { banners, feed, trending, tags, hotbox, live_events: liveEvents } = dashboard.data.payload;
  return (
    <div className="page dashboard" data-testid="dashboard" data-live={live}>
      <h1 className="visually-hidden">{t('titles.dashboard')}</h1>
      <Banners banners={banners} locale={locale} />
      <LiveStrip events={liveEvents} locale={locale} />
      {hotbox.length > 0 ? (
        <section className="dashboard__section" data-testid="hotbox">
          <div className="section-heading">
            <h2>{t('dashboard.hotbox')}</h2>
          </div>
          <VideoGrid videos={hotbox} />
        </section>
      ) : null}
      <div className="dashboard__columns">
        <section className="dashboard__section" data-testid="feed">
          <div className="section-heading">
            <h2>{t('dashboard.latest')}</h2>
            <Link to={`/${locale}${LINKS.videos}${params.toString() ? `?${params.toString()}` : ''}`}>{t('dashboard.allVideos')}</Link>
          </div>
          <VideoGrid videos={feed} emptyText={t('catalogue.empty')} />
        </section>
        <aside className="dashboard__aside">
          <section className="trending" data-testid="trending">
            <h2 className="trending__title">{t('dashboard.trending')}</h2>
            {trending.length === 0 ? (
              <p className="trending__empty">{t('dashboard.trendingEmpty')}</p>
            ) : (
              <ol className="trending__list">
                {trending.map((video) => (
                  <li key={video.id}>
                    <Link to={`/${locale}${LINKS.video(video.project_slug)}`} className="trending__item">
                      <span className="trending__title-text" lang={video.language}>
                        {video.title}
                      </span>
                      <span className="trending__meta">
                        {t('dashboard.downloads', { count: video.downloads_24h })} · {formatDuration(video.duration)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section className="dashboard__tags" data-testid="tags">
            <h2 className="trending__title">{t('dashboard.tags')}</h2>
            <ul className="tag-cloud">
              {tags.map((tag) => (
                <li key={tag.id}>
                  <Link className="tag-chip" to={`/${locale}${LINKS.tagLanding(tag.slug)}`}>
                    #{tag.name} <span className="tag-chip__count">{tag.projects_count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}

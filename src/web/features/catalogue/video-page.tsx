import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import type { VideoProject } from '../../../common/catalogue.ts';
import { shortDescription } from '../../../common/page-meta.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAfterFirstView } from '../../lib/after-first-load.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { signInHref, useSignedIn } from '../../lib/session.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { DownloadPanel } from './download-panel.tsx';
import { PremiumPromo } from './premium-promo.tsx';
import { RecordingBooking } from './recording-booking.tsx';
import { AddToListButton } from '../lists/add-to-list-button.tsx';
import { formatDuration, formatPublished } from './format.ts';
import { ReaderDate } from '../../ui/reader-date.tsx';
import { Storyboard } from '../../ui/storyboard.tsx';
import { videoQuery } from './query-params.ts';
import { catalogueQueries } from './queries.ts';
import { VideoGrid } from './video-card.tsx';
import './catalogue.css';
import './dashboard.css';
import './video-page.css';

/** Names as a list in the reader's language: "Brazil, China and the US", "البرازيل والصين". */
const listOf = (locale: string, names: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);

/** The reader's own time zone: a publication time means most where the editor sits. */

/** A language or country code by its name in the reader's language; a code Intl cannot name stays as it is. */
function displayName(locale: string, type: 'language' | 'region', code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type }).of(code) ?? code;
  } catch (error) {
    if (error instanceof RangeError) return code;
    throw error;
  }
}

/** /{locale}/videos/{id}, id being the slug or the numeric id (spec: content §2 "Video page"). */
export function VideoPage() {
  const { locale = 'en', id = '' } = useParams();
  const video = useQuery(catalogueQueries.video(locale, id, useSignedIn()));
  useScreenMeta(video.data?.title, video.data ? shortDescription(video.data.story) : undefined);
  if (video.error instanceof ApiError && video.error.status === 404) return <NotFoundPage />;
  // Anything else is the route error page's to show (reload), not a page that waits for ever.
  if (video.isError) throw video.error;
  if (!video.data) return <LoadingFallback />;
  return <VideoView key={video.data.id} video={video.data} />;
}

function VideoView({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  // Query parameters are kept while moving between video pages (spec: content §2).
  const query = videoQuery(location.pathname, location.search);

  return (
    <div className="page video-page" data-testid="video-page">
      <Link className="video-page__back" to={`/${locale}${LINKS.videos}${query}`} data-testid="back-to-videos">
        {t('video.back')}
      </Link>
      <div className="video-page__layout">
        <div className="video-page__main">
          <Preview video={video} />
          {/* The editor's text is in the project's language: Arabic reads right to left. */}
          <article className="video-text" lang={video.language} dir={video.language === 'ar' ? 'rtl' : 'ltr'} data-testid="video-text">
            <p className="video-text__eyebrow">
              {video.category ? <span className="video-text__category">{video.category.name}</span> : null}
              {video.free_access ? <span className="badge badge--free">{t('video.badges.free')}</span> : null}
              {video.pool ? <span className="badge badge--pool">{t('video.badges.pool')}</span> : null}
            </p>
            <h1 className="video-text__title">{video.title}</h1>
            <p className="video-text__dateline" data-testid="dateline">
              <span className="video-text__place">{video.dateline.place}</span> ·{' '}
              {/* The date is in the reader's language, which may run the other way from the text. */}
              <ReaderDate value={video.dateline.date} locale={locale} />
            </p>
            {video.story ? (
              <section className="video-text__section">
                <h2 className="video-text__heading">{t('video.story')}</h2>
                <p className="video-text__story">{video.story}</p>
              </section>
            ) : null}
            {video.shotlist.length > 0 ? (
              <section className="video-text__section">
                <h2 className="video-text__heading">{t('video.shotlist')}</h2>
                <ol className="shotlist" data-testid="shotlist">
                  {video.shotlist.map((shot) => (
                    <li key={shot.number} value={shot.number}>
                      {shot.text}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {video.script_complete ? null : (
              <p className="video-text__more" data-testid="script-sign-in">
                {t('video.scriptExcerpt')}{' '}
                <Link to={signInHref(locale, location.pathname + location.search)}>{t('video.scriptSignIn')}</Link>
              </p>
            )}
          </article>
          <p className="video-page__list">
            <AddToListButton videoId={video.id} labelled />
          </p>
          {video.tags.length > 0 ? (
            <section className="video-page__tags" aria-label={t('video.tags')}>
              <ul className="tag-cloud">
                {video.tags.map((tag) => (
                  <li key={tag.id}>
                    <Link className="tag-chip" to={`/${locale}${LINKS.tagLanding(tag.slug)}`}>
                      #{tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className="video-page__aside">
          <Facts video={video} />
          <Restrictions video={video} />
          <DownloadPanel video={video} />
          {video.live_recording ? <RecordingBooking recording={video.live_recording} /> : null}
          <PremiumPromo />
          <Trending query={query} />
        </aside>
      </div>
      <Related video={video} />
    </div>
  );
}

/**
 * The preview: the clip when there is one, else the poster; and the storyboard's scrub bar when the
 * master has one (issue 28), under the clip or along the poster's foot. Without either, the poster
 * says there is no clip.
 */
function Preview({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const storyboard = video.storyboard_url ? <StoryStoryboard url={video.storyboard_url} overlay={!video.preview_video_url} /> : null;
  if (video.preview_video_url)
    return (
      <div className="video-preview">
        <div className="video-player">
          <video
            key={video.preview_video_url}
            className="video-player__media"
            controls
            preload="metadata"
            poster={video.selected_preview_image}
            src={video.preview_video_url}
            aria-label={t('video.preview')}
            data-testid="preview-player"
          />
        </div>
        {storyboard}
      </div>
    );
  return (
    <figure className="video-player video-player--still" data-testid="preview-still">
      <img className="video-player__media" src={video.selected_preview_image} alt="" width={1280} height={720} />
      {storyboard ?? <figcaption className="video-player__note">{t('video.noPreview')}</figcaption>}
    </figure>
  );
}

/** The story's storyboard, in the video page's words. */
function StoryStoryboard({ url, overlay }: { url: string; overlay: boolean }) {
  const { t } = useTranslation();
  const texts = {
    label: t('video.storyboard.label'),
    hint: t('video.storyboard.hint'),
    at: (time: string, total: string) => t('video.storyboard.at', { time, total }),
    time: formatDuration,
  };
  return <Storyboard url={url} overlay={overlay} texts={texts} />;
}

function Facts({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const facts: [string, string][] = [
    [t('video.facts.published'), formatPublished(video.published_at, locale, timeZone)],
    [t('video.facts.duration'), formatDuration(video.duration)],
  ];
  if (video.category) facts.push([t('video.facts.category'), video.category.name]);
  if (video.country) facts.push([t('video.facts.country'), video.country.name]);
  if (video.region) facts.push([t('video.facts.region'), video.region.name]);
  if (video.languages.length > 0)
    facts.push([
      t('video.facts.languages'),
      listOf(
        locale,
        video.languages.map((code) => displayName(locale, 'language', code)),
      ),
    ]);
  if (video.source) facts.push([t('video.facts.source'), video.source]);
  facts.push([t('video.facts.projectId'), video.project_id]);
  return (
    <section className="video-box" aria-label={t('video.facts.title')}>
      <dl className="video-facts" data-testid="video-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="video-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Restrictions({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const when = (iso: string) => formatPublished(iso, locale, timeZone);
  // A project may carry an embargo time without the embargo restriction picked: still show it.
  const looseEmbargo =
    video.embargo_until && !video.restrictions.some((restriction) => restriction.code === 'embargo') ? video.embargo_until : null;
  const empty = video.restrictions.length === 0 && !looseEmbargo;
  const titleId = useId();
  return (
    <section className={`restrictions${empty ? ' restrictions--none' : ''}`} aria-labelledby={titleId} data-testid="restrictions">
      <h2 className="video-box__title" id={titleId}>
        {t('video.restrictions.title')}
      </h2>
      {empty ? (
        <p className="restrictions__none">{t('video.restrictions.none')}</p>
      ) : (
        <ul className="restrictions__list">
          {video.restrictions.map((restriction) => {
            const until = restriction.code === 'embargo' ? (restriction.until ?? video.embargo_until) : null;
            return (
              <li key={restriction.code} data-testid={`restriction-${restriction.code}`}>
                <strong>{restriction.name}</strong>
                {restriction.code === 'no_access_countries' && restriction.countries && restriction.countries.length > 0 ? (
                  <span className="restrictions__detail">
                    {listOf(
                      locale,
                      restriction.countries.map((code) => displayName(locale, 'region', code)),
                    )}
                  </span>
                ) : null}
                {until ? <span className="restrictions__detail">{t('video.restrictions.until', { time: when(until) })}</span> : null}
              </li>
            );
          })}
          {looseEmbargo ? (
            <li data-testid="restriction-embargo">
              <strong>{t('video.restrictions.embargo')}</strong>
              <span className="restrictions__detail">{t('video.restrictions.until', { time: when(looseEmbargo) })}</span>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

/** Trending downloads of the last 24 hours: the dashboard's list (spec: content §2 "Video page"). */
function Trending({ query }: { query: string }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const dashboard = useQuery(catalogueQueries.dashboard(locale, {}));
  const trending = dashboard.data?.payload.trending;
  if (!trending) return null;
  return (
    <section className="trending" data-testid="trending">
      <h2 className="trending__title">{t('video.trending.title')}</h2>
      {trending.length === 0 ? (
        <p className="trending__empty">{t('video.trending.empty')}</p>
      ) : (
        <ol className="trending__list">
          {trending.map((item) => (
            <li key={item.id}>
              <Link to={`/${locale}${LINKS.video(item.project_slug)}${query}`} className="trending__item">
                <span className="trending__title-text" lang={item.language} dir="auto">
                  {item.title}
                </span>
                <span className="trending__meta">
                  {t('video.trending.downloads', { count: item.downloads_24h })} · {formatDuration(item.duration)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The related stories, below the page's fold: they come in the task after the first view (useAfterFirstView). */
function Related({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const related = useQuery(catalogueQueries.related(locale, video.id));
  const belowFoldShown = useAfterFirstView();
  if (!belowFoldShown || !related.data || related.data.length === 0) return null;
  return (
    <section className="video-page__related" data-testid="related">
      <div className="section-heading">
        <h2>{t('video.related')}</h2>
      </div>
      <VideoGrid videos={related.data} />
    </section>
  );
}

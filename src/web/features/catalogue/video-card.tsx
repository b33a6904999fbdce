import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import type { VideoProjectSummary } from '../../../common/catalogue.ts';
import { LINKS } from '../../../common/routes.ts';
import { formatDuration } from './format.ts';
import { ReaderDate } from '../../ui/reader-date.tsx';
import { useMaterialAccess } from '../agreements/material-access.ts';
import { videoQuery } from './query-params.ts';
import { AddToListButton } from '../lists/add-to-list-button.tsx';
import { SelectBox } from '../selection/select-box.tsx';
import { useSignedIn } from '../../lib/session.ts';

export type ViewType = 'grid' | 'list';
/** Cards under a page's h1 title with h2, under a section's h2 with h3: no level is skipped. */
export type CardHeadingLevel = 2 | 3;

/** A project in a list: poster, length, access badges, title and dateline. */
export function VideoCard({
  video,
  view = 'grid',
  onOpen,
  headingLevel = 3,
  priority = 'lazy',
  selectable = false,
}: {
  video: VideoProjectSummary;
  view?: ViewType;
  onOpen?: () => void;
  headingLevel?: CardHeadingLevel;
  /** A tick box picks the video for the selection bar (a signed-in user's lists of results). */
  selectable?: boolean;
  /** Posters above the fold load at once, the first one first (it is the page's largest paint). */
  priority?: 'first' | 'eager' | 'lazy';
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const access = useMaterialAccess();
  const signedIn = useSignedIn();
  // Included in one of the user's agreements (a pass's pool, an enterprise balance), by the rules the server applies.
  const decision = access?.({ kind: 'vod', id: video.id, free_access: video.free_access, limit_type: video.limit_type });
  const included = decision?.allowed === true && decision.agreementId !== null;
  // Query parameters are kept while moving between video pages (spec: content §2).
  const href = `/${locale}${LINKS.video(video.project_slug)}${videoQuery(location.pathname, location.search)}`;
  return (
    <article
      className={`video-card video-card--${view}`}
      data-testid="video-card"
      lang={video.language}
      dir={video.language === 'ar' ? 'rtl' : 'ltr'}
    >
      <Link to={href} className="video-card__link" onClick={onOpen}>
        <div className="video-card__media">
          <img
            src={video.selected_preview_image}
            alt=""
            loading={priority === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={priority === 'first' ? 'high' : 'auto'}
            width={320}
            height={180}
          />
          <span className="video-card__duration">{formatDuration(video.duration)}</span>
          <span className="video-card__badges">
            {video.free_access ? <span className="badge badge--free">{t('catalogue.badges.free')}</span> : null}
            {video.pool ? <span className="badge badge--pool">{t('catalogue.badges.pool')}</span> : null}
            {included ? (
              <span className="badge badge--included" data-testid="badge-included">
                {t('catalogue.badges.included')}
              </span>
            ) : null}
            {video.has_preview_video ? <span className="badge badge--preview">{t('catalogue.badges.preview')}</span> : null}
          </span>
        </div>
        <div className="video-card__body">
          <p className="video-card__meta">
            {video.category ? <span className="video-card__category">{video.category.name}</span> : null}
            <span className="video-card__language">{video.language.toUpperCase()}</span>
          </p>
          <Heading className="video-card__title">{video.title}</Heading>
          <p className="video-card__dateline">
            {video.dateline.place} · <ReaderDate value={video.dateline.date} locale={locale} />
          </p>
        </div>
      </Link>
      {selectable && signedIn ? <SelectBox video={{ id: video.id, title: video.title }} /> : null}
      <AddToListButton videoId={video.id} />
    </article>
  );
}

export function VideoGrid({
  videos,
  view = 'grid',
  emptyText,
  onOpen,
  headingLevel,
  eager = 0,
  selectable = false,
}: {
  videos: VideoProjectSummary[];
  view?: ViewType;
  emptyText?: string;
  onOpen?: (video: VideoProjectSummary) => void;
  headingLevel?: CardHeadingLevel;
  /** How many posters from the top are above the fold on a wide screen. */
  eager?: number;
  selectable?: boolean;
}) {
  if (videos.length === 0 && emptyText) return <p className="video-grid__empty">{emptyText}</p>;
  return (
    <div className={`video-grid video-grid--${view}`} data-testid="video-grid" data-view={view}>
      {videos.map((video, index) => (
        <VideoCard
          key={video.id}
          video={video}
          view={view}
          headingLevel={headingLevel}
          onOpen={onOpen ? () => onOpen(video) : undefined}
          priority={index === 0 && eager > 0 ? 'first' : index < eager ? 'eager' : 'lazy'}
          selectable={selectable}
        />
      ))}
    </div>
  );
}

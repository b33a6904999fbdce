import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { VideoProjectSummary } from '../../../common/catalogue.ts';
import { VideoCard } from '../catalogue/video-card.tsx';
import { ViewToggle } from '../catalogue/view-toggle.tsx';
import { useViewType } from '../catalogue/view-type.ts';

/** A list's videos in grid or list view, as elsewhere (spec: content §2 "Lists"), each with an optional action. */
export function ListVideos({ videos, action }: { videos: VideoProjectSummary[]; action?: (video: VideoProjectSummary) => ReactNode }) {
  const { t } = useTranslation();
  const [view, setView] = useViewType();
  if (videos.length === 0)
    return (
      <p className="lists-page__empty" data-testid="list-videos-empty">
        {t('lists.noVideos')}
      </p>
    );
  return (
    <>
      <div className="lists-page__toolbar">
        <ViewToggle view={view} onChange={setView} />
      </div>
      <div className={`video-grid video-grid--${view}`} data-testid="video-grid" data-view={view}>
        {videos.map((video, index) => (
          <div key={video.id} className="list-video">
            <VideoCard video={video} view={view} headingLevel={2} priority={index < 4 ? 'eager' : 'lazy'} />
            {action?.(video)}
          </div>
        ))}
      </div>
    </>
  );
}

import type { Banner, VideoProjectSummary } from './catalogue.ts';

/**
 * Each story shows once on the dashboard: the hero (banners) first, then the editors' picks, then
 * the latest feed; a story already shown higher up is left out below, and the feed keeps its page
 * size when the caller fetched a few more (docs/decisions.md).
 */
export function withoutRepeats(banners: Banner[], hotbox: VideoProjectSummary[], feed: VideoProjectSummary[], feedSize = feed.length) {
  const shown = new Set(banners.flatMap((banner) => (banner.video_project_extid ? [banner.video_project_extid] : [])));
  const fresh = (video: VideoProjectSummary) => !shown.has(video.project_id) && !shown.has(video.project_slug);
  const picks = hotbox.filter(fresh);
  for (const video of picks) shown.add(video.project_id);
  return { hotbox: picks, feed: feed.filter(fresh).slice(0, feedSize) };
}

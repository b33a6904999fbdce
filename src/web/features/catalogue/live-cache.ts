import type { InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DashboardResponse, tagLandingResponseSchema } from '../../../common/catalogue.ts';
import type { LiveEventUpdate } from '../../../common/live.ts';
import { dashboardReading, tagLandingReading } from '../../../common/live-readings.ts';

/**
 * How a status change from the live-events channel reads on the catalogue's cached answers that
 * show live events (spec: content §4 "Live event status"); their keys are api.ts's CATALOGUE_KEYS.
 */
export type TagLanding = z.infer<typeof tagLandingResponseSchema>;
/** A tag landing as its page holds it: the pages of videos loaded so far, each carrying the tag's lives. */
export type TagLandingPages = InfiniteData<TagLanding>;

/** The dashboard reading on the dashboard's live strip; the rest of the dashboard stays as it was. */
export function dashboardWithStatusChange(dashboard: DashboardResponse, update: LiveEventUpdate): DashboardResponse {
  return { ...dashboard, payload: { ...dashboard.payload, live_events: dashboardReading(dashboard.payload.live_events, update) } };
}

/**
 * The tag landing reading on every loaded page, for the page's own tag: each page carries the
 * tag's lives as they were when it came (the landing shows the first's), so each reads the change.
 */
export function tagLandingWithStatusChange(landing: TagLandingPages, update: LiveEventUpdate): TagLandingPages {
  return { ...landing, pages: landing.pages.map((page) => tagLandingReading(page, page.tag.slug, update)) };
}

/**
 * Live events' fixed values (spec: content §1, §4, §7, §9), apart from the zod contracts in live.ts,
 * so that a page needing only a value (the dashboard's live strip reading a status change) does not
 * load zod.
 */

/** Live event statuses seen in the spec (§4 "Live event status"). */
export const LIVE_EVENT_STATUSES = ['confirmed', 'delayed', 'ahead', 'live', 'next', 'finished', 'terminated', 'canceled'] as const;
export type LiveEventStatus = (typeof LIVE_EVENT_STATUSES)[number];

/** Spec §7: 12 events a page. */
export const LIVE_PAGE_SIZE = 12;
/** Spec §9: the live feed opens 15 minutes before the start. */
export const LIVE_FEED_OPENS_MINUTES = 15;

/** Who may watch (spec §1): registered users, subscribers (pool), or the agency's clients only. */
export const LIVE_ACCESS = ['free', 'pool', 'client'] as const;
export type LiveAccess = (typeof LIVE_ACCESS)[number];

/** Statuses in which an event is still to come or going on: the dashboard adds only these. */
export const UPCOMING_STATUSES = ['confirmed', 'delayed', 'ahead', 'live', 'next'] as const satisfies readonly LiveEventStatus[];
/** Statuses an events list drops (spec §4 "Events list reading"). */
export const GONE_STATUSES = ['terminated', 'canceled'] as const satisfies readonly LiveEventStatus[];

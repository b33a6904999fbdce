import type { LiveEvent, LiveEventUpdate } from '../../../common/live.ts';

/** Live events for the browser's cache tests: event `id`, confirmed, free, on 2026-05-0{id}. */
const image = { url: '', thumbnail: '', w273: '', w575: '', w960: '', large_brand: '' };

export const liveEvent = (id: number, fields: Partial<LiveEvent> = {}): LiveEvent => ({
  id,
  slug: `event-${id}`,
  title: `Event ${id}`,
  status: 'confirmed',
  start_at: `2026-05-0${id}T10:00:00Z`,
  front_page_ban: false,
  visible: true,
  access: 'free',
  tags: [],
  image_type: 'default',
  image,
  location: null,
  subscribed: false,
  booked: false,
  ...fields,
});

/** The same event as the real-time channel tells it: without the caller's own flags. */
export const liveEventUpdate = (id: number, fields: Partial<LiveEventUpdate> = {}): LiveEventUpdate => {
  const { subscribed: _subscribed, booked: _booked, ...rest } = liveEvent(id, fields);
  return rest;
};

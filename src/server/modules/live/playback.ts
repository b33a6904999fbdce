import type { LiveEventDetail } from '../../../common/live.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { liveRefusal } from './access.ts';
import { visibleEvent } from './events.ts';
import type { TargetsContext } from './targets.ts';
import { currentSession } from './sessions.ts';
import { playbackUrl } from './stream.ts';

type Watching = Pick<LiveEventDetail, 'playback_url' | 'watch_refusal'>;

/**
 * The event page's player: a signed link while a publisher is on, for a signed-in viewer the live
 * table lets watch (common/access.ts liveAccessTo: free events for registered users, pool events
 * for subscribers, plans with live access and bookings, client-only events for clients); else why
 * not, so the page says it instead of waiting for a picture.
 */
export async function watchingFor(ctx: TargetsContext, event: LiveEventDetail, user: UserRow | null): Promise<Watching> {
  if (!user) return { playback_url: null, watch_refusal: 'login_required' };
  const refusal = await liveRefusal(ctx, user, await visibleEvent(ctx, event.slug), 'watch');
  if (refusal) return { playback_url: null, watch_refusal: refusal };
  const open = await currentSession(ctx, event.id);
  return { playback_url: open ? playbackUrl(ctx.secret, event.id, ctx.clock.now()) : null, watch_refusal: null };
}

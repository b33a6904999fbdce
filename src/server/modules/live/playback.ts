import type { LiveEventDetail } from '../../../common/live.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { entitledEvent, type TargetsContext } from './targets.ts';
import { playbackUrl, sessionDir } from './stream.ts';

/**
 * The event page's player link: while a publisher is on, for anyone when the event is free
 * (visitors too), else for a viewer with live access (a booking or a plan with live access).
 */
export async function playbackFor(
  ctx: TargetsContext,
  hlsRoot: string,
  event: LiveEventDetail,
  user: UserRow | null,
): Promise<string | null> {
  if (!(await sessionDir(hlsRoot, event.id))) return null;
  if (event.access !== 'free') {
    if (!user) return null;
    const entitled = await entitledEvent(ctx, user, event.slug).then(
      () => true,
      () => false,
    );
    if (!entitled) return null;
  }
  return playbackUrl(ctx.secret, event.id, ctx.clock.now());
}

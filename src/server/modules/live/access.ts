import { liveAccessTo, type LiveAction } from '../../../common/access.ts';
import type { ServiceContext } from '../../context.ts';
import { Forbidden } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { accessAgreements, agreementsServing } from '../agreements/service.ts';
import type { EventRow } from './events.ts';

/** The live table's refusals (common/access.ts liveAccessTo), as the API answers them. */
const liveRefusals = {
  clients_only: () => new Forbidden({ code: 'clients_only', message: "This live event is for the agency's clients only" }),
  live_access_required: () =>
    new Forbidden({ code: 'live_access_required', message: 'Live events are part of plans with live access, or can be booked' }),
};

type LiveRefusal = keyof typeof liveRefusals;

/** Why the user may not do `action` with the event by the live table, or null when they may. */
export async function liveRefusal(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  user: UserRow,
  event: EventRow,
  action: LiveAction,
): Promise<LiveRefusal | null> {
  const held = event.access === 'pool' ? accessAgreements(await agreementsServing(ctx, user), ctx.clock.now()) : [];
  const decision = liveAccessTo({ signedIn: true, userGroup: user.userGroup, agreements: held }, event, action);
  if (decision.allowed) return null;
  return decision.reason === 'clients_only' ? 'clients_only' : 'live_access_required';
}

/** The same, as the API's 403 when the user may not. */
export async function assertLiveAccess(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  user: UserRow,
  event: EventRow,
  action: LiveAction,
): Promise<void> {
  const refusal = await liveRefusal(ctx, user, event, action);
  if (refusal) throw liveRefusals[refusal]();
}

import { hasDeskRole, type DeskRole } from '../../../common/desk-roles.ts';
import { CHANNELS, type ChannelName } from '../../../common/realtime.ts';

/**
 * Who a connection is: the signed-in user and the session it was opened with, or a guest (null).
 * `deskRoles`: the desk roles of staff when the connection was opened (none for everyone else).
 */
export type Identity = { userId: number; sessionIdHash: string; deskRoles?: readonly string[] } | null;

/** The one stream of the desk's ingest channel. */
export const DESK_INGEST_STREAM = 'desk:ingest';
/** The one stream of the desk's support inbox channel. */
export const DESK_SUPPORT_STREAM = 'desk:support';

/** Streams: what a broadcast names besides its channel. Public channels have one stream each. */
export const ALERTS_STREAM = 'alerts';
export const LIVE_EVENTS_STREAM = 'live_events';
/** The stream of one user on a per-user channel (transcoding, notifications). */
export const userStream = (userId: number) => `user:${userId}`;

type ChannelDefinition = {
  /** The stream a subscription listens to, or null to reject it. */
  stream(identity: Identity, params: Record<string, unknown>): string | null;
};

const everyone = (stream: string): ChannelDefinition => ({ stream: () => stream });

/**
 * Signed-in users only, each on their own stream. An identifier may name the user
 * (`{"channel":…,"user_id":7}`), as the consumer of another app might; naming anyone else is rejected.
 */
const ownStream: ChannelDefinition = {
  stream(identity, params) {
    if (!identity) return null;
    if ('user_id' in params && String(params.user_id) !== String(identity.userId)) return null;
    return userStream(identity.userId);
  },
};

/** Staff holding `role` (or admin), as they were when the connection was opened; anyone else is rejected. */
const deskOnly = (role: DeskRole, stream: string): ChannelDefinition => ({
  stream: (identity) => (identity?.deskRoles && hasDeskRole(identity.deskRoles, role) ? stream : null),
});

/** Every channel a client may subscribe to; an identifier naming any other is rejected. */
export const CHANNEL_DEFINITIONS: ReadonlyMap<string, ChannelDefinition> = new Map<ChannelName, ChannelDefinition>([
  [CHANNELS.alerts, everyone(ALERTS_STREAM)],
  [CHANNELS.liveEvents, everyone(LIVE_EVENTS_STREAM)],
  [CHANNELS.transcoding, ownStream],
  [CHANNELS.notifications, ownStream],
  [CHANNELS.deskIngest, deskOnly('editor', DESK_INGEST_STREAM)],
  [CHANNELS.support, ownStream],
  [CHANNELS.deskSupport, deskOnly('sales', DESK_SUPPORT_STREAM)],
]);

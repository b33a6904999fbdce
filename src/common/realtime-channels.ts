/**
 * The real-time connection's names (spec: content §4 "Real-time channel"), apart from the message
 * contracts in realtime.ts so that the browser's consumer does not load zod.
 */
export const CABLE_PATH = '/cable';
export const CABLE_PROTOCOL = 'actioncable-v1-json';

export const CHANNELS = {
  /** Everyone, guests too: alert bars created, changed, removed. */
  alerts: 'Content::AlertsChannel',
  /** Signed-in users only, each on their own stream: their renders' progress and completions. */
  transcoding: 'Content::VideoProjects::TranscodingChannel',
  /** Everyone: status changes of live events. */
  liveEvents: 'Content::LiveEventsChannel',
  /** Signed-in users only, each on their own stream: notifications meant for that user. */
  notifications: 'NotificationsChannel',
  /** Staff with the editor role only: ingest's progress, each item's media stage (newsroom-ingest.ts). */
  deskIngest: 'Desk::IngestChannel',
  /** Signed-in users only, each on their own stream: their support conversation's replies and status (support.ts). */
  support: 'SupportChannel',
  /** Staff with the sales role only: the support inbox's conversations as they change (support.ts). */
  deskSupport: 'Desk::SupportChannel',
} as const;
export type ChannelName = (typeof CHANNELS)[keyof typeof CHANNELS];

/** Why the server closes a connection (`disconnect.reason`); ActionCable's own words where it has one. */
export const DISCONNECT_REASONS = {
  /** The session the connection was opened with ended (sign-out, password change, expiry). */
  unauthorized: 'unauthorized',
  /** A frame that is not the protocol: not JSON, an unknown command, a missing identifier. */
  invalidRequest: 'invalid_request',
  /** The server is stopping; the consumer reconnects, to this process's successor or another one. */
  serverRestart: 'server_restart',
} as const;

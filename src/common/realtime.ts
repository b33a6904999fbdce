import { z } from 'zod';

/**
 * The real-time connection (spec: content §4 "Real-time channel"): the ActionCable protocol over a
 * WebSocket at /cable, read by the official @rails/actioncable consumer. The browser subscribes with
 * identifiers such as `{"channel":"Content::AlertsChannel"}` and parses what each channel sends with
 * the schemas below (the alerts channel's are in alerts.ts).
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

/** A render's progress and its end (spec: content §4 "Requested videos"). */
export const transcodingMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    request_id: z.number().int(),
    project_id: z.string(),
    percent: z.number().min(0).max(100),
  }),
  z.object({ type: z.literal('completed'), request_id: z.number().int(), project_id: z.string(), url: z.string().nullable() }),
  z.object({ type: z.literal('failed'), request_id: z.number().int(), project_id: z.string() }),
]);
export type TranscodingMessage = z.infer<typeof transcodingMessageSchema>;

/** Live event statuses seen in the spec (content §4 "Live event status"). */
export const LIVE_EVENT_STATUSES = ['confirmed', 'delayed', 'ahead', 'live', 'next', 'finished', 'terminated', 'canceled'] as const;

/** A status change (content §4): what the dashboard and list readings need to apply it. */
export const liveEventStatusMessageSchema = z.object({
  type: z.literal('status_changed'),
  live_event: z.object({
    id: z.number().int(),
    extid: z.string(),
    status: z.enum(LIVE_EVENT_STATUSES),
    start_at: z.string(),
    front_page_ban: z.boolean(),
    visible: z.boolean(),
  }),
});
export type LiveEventStatusMessage = z.infer<typeof liveEventStatusMessageSchema>;

/** A notification for one user (accounts §3 "Notification": success, error or notify). */
export const userNotificationMessageSchema = z.object({
  type: z.enum(['success', 'error', 'notify']),
  /** A translation key the browser shows, with its values. */
  key: z.string(),
  values: z.record(z.string(), z.string()).optional(),
  link: z.string().optional(),
});
export type UserNotificationMessage = z.infer<typeof userNotificationMessageSchema>;

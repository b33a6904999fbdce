import { z } from 'zod';
import { liveEventUpdateSchema } from './live.ts';
import { noticeChannelMessageSchema } from './notice-centre.ts';

/**
 * The real-time connection (spec: content §4 "Real-time channel"): the ActionCable protocol over a
 * WebSocket at /cable, read by the official @rails/actioncable consumer. The browser subscribes with
 * identifiers such as `{"channel":"Content::AlertsChannel"}` and parses what each channel sends with
 * the schemas below (the alerts channel's are in alerts.ts).
 */
export { CABLE_PATH, CABLE_PROTOCOL, CHANNELS, DISCONNECT_REASONS, type ChannelName } from './realtime-channels.ts';

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
  /** The upload of a requested file to the customer's FTP/SFTP server. */
  z.object({
    type: z.literal('delivery'),
    request_id: z.number().int(),
    project_id: z.string(),
    state: z.enum(['uploading', 'delivered', 'failed']),
    percent: z.number().min(0).max(100),
    message: z.string().optional(),
  }),
]);
export type TranscodingMessage = z.infer<typeof transcodingMessageSchema>;

/** A status change (content §4): the event as lists show it, for the readings of live.ts to apply. */
export const liveEventStatusMessageSchema = z.object({
  type: z.literal('status_changed'),
  live_event: liveEventUpdateSchema,
});
export type LiveEventStatusMessage = z.infer<typeof liveEventStatusMessageSchema>;

/** A notification for one user (accounts §3 "Notification": success, error or notify), shown as a pop-up. */
export const notificationPopupSchema = z.object({
  type: z.enum(['success', 'error', 'notify']),
  /** A translation key the browser shows, with its values. */
  key: z.string(),
  values: z.record(z.string(), z.string()).optional(),
  link: z.string().optional(),
});
export type NotificationPopup = z.infer<typeof notificationPopupSchema>;

/** What the notifications channel carries: pop-ups, and the notice centre's news (notice-centre.ts). */
export const userNotificationMessageSchema = z.union([notificationPopupSchema, noticeChannelMessageSchema]);
export type UserNotificationMessage = z.infer<typeof userNotificationMessageSchema>;

/** Whether a notifications message is a pop-up to show (the notice centre's news are not). */
export const isPopup = (message: UserNotificationMessage): message is NotificationPopup =>
  message.type !== 'notice' && message.type !== 'notices_read';

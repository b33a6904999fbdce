import type { AlertMessage } from '../../../common/alerts.ts';
import type { DeskIngestMessage } from '../../../common/newsroom-ingest.ts';
import type { DeskSupportChannelMessage, SupportChannelMessage } from '../../../common/support.ts';
import type {
  CHANNELS,
  ChannelName,
  LiveEventStatusMessage,
  TranscodingMessage,
  UserNotificationMessage,
} from '../../../common/realtime.ts';

/** What each channel carries (common/ has the schemas the browser parses them with). */
export type ChannelMessages = {
  [CHANNELS.alerts]: AlertMessage;
  [CHANNELS.transcoding]: TranscodingMessage;
  [CHANNELS.liveEvents]: LiveEventStatusMessage;
  [CHANNELS.notifications]: UserNotificationMessage;
  [CHANNELS.deskIngest]: DeskIngestMessage;
  [CHANNELS.support]: SupportChannelMessage;
  [CHANNELS.deskSupport]: DeskSupportChannelMessage;
};

/** Sends a message to the subscribers of a channel's stream, in every process (realtime/channels.ts names the streams). */
export type Broadcast = <C extends ChannelName>(channel: C, stream: string, message: ChannelMessages[C]) => void;

/**
 * Sessions that ended: one (sign-out, a new sign-in in the same browser) or every session of a user
 * but the one kept (a password change). Their real-time connections are closed in every process.
 */
export type EndedSessions = { idHash: string } | { userId: number; exceptIdHash?: string };

/** What the cable of a process hears, from every process, itself included. */
export type CableListener = {
  deliver(channel: string, stream: string, messageJson: string): void;
  endSessions(ended: EndedSessions): void;
};

/**
 * The one way to reach connected clients. Services call `broadcast`; the cable of each process
 * listens. In-process by default; through Redis pub/sub with REDIS_URL, so that a broadcast from any
 * API or worker process reaches the clients of every process.
 */
export type Broadcaster = {
  broadcast: Broadcast;
  endSessions(ended: EndedSessions): void;
  /** The cable of this process; one at a time. */
  listen(listener: CableListener | null): void;
  close(): Promise<void>;
  /** Throws while messages would be lost (Redis unreachable); absent where nothing can be lost. */
  ping?(): Promise<void>;
};

/**
 * One process: delivery waits for the next turn of the event loop, as it would through Redis, so
 * the service that broadcast (and its HTTP answer) is not held up by the fan-out.
 */
export function inProcessBroadcaster(): Broadcaster {
  let listener: CableListener | null = null;
  return {
    broadcast(channel, stream, message) {
      const json = JSON.stringify(message);
      setImmediate(() => listener?.deliver(channel, stream, json));
    },
    endSessions(ended) {
      setImmediate(() => listener?.endSessions(ended));
    },
    listen(next) {
      listener = next;
    },
    close: async () => {
      listener = null;
    },
  };
}

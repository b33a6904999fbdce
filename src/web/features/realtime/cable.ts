import { Connection, ConnectionMonitor, createConsumer, type Consumer } from '@rails/actioncable';
import { CABLE_PATH } from '../../../common/realtime-channels.ts';

/**
 * The tab's one real-time connection (spec: content §4 "Real-time channel"): the official
 * @rails/actioncable consumer at /cable, opened at the first subscription. Its timings are the
 * spec's, set on the library's own classes: stale after 6 s without a ping, then reopened; the
 * monitor polls every 6 s × 1.15^attempts with jitter (3–30 s); reopen delay 500 ms; the
 * library re-checks 200 ms after the tab becomes visible again.
 */
ConnectionMonitor.staleThreshold = 6;
ConnectionMonitor.reconnectionBackoffRate = 0.15;
Connection.reopenDelay = 500;

let consumer: Consumer | null = null;

function cable(): Consumer {
  consumer ??= createConsumer(CABLE_PATH);
  return consumer;
}

export type ChannelHandlers<Message> = {
  received: (message: Message) => void;
  /** Each time the server confirms the subscription: at first, and after every reconnection. */
  connected?: () => void;
};

/** Subscribes to a channel (params name its stream where it has several); returns the unsubscribe. */
export function subscribe<Message>(channel: string, handlers: ChannelHandlers<Message>, params: Record<string, unknown> = {}): () => void {
  const subscription = cable().subscriptions.create(
    { channel, ...params },
    { received: (data: Message) => handlers.received(data), connected: () => handlers.connected?.() },
  );
  return () => subscription.unsubscribe();
}

/**
 * The server identifies a connection by the session cookie when it opens: after a sign-in or a
 * sign-out the connection is reopened so that it speaks for whoever is signed in now.
 */
export function reopenCable() {
  consumer?.connection.reopen();
}

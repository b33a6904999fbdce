import { Redis } from 'ioredis';
import type { Broadcaster, CableListener, EndedSessions } from './broadcaster.ts';

type Log = { warn(details: object, message: string): void };

/** A Redis that does not answer this soon stops start-up with a message naming REDIS_URL. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Broadcasts through Redis pub/sub on one Redis channel, so every API and worker process hears
 * every broadcast, its own included. A message is serialised once, where it is broadcast, and
 * travels as `D["channel","stream"]\n<message JSON>`: the receiving cable puts the JSON into its
 * frames without parsing it. Session ends travel as `S<JSON>`. Pub/sub keeps nothing: a process cut
 * off from Redis misses what is sent meanwhile (ioredis reconnects and subscribes again).
 */
export async function redisBroadcaster(options: { url: string; channel: string; log: Log }): Promise<Broadcaster> {
  const publisher = new Redis(options.url, { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3 });
  const subscriber = publisher.duplicate();
  let listener: CableListener | null = null;
  const warn = (what: string) => (error: unknown) => options.log.warn({ err: error }, `redis ${what} failed`);
  publisher.on('error', warn('publisher'));
  subscriber.on('error', warn('subscriber'));

  subscriber.on('message', (channel: string, payload: string) => {
    if (channel !== options.channel || !listener) return;
    try {
      receive(listener, payload);
    } catch (error) {
      options.log.warn({ err: error }, 'a broadcast from redis could not be read');
    }
  });

  const ready = Promise.all([publisher.connect(), subscriber.connect().then(() => subscriber.subscribe(options.channel))]);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`REDIS_URL: Redis did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const publish = (payload: string) => void publisher.publish(options.channel, payload).catch(warn('publish'));
  return {
    broadcast(channel, stream, message) {
      publish(`D${JSON.stringify([channel, stream])}\n${JSON.stringify(message)}`);
    },
    endSessions(ended) {
      publish(`S${JSON.stringify(ended)}`);
    },
    listen(next) {
      listener = next;
    },
    async ping() {
      // Both connections: a subscriber cut off misses what others broadcast, a publisher what this one does.
      if (publisher.status !== 'ready' || subscriber.status !== 'ready')
        throw new Error(`Redis is not connected (publisher ${publisher.status}, subscriber ${subscriber.status})`);
      await publisher.ping();
    },
    async close() {
      listener = null;
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

function receive(listener: CableListener, payload: string) {
  if (payload.startsWith('D')) {
    const newline = payload.indexOf('\n');
    const [channel, stream] = JSON.parse(payload.slice(1, newline)) as [string, string];
    listener.deliver(channel, stream, payload.slice(newline + 1));
  } else if (payload.startsWith('S')) {
    listener.endSessions(JSON.parse(payload.slice(1)) as EndedSessions);
  }
}

import { Redis } from 'ioredis';
import { cacheListeners, type CacheBus } from './cache-bus.ts';

type Log = { warn(details: object, message: string): void };

/** A Redis that does not answer this soon stops start-up with a message naming REDIS_URL. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The cache bus through Redis pub/sub, on a channel of its own (`{REDIS_CHANNEL}:caches`): each
 * message is a scope's name, and every API and worker process, this one included, drops that
 * scope's entries when it arrives. Pub/sub keeps nothing, so a process whose subscription was cut
 * off may have missed a change: once it is subscribed again it drops everything it holds.
 */
export async function redisCacheBus(options: { url: string; channel: string; log: Log }): Promise<CacheBus> {
  const publisher = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
    // Named after the channel, so CLIENT LIST tells these connections from the real-time ones.
    connectionName: `cache-bus:${options.channel}`,
  });
  const subscriber = publisher.duplicate();
  const local = cacheListeners();
  const warn = (what: string) => (error: unknown) => options.log.warn({ err: error }, `redis cache bus: ${what} failed`);
  publisher.on('error', warn('publisher'));
  subscriber.on('error', warn('subscriber'));
  subscriber.on('message', (channel: string, scope: string) => {
    if (channel === options.channel) local.clear(scope);
  });

  await connect(publisher, subscriber, options.channel);
  // 'ready' comes again after a reconnection, before ioredis has subscribed again: subscribing
  // here too (Redis ignores the repeat) says when messages arrive again, and from then on
  // nothing missed meanwhile is kept.
  subscriber.on('ready', () => {
    subscriber.subscribe(options.channel).then(() => local.clearAll(), warn('subscribing again'));
  });

  return {
    invalidate(scope) {
      local.clear(scope);
      publisher.publish(options.channel, scope).catch(warn('publishing'));
    },
    onInvalidate: (scope, clear) => local.on(scope, clear),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

async function connect(publisher: Redis, subscriber: Redis, channel: string) {
  const ready = Promise.all([publisher.connect(), subscriber.connect().then(() => subscriber.subscribe(channel))]);
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
}

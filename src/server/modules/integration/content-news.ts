import { z } from 'zod';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { savedSearchContentNews } from './saved-search-matching.ts';
import { ruleDeliveryContentNews } from './rule-delivery.ts';
import { webhookContentNews } from './webhook-events.ts';

export const CONTENT_NEWS_QUEUE = 'integration.content-news';

/** A story published, corrected or killed at the desk: what the integration tells and delivers (issue 30). */
const contentNewsSchema = z.object({
  itemId: z.number().int().positive(),
  event: z.enum(['published', 'corrected', 'killed']),
  /** The item's ninjs `version` the news is about: a correction is news again, the same one twice is not. */
  revision: z.number().int(),
});
export type ContentNews = z.infer<typeof contentNewsSchema>;

/** One channel the news reaches; each is idempotent per item, event and revision. */
export type ContentNewsHandler = (deps: JobDeps, news: ContentNews) => Promise<Record<string, number>>;

/**
 * Every channel, in order: webhooks subscribed to the event, saved searches the item matches (and
 * their alerts), automatic delivery rules. A handler that throws fails the job, which runs again;
 * the handlers before it find their work done.
 */
export const CONTENT_NEWS_HANDLERS: ContentNewsHandler[] = [
  // Corrections and kills to every endpoint of those who received the item.
  webhookContentNews,
  // Saved searches the item now matches, and their alerts.
  savedSearchContentNews,
  // Delivery rules of the searches it matched (after the matching above); a kill's cancel sidecars.
  ruleDeliveryContentNews,
];

export async function spreadContentNews(deps: JobDeps, news: ContentNews): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const handler of CONTENT_NEWS_HANDLERS) Object.assign(counts, await handler(deps, news));
  return counts;
}

export const contentNewsJob: JobDefinition = {
  queue: CONTENT_NEWS_QUEUE,
  expireInSeconds: 600,
  // Publish to webhook delivered within 2 s: this hop and the send's look twice a second.
  pollingIntervalSeconds: 0.5,
  key: (data) => {
    const news = contentNewsSchema.safeParse(data);
    return news.success ? `${news.data.event}:${news.data.itemId}:${news.data.revision}` : undefined;
  },
  run: async (deps, data) => {
    const news = contentNewsSchema.safeParse(data);
    return news.success ? spreadContentNews(deps, news.data) : {};
  },
};

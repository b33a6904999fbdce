import { inArray } from 'drizzle-orm';
import type { LiveAccess, LiveEventStatus } from '../../../common/live.ts';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../security/crypto.ts';
import { tags } from '../catalogue/schema.ts';
import { liveEvents, liveEventTags } from './schema.ts';

/** The yellow alert bar of the demo links to this event. */
export const DEMO_LIVE_SLUG = 'flood-relief-press-conference';

type DemoEvent = {
  slug: string;
  title: string;
  status: LiveEventStatus;
  /** Hours from now. */
  startsIn: number;
  access: LiveAccess;
  location: string;
  languages: string[];
  description: string;
  tagSlugs: string[];
};

const HOUR = 3600_000;

const DEMO_EVENTS: DemoEvent[] = [
  {
    slug: DEMO_LIVE_SLUG,
    title: 'Flood relief plan: press conference',
    status: 'live',
    startsIn: -0.25,
    access: 'free',
    location: 'Dhaka, Bangladesh',
    languages: ['en', 'ar'],
    description: 'The disaster management minister presents the flood relief plan and takes questions.',
    tagSlugs: ['floods', 'humanitarian-aid'],
  },
  {
    slug: 'security-council-emergency-session',
    title: 'UN Security Council: emergency session',
    status: 'confirmed',
    startsIn: 3,
    access: 'pool',
    location: 'New York, United States',
    languages: ['en', 'es', 'ru', 'ar'],
    description: 'The Security Council meets in an emergency session. Speeches by the members, then a vote.',
    tagSlugs: ['diplomacy', 'summits'],
  },
  {
    slug: 'launch-from-baikonur',
    title: 'Crewed launch from Baikonur',
    status: 'delayed',
    startsIn: 6,
    access: 'free',
    location: 'Baikonur, Kazakhstan',
    languages: ['en', 'ru'],
    description: 'A crew of three lifts off for the space station. The launch was moved by two hours for the weather.',
    tagSlugs: ['space'],
  },
  {
    slug: 'election-night-results-centre',
    title: 'Election night: results centre',
    status: 'next',
    startsIn: 26,
    access: 'client',
    location: 'Madrid, Spain',
    languages: ['es', 'en'],
    description: 'Results as they come in, with the parties’ headquarters and the count centre.',
    tagSlugs: ['elections'],
  },
  {
    slug: 'city-marathon-finish-line',
    title: 'City marathon: the finish line',
    status: 'finished',
    startsIn: -26,
    access: 'free',
    location: 'Berlin, Germany',
    languages: ['en'],
    description: 'The leaders cross the finish line at the Brandenburg Gate.',
    tagSlugs: ['athletics'],
  },
  {
    slug: 'trade-summit-arrivals',
    title: 'Trade summit: leaders arrive',
    status: 'canceled',
    startsIn: 10,
    access: 'free',
    location: 'Paris, France',
    languages: ['en', 'es'],
    description: 'The arrivals were called off when the summit was postponed.',
    tagSlugs: ['trade', 'summits'],
  },
];

/** Upcoming, live, finished and canceled events for the demo, filed under the catalogue's tags where they exist. */
export async function seedDemoLiveEvents(db: Db, now: Date) {
  const [existing] = await db.select({ id: liveEvents.id }).from(liveEvents).limit(1);
  if (existing) return;
  const made = await db
    .insert(liveEvents)
    .values(
      DEMO_EVENTS.map((event) => ({
        slug: event.slug,
        title: event.title,
        description: event.description,
        status: event.status,
        startAt: new Date(now.getTime() + event.startsIn * HOUR),
        access: event.access,
        location: event.location,
        languages: event.languages,
        quality: '1080p',
        audiotrack: 'Natural sound',
        format: '16:9',
        streamKey: randomToken(18),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: liveEvents.id, slug: liveEvents.slug });
  const wanted = [...new Set(DEMO_EVENTS.flatMap((event) => event.tagSlugs))];
  const known = await db.select({ id: tags.id, slug: tags.slug }).from(tags).where(inArray(tags.slug, wanted));
  const links = made.flatMap((row) => {
    const event = DEMO_EVENTS.find((demo) => demo.slug === row.slug);
    return known.filter((tag) => event?.tagSlugs.includes(tag.slug)).map((tag) => ({ eventId: row.id, tagId: tag.id }));
  });
  if (links.length > 0) await db.insert(liveEventTags).values(links);
}

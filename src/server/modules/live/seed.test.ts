import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventsResponseSchema } from '../../../common/live.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { liveEvents } from './schema.ts';
import { DEMO_LIVE_SLUG, seedDemoLiveEvents } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo’s live events', () => {
  it('live, upcoming, finished and canceled ones, seeded once; the list shows the live one first and not the finished or canceled', async () => {
    await seedDemoLiveEvents(t.database.db, t.services.clock.now());
    await seedDemoLiveEvents(t.database.db, t.services.clock.now());
    const rows = await t.database.db.select().from(liveEvents);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['live', 'confirmed', 'delayed', 'next', 'finished', 'canceled']));
    expect(rows).toHaveLength(6);
    const list = liveEventsResponseSchema.parse((await new Browser(t.app).get('/api/content/live/events')).json());
    expect(list.live_events[0]?.slug).toBe(DEMO_LIVE_SLUG);
    expect(list.live_events.map((event) => event.status)).toEqual(['live', 'confirmed', 'delayed', 'next']);
  });
});

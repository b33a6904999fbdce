import type { TestApp } from '../../test/harness.ts';
import { jobTitles } from '../reference/schema.ts';
import { broadcastEvents, broadcastTowns } from './schema.ts';

const same = (text: string) => ({ en: text, es: `${text} (es)`, ru: `${text} (ru)`, ar: `${text} (ar)` });

/** The broadcast tests' towns, events and booking forms, on a test app. */
export function broadcastFixtures(t: TestApp) {
  async function createTown(overrides: Partial<typeof broadcastTowns.$inferInsert> = {}) {
    const slug = overrides.slug ?? `town-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await t.database.db
      .insert(broadcastTowns)
      .values({
        slug,
        names: same(`Town ${slug}`),
        features: { en: ['Studio', 'Uplink'], es: ['Estudio'], ru: ['Студия'], ar: ['استوديو'] },
        photos: ['studio', 'skyline'],
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('no town');
    return row;
  }

  async function createEvent(startsAt: Date, hours = 2, title = 'Summit') {
    const [row] = await t.database.db
      .insert(broadcastEvents)
      .values({
        startsAt,
        endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
        country: 'DE',
        city: same('Berlin'),
        titles: same(title),
      })
      .returning();
    if (!row) throw new Error('no event');
    return row;
  }

  async function bookingForm(overrides: Record<string, unknown> = {}) {
    const [title] = await t.database.db.select().from(jobTitles).limit(1);
    return {
      first_name: 'Bea',
      last_name: 'Booker',
      phone: '+49 30 7654321',
      email: `bea-${Math.random().toString(36).slice(2, 7)}@sender.example`,
      job_title_id: title?.id,
      company: 'Sender Süd',
      date: '2026-12-01',
      details: 'Two-camera interview, 30 minutes',
      privacy_accepted: true,
      ...overrides,
    };
  }

  return { createTown, createEvent, bookingForm };
}

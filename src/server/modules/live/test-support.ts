import { liveEventConsoleSchema, type LiveEventConsole, type LiveEventInput } from '../../../common/live.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';

/** A time `n` hours from the test clock's now, as the console sends it. */
export const hoursFrom = (t: TestApp, n: number) => new Date(t.services.clock.now().getTime() + n * 3600_000).toISOString();

/** An event made through the console's call, starting in two hours unless told otherwise. */
export async function createLiveEvent(t: TestApp, admin: Browser, fields: Partial<LiveEventInput> = {}): Promise<LiveEventConsole> {
  const answer = await admin.post('/api/admin/content/live/events', {
    live_event: { title: `Event ${Math.random().toString(36).slice(2, 8)}`, start_at: hoursFrom(t, 2), ...fields },
  });
  if (answer.statusCode !== 201) throw new Error(`the console answered ${answer.statusCode}: ${answer.body}`);
  return liveEventConsoleSchema.parse(answer.json());
}

/** Reads until it has a value, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

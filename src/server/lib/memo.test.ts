import { describe, expect, it } from 'vitest';
import { memo } from './memo.ts';

describe('memo', () => {
  it('loads once per key until the time runs out, and forgets failures', async () => {
    let time = 0;
    let loads = 0;
    const cached = memo<string, number>({ ttlMs: 1000, max: 2, now: () => time });
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await cached('a', load)).toBe(1);
    expect(await cached('a', load)).toBe(1);
    time = 1001;
    expect(await cached('a', load)).toBe(2);
    await expect(cached('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached('b', load)).toBe(3);
  });

  it('keeps at most `max` keys', async () => {
    const cached = memo<string, string>({ ttlMs: 1000, max: 1, now: () => 0 });
    await cached('a', async () => 'first a');
    await cached('b', async () => 'b');
    expect(await cached('a', async () => 'second a')).toBe('second a');
  });

  it('runs a query that runs again whenever it is awaited (a Drizzle query) once', async () => {
    let runs = 0;
    const query = {
      then<T>(resolve: (value: number) => T) {
        runs += 1;
        return Promise.resolve(resolve(runs));
      },
      catch: () => query,
    };
    const cached = memo<string, number>({ ttlMs: 1000, max: 2, now: () => 0 });
    expect(await cached('categories', () => query as unknown as Promise<number>)).toBe(1);
    expect(await cached('categories', () => query as unknown as Promise<number>)).toBe(1);
    expect(runs).toBe(1);
  });
});

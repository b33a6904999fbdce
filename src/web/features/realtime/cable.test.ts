import { Connection, ConnectionMonitor } from '@rails/actioncable';
import { describe, expect, it } from 'vitest';
import './cable.ts';

/** The real-time client's timings (spec: content §4 "Websocket: stale 6 s, poll 3 to 30 s, reopen 500 ms"). */
describe('the cable client', () => {
  it('counts a connection stale after 6 s without a ping and reopens it after 500 ms', () => {
    expect(ConnectionMonitor.staleThreshold).toBe(6);
    expect(Connection.reopenDelay).toBe(500);
  });

  it('polls between 3 and 30 seconds, longer after each failed attempt', () => {
    const intervals = [0, 1, 5, 20, 80].map((attempts) => {
      const monitor = Object.assign(Object.create(ConnectionMonitor.prototype) as { getPollInterval(): number }, {
        reconnectAttempts: attempts,
      });
      return monitor.getPollInterval();
    });
    for (const ms of intervals) {
      expect(ms).toBeGreaterThanOrEqual(3000);
      expect(ms).toBeLessThanOrEqual(30_000 * 1.25);
    }
    expect(intervals[0]).toBeLessThan(intervals[4] ?? 0);
  });
});

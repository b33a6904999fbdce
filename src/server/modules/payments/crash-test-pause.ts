import type { PausePoint } from './purchases.ts';

/**
 * PAYMENT_CRASH_TEST_PAUSES (crash tests only; config refuses it in production): a purchase whose
 * idempotency key starts with `pause-{point}` stops there for good (its promise never settles),
 * after saying so on standard output, so the test can kill the process with purchases parked at
 * known points (purchase-crash.test.ts).
 */
export async function crashTestPause(point: PausePoint, key: string): Promise<void> {
  if (!key.startsWith(`pause-${point}`)) return;
  console.log(JSON.stringify({ paused: point, key }));
  await new Promise<never>(() => undefined);
}

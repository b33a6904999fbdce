/**
 * The server's test files that take longest, slowest first, from a run on a fresh clone (vitest's
 * JSON reporter, 2026-11-30). Most of them wait on ffmpeg, on a server process starting again or
 * on timers, not on the processor, so vitest.sequencer.ts spreads them through the start of the
 * run, next to files that work: left to the default order they ran last on a fresh clone, being
 * small files (the two crash tests, 14 s each, were the last 15 s of `npm test`). A file missing
 * here only runs where vitest puts it; a new slow one belongs here.
 */
export const SLOW_FILES = [
  'src/server/modules/live/stream.test.ts',
  'src/server/modules/live/srt-ingest.test.ts',
  'src/server/modules/live/srt-stream.test.ts',
  'src/server/modules/payments/purchase-crash-stripe.test.ts',
  'src/server/seed/demo-media.test.ts',
  'src/server/modules/payments/purchase-crash.test.ts',
  'src/server/modules/live/ingest.test.ts',
  'src/server/modules/downloads/flow.test.ts',
  'src/server/modules/media/server-shutdown.test.ts',
];

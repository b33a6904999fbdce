import { defineConfig } from 'vitest/config';
import { SlowFilesSpread } from './vitest.sequencer.ts';

/*
 * Two projects: the server's tests share each worker's loaded modules (isolate: false), which takes
 * two minutes of importing the same server modules again out of `npm test` (docs/performance.md,
 * issue 26); each file still opens its own database. The browser app's tests keep their isolation:
 * they set module state (the translation catalogue, stubbed globals) that the next file must not see.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // Three workers on two cores: half of a worker's time is waiting (ffmpeg streaming in real
    // time, servers starting again, timers), and the slow files are spread through the run
    // (vitest.sequencer.ts) so one waits while two work. Two workers took 3 min 58 s on a fresh
    // clone, three 3 min 22 s, four 3 min 26 s with more contention (docs/performance.md). Set on
    // each project: `--maxWorkers` on the command line does not reach them.
    maxWorkers: 3,
    testTimeout: 20_000,
    sequence: { sequencer: SlowFilesSpread },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts'],
          isolate: false,
          // The migrated database every file copies (its own PGlite, or a PostgreSQL database made from it).
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'web', include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'] } },
    ],
  },
});

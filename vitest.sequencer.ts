import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SLOW_FILES } from './src/server/test/slow-files.ts';

/** Other files between two slow ones: with three workers, mostly one slow file runs at a time. */
const SPACING = 8;

/**
 * Vitest's order (its cache of the last run's durations when there is one, else larger files
 * first), except that the files known to be slow (src/server/test/slow-files.ts), which
 * mostly wait, are spread through the first part of the run, slowest first: started together they
 * left the processor idle (three live tests at once: 80 % idle for 25 s), started last (small files,
 * vitest's default order on a fresh clone) they were the run's tail.
 */
export class SlowFilesSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.indexOf(path.relative(file.project.config.root, file.moduleId));
      return index === -1 ? SLOW_FILES.length : index;
    };
    const slow = sorted.filter((file) => rank(file) < SLOW_FILES.length).sort((a, b) => rank(a) - rank(b));
    const rest = sorted.filter((file) => rank(file) === SLOW_FILES.length);
    const out: TestSpecification[] = [];
    for (const file of slow) {
      out.push(file, ...rest.splice(0, SPACING));
    }
    return [...out, ...rest];
  }
}

import type { FailedActionListener } from './api-client.ts';
import type { PageReporting } from './uncaught-errors.ts';

type ErrorTarget = Pick<Window, 'addEventListener'>;

/**
 * A reporter that cannot load (its chunk failed) leaves reporting off for this page: reporting that
 * would need the very code that failed to load, and an unhandled rejection here would come back
 * through the page's own listener.
 */
const reportingOff = () => undefined;

/**
 * The first page's part of error reporting (spec content §8): it only listens, and hands uncaught
 * errors, unhandled rejections and failed actions to the reporter, which `load` fetches with the
 * page's first failure; pages that fail at nothing never fetch it. Returns the listener of failed actions.
 */
export function listenForFailures(target: ErrorTarget, load: () => Promise<PageReporting>): FailedActionListener {
  let loaded: Promise<PageReporting> | null = null;
  const reporting = () => (loaded ??= load());
  const onEvent = (event: Event) => {
    // Leaving the page sends what waits; with no reporter loaded, nothing does.
    if (event.type !== 'pagehide' || loaded)
      reporting()
        .then((loadedReporting) => loadedReporting.handleEvent(event))
        .catch(reportingOff);
  };
  for (const type of ['error', 'unhandledrejection', 'pagehide']) target.addEventListener(type, onEvent);
  return (...failure) => {
    reporting()
      .then((loadedReporting) => loadedReporting.handleFailedAction(...failure))
      .catch(reportingOff);
  };
}

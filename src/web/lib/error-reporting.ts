import { retryAfterMs } from './api-client.ts';
import type { ErrorReporter, Failure } from './error-reporter.ts';
import type { ReportSink } from './uncaught-errors.ts';

let loaded: Promise<ErrorReporter> | null = null;
const reporter = () => (loaded ??= import('./page-reporter.ts').then((module) => module.pageReporter(retryAfterMs)));

/**
 * A reporter that cannot load (its chunk failed) leaves reporting off for this page: reporting that
 * would need the very code that failed to load, and an unhandled rejection here would come back
 * through the page's own listener.
 */
const reportingOff = () => undefined;

/**
 * The page's error reporting: the reporter (src/web/lib/page-reporter.ts) loads with the first
 * failure, so pages that fail at nothing never fetch it.
 */
export const errorReporting: ReportSink = {
  report(failure: Failure) {
    reporter()
      .then((loadedReporter) => loadedReporter.report(failure))
      .catch(reportingOff);
  },
  flush() {
    loaded?.then((loadedReporter) => loadedReporter.flush()).catch(reportingOff);
  },
};

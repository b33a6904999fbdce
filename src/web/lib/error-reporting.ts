import { afterFirstLoad } from './after-first-load.ts';
import { onFailedAction } from './api.ts';
import type { FailedActionListener } from './api-client.ts';

/** A failure seen before the reporter loaded: an `error` or `unhandledrejection` event, or a failed action. */
export type EarlyFailure = [Event] | Parameters<FailedActionListener>;

/** Reporting that cannot load (its chunk failed) stays off for this page: reporting that would need the very code that failed. */
const reportingOff = () => undefined;

/**
 * The first page's part of error reporting (spec content §8): it only keeps what fails until the
 * page has loaded, then loads the reporter (page-reporter.ts), which takes over the listening and
 * reports what was kept. So the first page's script budget carries a few lines, not the reporter.
 */
export function startErrorReporting(target: Window): void {
  const early: EarlyFailure[] = [];
  const keep = (event: Event) => void early.push([event]);
  target.addEventListener('error', keep);
  target.addEventListener('unhandledrejection', keep);
  onFailedAction((...failure) => void early.push(failure));
  void afterFirstLoad()
    .then(() => import('./page-reporter.ts'))
    .then((module) => module.startPageReporting(target, early, keep))
    .catch(reportingOff);
}

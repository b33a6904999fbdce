import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { DELIVER_QUEUE, deliverRequested } from './ftp-delivery.ts';
import { failRequests, RENDER_QUEUE, renderRequested, type RenderDeps } from './render.ts';
import { buildStatsReport, STATS_REPORT_QUEUE } from './stats-report.ts';

export { RENDER_QUEUE };

const keyOf = (data: object) => ('renditionKey' in data && typeof data.renditionKey === 'string' ? data.renditionKey : undefined);
const renderDeps = (deps: JobDeps, signal?: AbortSignal): RenderDeps => ({
  db: deps.db,
  clock: deps.clock,
  files: deps.files,
  broadcast: deps.broadcast,
  jobs: deps.jobs,
  signal,
});

/**
 * Renders a requested rendition: one run per rendition key at a time (the stately policy keyed by
 * it), however many users asked. A render may take many minutes, so a lost one is found by its
 * missing heartbeat (10 s, the least pg-boss allows) rather than by its expiry, and retried 5 s
 * later: a killed worker's render starts again within a minute. After the last try (however it
 * failed), the dead-letter queue fails the requests and gives their charges back.
 */
export const renderJob: JobDefinition = {
  queue: RENDER_QUEUE,
  expireInSeconds: 3 * 3600,
  heartbeatSeconds: 10,
  retryDelaySeconds: 5,
  key: keyOf,
  run: (deps, data, signal) => renderRequested(renderDeps(deps, signal), { renditionKey: keyOf(data) }),
  async failed(deps, data) {
    const key = keyOf(data);
    if (key) await failRequests(renderDeps(deps), key, 'render_failed');
  },
};

/** Uploads a ready file to the customer's FTP/SFTP server; a failure is the customer's to fix, so it is told, not retried. */
export const deliverJob: JobDefinition = {
  queue: DELIVER_QUEUE,
  expireInSeconds: 3600,
  heartbeatSeconds: 20,
  key: (data) => ('requestId' in data ? String(data.requestId) : undefined),
  run: (deps, data) =>
    deliverRequested(
      { db: deps.db, clock: deps.clock, files: deps.files, outbound: deps.outbound, broadcast: deps.broadcast },
      { requestId: 'requestId' in data && typeof data.requestId === 'number' ? data.requestId : undefined },
    ),
};

/** Builds a user's CSV of downloads; one waiting per user at a time. */
export const statsReportJob: JobDefinition = {
  queue: STATS_REPORT_QUEUE,
  expireInSeconds: 600,
  key: (data) => ('userId' in data ? String(data.userId) : undefined),
  run: (deps, data) => buildStatsReport(deps, { userId: 'userId' in data && typeof data.userId === 'number' ? data.userId : undefined }),
};

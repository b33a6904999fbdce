import { expireAgreements, expireBalances, refillBalances } from '../modules/agreements/jobs.ts';
import { deliverJob, renderJob, statsReportJob } from '../modules/downloads/jobs.ts';
import { recordJob } from '../modules/live/recordings.ts';
import { liveStartingJob } from '../modules/live/starting-notices.ts';
import { storyboardJob } from '../modules/media/storyboard-render.ts';
import { publishDueJob } from '../modules/newsroom/life-cycle.ts';
import { noticeJob } from '../modules/newsroom/notices.ts';
import { reconcileJob } from '../modules/payments/reconciliation.ts';
import { renewPasses } from '../modules/payments/renewals.ts';
import { pushJob } from '../modules/push/notify.ts';
import { dropFolderJob } from '../modules/newsroom/ingest/drop-folder.ts';
import { ingestJob } from '../modules/newsroom/ingest/pipeline.ts';
import { pruneClientErrorsJob } from '../modules/client-errors/service.ts';
import { mailUnreadRepliesJob } from '../modules/support/reply-mails.ts';
import { contentNewsJob } from '../modules/integration/content-news.ts';
import { ruleDeliveryJob } from '../modules/integration/rule-upload.ts';
import { savedSearchDigestJob } from '../modules/integration/saved-search-digest.ts';
import { webhookSendJob } from '../modules/integration/webhook-delivery.ts';
import type { JobDefinition } from './definition.ts';

/**
 * Every queue the workers serve, by domain. The periodic agreement jobs run every ten minutes:
 * each is cheap when nothing is due, so a month's refill or an agreement's expiry lands within
 * ten minutes of its time, also after the process was down across it.
 */
export const JOB_QUEUES: readonly JobDefinition[] = [
  { queue: 'agreements.refill-balances', schedule: '*/10 * * * *', expireInSeconds: 300, run: refillBalances },
  { queue: 'agreements.expire-agreements', schedule: '*/10 * * * *', expireInSeconds: 300, run: expireAgreements },
  { queue: 'agreements.expire-balances', schedule: '*/10 * * * *', expireInSeconds: 300, run: expireBalances },
  // Hourly: a renewal is due on its invoice date, and a retry days after a failure.
  { queue: 'payments.renew-passes', schedule: '7 * * * *', expireInSeconds: 900, run: renewPasses },
  // Every minute: a purchase a crash left pending is finished or released soon after its grace period.
  reconcileJob,
  renderJob,
  deliverJob,
  statsReportJob,
  recordJob,
  storyboardJob,
  pushJob,
  liveStartingJob,
  ingestJob,
  dropFolderJob,
  // Every minute: a scheduled story is published within a minute of its time, by whichever worker takes it.
  publishDueJob,
  noticeJob,
  contentNewsJob,
  ruleDeliveryJob,
  // Hourly: each user's daily digest of saved-search matches, at most once a day.
  savedSearchDigestJob,
  // At once when an event is raised, and every minute for due retries.
  webhookSendJob,
  pruneClientErrorsJob,
  // Every minute: a chat reply left unread is e-mailed once.
  mailUnreadRepliesJob,
];
